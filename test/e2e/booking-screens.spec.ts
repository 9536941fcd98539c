import { expect, test } from '@playwright/test';
import { screenshot } from './screenshots';

// The checks that catch a broken layout of the booking and confirmation screens without a person
// looking: no sideways scroll, and the date picker modal inside the viewport. `npm run
// screenshots` also writes each state to screenshots/ for a person to look at.
const today = new Date('2030-03-10T10:00:00');

for (const [width, height] of [
  [1280, 800],
  [360, 740],
] as const) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height } });

    test('booking and confirmation screens fit the screen', async ({ page }) => {
      await page.clock.setFixedTime(today);
      const noSidewaysScroll = async () =>
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);

      await page.goto('/booking');
      await expect(page.getByRole('region', { name: 'Suit Room' }).getByRole('img')).toBeVisible();
      await noSidewaysScroll();
      await screenshot(page, `booking-${width}`, { fullPage: true });

      await page.getByRole('textbox', { name: 'Check-in' }).click();
      const calendar = page.getByRole('application', { name: 'Calendar' });
      await expect(calendar).toBeVisible();
      const box = await calendar.boundingBox();
      expect(box && box.x >= 0 && box.x + box.width <= width).toBe(true);
      // react-dates grows the calendar to a six-week month with a 0.2 s transition: capture its end.
      await screenshot(page, `booking-picker-${width}`, { animations: 'disabled' });

      await calendar.getByRole('button', { name: /March 12, 2030/ }).click();
      await calendar.getByRole('button', { name: /March 15, 2030/ }).click();
      const suit = page.getByRole('region', { name: 'Suit Room' });
      await suit.getByLabel('Room(s)').selectOption('2');
      await expect(page.getByRole('button', { name: 'Reset Selection' })).toBeVisible();
      await page.getByRole('button', { name: 'Search' }).click();
      await expect(suit.getByText('3 nights: ₹12,000 per room')).toBeVisible();
      await suit.getByText('More Info').click();
      await expect(suit.getByRole('list', { name: 'Suit Room details' })).toBeVisible();
      await noSidewaysScroll();
      await screenshot(page, `booking-chosen-${width}`, { fullPage: true });

      await suit.getByRole('button', { name: 'Book' }).click();
      await expect(page.getByRole('button', { name: 'Confirm Booking' })).toBeVisible();
      await noSidewaysScroll();
      await screenshot(page, `booking-details-${width}`, { fullPage: true });

      page.on('dialog', (dialog) => void dialog.accept());
      await page.getByLabel('Email').fill('guest@example.com');
      await page.getByRole('button', { name: 'Confirm Booking' }).click();
      await expect(page.getByText('Your booking is confirmed! Thank you for choosing our hotel.')).toBeVisible();
      await noSidewaysScroll();
      await screenshot(page, `booking-confirmed-${width}`, { fullPage: true });
    });
  });
}
