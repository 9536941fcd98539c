import { randomInt } from 'node:crypto';
import { expect, test } from '@playwright/test';
import type { Page } from '@playwright/test';
import { signIn } from './hotelFlows';

// Issue 12: text the hotel stores shows as text in the site. A browser backup may hold anything
// in a room name or email (the import keeps what it cannot check, as the browser-only site did).

const payloads = ['<img src=x onerror="window.__pwned=1">', '<script>window.__pwned=1</script>'];

/** Had the payload been rendered as markup, its elements would be in the page by now. */
async function notPwned(page: Page) {
  await expect(page.locator('[onerror], img[src="x"], body script:not([src])')).toHaveCount(0);
  expect(await page.evaluate(() => (window as unknown as { __pwned?: unknown }).__pwned)).toBeUndefined();
}

test('hotel mode: a browser backup holding HTML, imported by the admin, shows as text in the admin dashboard and All Booked Rooms', async ({
  page,
}) => {
  test.setTimeout(60_000);
  const bookingId = `BK${randomInt(100000, 1000000)}`;
  const record = { bookingId, roomName: payloads[0], checkIn: null, checkOut: null, totalPrice: 0, email: payloads[1] };

  await page.goto('/admin-bookings');
  await signIn(page);
  await page.getByLabel('Import a browser backup').setInputFiles({
    name: 'hotel-bookings.json',
    mimeType: 'application/json',
    buffer: Buffer.from(JSON.stringify([record])),
  });
  await expect(page.getByText('Imported 1 booking.')).toBeVisible();

  await page.getByRole('searchbox', { name: 'Search bookings' }).fill(bookingId);
  const row = page.getByRole('row', { name: new RegExp(bookingId) });
  await expect(row.getByRole('cell', { name: payloads[0] })).toBeVisible();
  await expect(row.getByRole('cell', { name: payloads[1] })).toBeVisible();
  await notPwned(page);

  await page.goto('/view-bookings');
  await expect(page.getByText(payloads[0]!).first()).toBeVisible();
  await notPwned(page);
});
