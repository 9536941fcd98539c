import { test } from '@playwright/test';
import { bookAtFirstSight, holdApp } from './earlyInput';

// Issue 21 in hotel mode (the booking screen is prerendered here too; the others get the app shell).
// Nights 140 to 150 from today (see hotelFlows.ts for the nights other specs use).

test('hotel mode: dates typed, a count chosen and Book pressed the moment each is visible all take effect', async ({ page }) => {
  await bookAtFirstSight(page, 'Suit Room', '1', [140, 142]);
});

test('hotel mode: the same before the app runs, booked once it does', async ({ page }) => {
  const release = await holdApp(page);
  await bookAtFirstSight(page, 'Classic Room', '2', [144, 146], { release });
});

test('hotel mode: from home, Book Now and the booking before the app runs, booked once it does', async ({ page }) => {
  const release = await holdApp(page);
  await bookAtFirstSight(page, 'Suit Room', '1', [148, 150], { release, fromHome: true });
});
