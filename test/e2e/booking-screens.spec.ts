import { expect, test } from '@playwright/test';

// Screenshots of the booking and confirmation screens for a person to look at, plus the checks
// that catch a broken layout without one: no sideways scroll at phone width, and the date picker
// modal inside the viewport.
const today = new Date('2030-03-10T10:00:00');

for (const [width, height] of [
  [1280, 800],
  [360, 740],
] as const) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height } });

    test('booking and confirmation screens fit and are captured', async ({ page }) => {
      await page.clock.setFixedTime(today);
      const noSidewaysScroll = async () =>
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);

      await page.goto('/booking');
      await expect(page.getByRole('region', { name: 'Suit Room' }).getByRole('img')).toBeVisible();
      await noSidewaysScroll();
      await page.screenshot({ path: `screenshots/booking-${width}.png`, fullPage: true });

      await page.getByRole('textbox', { name: 'Check-in' }).click();
      const calendar = page.getByRole('application', { name: 'Calendar' });
      await expect(calendar).toBeVisible();
      const box = await calendar.boundingBox();
      expect(box && box.x >= 0 && box.x + box.width <= width).toBe(true);
      // react-dates grows the calendar to a six-week month with a 0.2 s transition: capture its end.
      await page.screenshot({ path: `screenshots/booking-picker-${width}.png`, animations: 'disabled' });

      await calendar.getByRole('button', { name: /March 12, 2030/ }).click();
      await calendar.getByRole('button', { name: /March 15, 2030/ }).click();
      const suit = page.getByRole('region', { name: 'Suit Room' });
      await suit.getByLabel('Room(s)').selectOption('2');
      await page.getByRole('button', { name: 'Search' }).click();
      await suit.getByText('More Info').click();
      await noSidewaysScroll();
      await page.screenshot({ path: `screenshots/booking-chosen-${width}.png`, fullPage: true });

      await suit.getByRole('button', { name: 'Book' }).click();
      await expect(page.getByRole('button', { name: 'Confirm Booking' })).toBeVisible();
      await noSidewaysScroll();
      await page.screenshot({ path: `screenshots/booking-details-${width}.png`, fullPage: true });

      page.on('dialog', (dialog) => void dialog.accept());
      await page.getByLabel('Email').fill('guest@example.com');
      await page.getByRole('button', { name: 'Confirm Booking' }).click();
      await expect(page.getByText('Your booking is confirmed! Thank you for choosing our hotel.')).toBeVisible();
      await noSidewaysScroll();
      await page.screenshot({ path: `screenshots/booking-confirmed-${width}.png`, fullPage: true });
    });
  });
}
