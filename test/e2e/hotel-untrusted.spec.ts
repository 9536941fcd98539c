import { randomInt } from 'node:crypto';
import { expect, test } from '@playwright/test';
import type { Page } from '@playwright/test';
import { signIn } from './hotelFlows';

// Issue 12: text the hotel stores shows as text in the site. Issue 25: an import applies the
// rules a confirm does, so a backup's markup in a room name or email is refused, record by
// record with why, and the refusal shows it as text.

const payloads = ['<img src=x onerror="window.__pwned=1">', '<script>window.__pwned=1</script>@example.com'];

/** Had the payload been rendered as markup, its elements would be in the page by now. */
async function notPwned(page: Page) {
  await expect(page.locator('[onerror], img[src="x"], body script:not([src])')).toHaveCount(0);
  expect(await page.evaluate(() => (window as unknown as { __pwned?: unknown }).__pwned)).toBeUndefined();
}

test('hotel mode: a browser backup holding HTML is refused record by record with why, shown as text; its clean record imports', async ({
  page,
}) => {
  test.setTimeout(60_000);
  const [cleanId, roomId, emailId] = Array.from({ length: 3 }, () => `BK${randomInt(100000, 1000000)}`);
  // A stay from before: a backup holds the bookings already made.
  const clean = {
    bookingId: cleanId,
    roomName: 'Classic Room',
    checkIn: '2024-02-01',
    checkOut: '2024-02-02',
    totalPrice: 4000,
    email: 'clean@example.com',
  };
  const records = [clean, { ...clean, bookingId: roomId, roomName: payloads[0] }, { ...clean, bookingId: emailId, email: payloads[1] }];

  await page.goto('/admin-bookings');
  await signIn(page);
  await page.getByLabel('Import a browser backup').setInputFiles({
    name: 'hotel-bookings.json',
    mimeType: 'application/json',
    buffer: Buffer.from(JSON.stringify(records)),
  });
  await expect(page.getByText('Imported 1 booking. 2 bookings were not imported:')).toBeVisible();
  await expect(page.getByText(`${roomId}: roomName: must be a room type of this hotel (Classic Room, Suit Room)`)).toBeVisible();
  await expect(page.getByText(`${emailId}: email: must be an email address of at most 254 characters`)).toBeVisible();
  await notPwned(page);

  await page.getByRole('searchbox', { name: 'Search bookings' }).fill(cleanId!);
  await expect(page.getByRole('row', { name: new RegExp(cleanId!) })).toContainText('clean@example.com');
  await page.goto('/view-bookings');
  await expect(page.getByRole('article', { name: cleanId })).toBeVisible();
  await notPwned(page);
});
