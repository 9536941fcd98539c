import { expect, test } from '@playwright/test';
import type { Page } from '@playwright/test';
import { holdDatePicker, notAdopted, packageCard, typedDay } from './earlyInput';

/**
 * Issue 34 items 0, 3 and 8 on the booking screen, in either mode (booking-dates.spec.ts and
 * hotel-booking-dates.spec.ts): what is wrong with the dates is said where they are, as an error,
 * before and after the picker's code has come, and Book never leaves with dates the hotel refuses.
 */

const checkIn = (page: Page) => page.getByRole('textbox', { name: 'Check-in', exact: true });
const checkOut = (page: Page) => page.getByRole('textbox', { name: 'Check-out', exact: true });
const danger = 'rgb(161, 38, 34)';

/** The message under the dates: an alert, in the error colour, with the spec's words as the spec has them. */
async function expectDatesAlert(page: Page, text: string) {
  const alert = page.getByRole('alert').filter({ hasText: text });
  await expect(alert).toBeVisible();
  await expect(alert).toHaveCSS('color', danger);
  return alert;
}

/** The picker has taken the placeholder's place. */
const pickerCame = (page: Page) => expect(page.locator('.date-range__placeholder')).toHaveCount(0);

export function datesTests(mode: string) {
  for (const key of ['Tab', 'Escape'] as const) {
    test(`${mode}: 99/99/9999 typed in Check-in, then ${key}, says "Date input not valid." before the picker's code has come and after`, async ({
      page,
    }) => {
      const { asked, release } = await holdDatePicker(page);
      await page.goto('/booking');
      await expect.poll(() => notAdopted(page), { timeout: 15_000 }).toBe(false);
      await asked;
      // Before: the placeholder the picker's code would replace.
      await checkIn(page).click();
      await page.keyboard.type('99/99/9999');
      await page.keyboard.press(key);
      await expect(checkIn(page)).toHaveClass(/date-range__placeholder-input/);
      await expectDatesAlert(page, 'Date input not valid.');
      await expect(checkIn(page)).toHaveAttribute('aria-invalid', 'true');
      // The code comes: what the guest typed, and what is wrong with it, stay until they put it right.
      release();
      await page.waitForTimeout(600);
      await expect(checkIn(page)).toHaveValue('99/99/9999');
      await expectDatesAlert(page, 'Date input not valid.');
      await checkIn(page).fill(typedDay(10));
      await expect(page.getByRole('alert')).toHaveCount(0);
      await page.getByRole('heading', { level: 1 }).click();
      await pickerCame(page);

      // After: the picker itself.
      await checkIn(page).click();
      await checkIn(page).press('ControlOrMeta+a');
      await page.keyboard.type('99/99/9999');
      await page.keyboard.press(key);
      await expectDatesAlert(page, 'Date input not valid.');
      await expect(checkIn(page)).toHaveAttribute('aria-invalid', 'true');
      if (key === 'Escape') await expect(page.getByRole('application', { name: 'Calendar' })).toBeHidden();
    });
  }

  for (const [width, height] of [
    [1280, 800],
    [360, 740],
  ] as const) {
    test(`${mode} at ${width} px: dates typed in the wrong order are said to be so, and Book stays on the screen, pointing at it`, async ({
      page,
    }) => {
      await page.setViewportSize({ width, height });
      await page.goto('/booking');
      await pickerCame(page);
      await checkIn(page).fill(typedDay(20));
      await page.keyboard.press('Escape');
      await checkOut(page).fill(typedDay(18));
      await page.keyboard.press('Escape');
      const alert = await expectDatesAlert(page, 'Date input not valid. Check-out must be after check-in.');
      await expect(checkOut(page)).toHaveAttribute('aria-invalid', 'true');
      const suit = packageCard(page, 'Suit Room');
      await suit.getByLabel('Room(s)').selectOption('1');
      await suit.getByRole('button', { name: 'Book' }).click();
      await expect(page).toHaveURL(/\/booking$/);
      await expect(alert).toBeFocused();
      await expect(alert).toBeInViewport();
      await page.getByRole('button', { name: 'Search' }).click();
      await expect(page.getByRole('application', { name: 'Calendar' })).toBeHidden();
      await expect(alert).toBeFocused();
    });
  }

  test(`${mode}: a stay of more than 90 nights is refused where the dates are as soon as it is chosen, and Book stays`, async ({
    page,
  }) => {
    await page.goto('/booking');
    await pickerCame(page);
    await checkIn(page).fill(typedDay(20));
    await page.keyboard.press('Escape');
    await checkOut(page).fill(typedDay(120));
    await page.keyboard.press('Escape');
    const alert = await expectDatesAlert(page, 'A stay can be at most 90 nights. Please choose an earlier check-out date.');
    await expect(alert).not.toContainText('checkOut');
    await packageCard(page, 'Classic Room').getByRole('button', { name: 'Book' }).click();
    await expect(page).toHaveURL(/\/booking$/);
    await expect(alert).toBeFocused();
  });

  test(`${mode} at 1280 px: the picker's calendar opens under the dates, covering neither Check-out nor Search, and an invalid search closes it`, async ({
    page,
  }) => {
    await page.goto('/booking');
    await pickerCame(page);
    await checkIn(page).click();
    const calendar = page.getByRole('application', { name: 'Calendar' });
    await expect(calendar).toBeVisible();
    const box = (await page.locator('.DayPicker').boundingBox())!;
    for (const control of [checkIn(page), checkOut(page), page.getByRole('button', { name: 'Search' })]) {
      const at = (await control.boundingBox())!;
      expect(at.y + at.height, 'the calendar starts below the dates and Search').toBeLessThanOrEqual(box.y);
    }
    await page.keyboard.press('Escape');
    await checkIn(page).fill('13/45/2030');
    await page.getByRole('button', { name: 'Search' }).click();
    await expect(calendar).toBeHidden();
    await expect(page.getByRole('alert').filter({ hasText: 'Date input not valid.' })).toBeFocused();
  });
}
