import { expect, test } from '@playwright/test';
import type { Page } from '@playwright/test';

async function makeBooking(page: Page, email: string): Promise<string> {
  await page.goto('/booking');
  await page.getByRole('region', { name: 'Classic Room' }).getByLabel('Room(s)').selectOption('1');
  await page.getByRole('region', { name: 'Classic Room' }).getByRole('button', { name: 'Book' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Booking Confirmation' })).toBeVisible();
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Confirm Booking' }).click();
  await expect(page.getByText('Your booking is confirmed! Thank you for choosing our hotel.')).toBeVisible();
  const id = await page
    .locator('dd')
    .filter({ hasText: /^BK\d{6}$/ })
    .first()
    .textContent();
  expect(id).toMatch(/^BK\d{6}$/);
  return id!;
}

async function adminIds(page: Page): Promise<string[]> {
  return (await page.locator('.admin-table__id').allTextContents()).map((t) => t.trim()).sort();
}

async function storedIds(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    (JSON.parse(localStorage.getItem('hotelBookings') ?? '[]') as Array<{ bookingId: string }>).map((b) => b.bookingId).sort(),
  );
}

test('two tabs making and deleting 20 bookings in alternation agree with each other and with storage', async ({ context }) => {
  test.setTimeout(120_000);
  const tabs = [await context.newPage(), await context.newPage()];
  for (const tab of tabs) tab.on('dialog', (dialog) => void dialog.accept());
  await tabs[1]!.goto('/admin-bookings');
  const expected = new Set<string>();

  for (let i = 0; i < 20; i++) {
    const maker = tabs[i % 2]!;
    const watcher = tabs[(i + 1) % 2]!;
    const id = await makeBooking(maker, `guest${i}@example.com`);
    expected.add(id);
    await maker.goto('/admin-bookings');

    // The other tab, open on the dashboard all along, shows the new booking without a reload.
    await expect(watcher.getByRole('cell', { name: id, exact: true })).toBeVisible({ timeout: 1_000 });

    if (i % 2 === 1) {
      // Every second round the watcher deletes the oldest booking still there.
      const oldest = [...expected][0]!;
      // The maker's dashboard shows it first, so that its absence below means the delete reached it.
      await expect(maker.getByRole('cell', { name: oldest, exact: true })).toBeVisible();
      await watcher.getByRole('button', { name: `Delete booking ${oldest}` }).click();
      expected.delete(oldest);
      await expect(maker.getByRole('cell', { name: oldest, exact: true })).toHaveCount(0, { timeout: 1_000 });
    }
  }

  const want = [...expected].sort();
  expect(want).toHaveLength(10);
  for (const tab of tabs) {
    await expect.poll(() => adminIds(tab)).toEqual(want);
    expect(await storedIds(tab)).toEqual(want);
  }
  // And a tab opened now reads the same.
  const late = await context.newPage();
  await late.goto('/admin-bookings');
  await expect.poll(() => adminIds(late)).toEqual(want);
});

test('an email changed in one tab shows in the other without a reload', async ({ context }) => {
  const [guest, admin] = [await context.newPage(), await context.newPage()];
  guest.on('dialog', (dialog) => void dialog.accept());
  const id = await makeBooking(guest, 'before@example.com');
  await admin.goto('/admin-bookings');
  await expect(admin.getByRole('cell', { name: 'before@example.com' })).toBeVisible();
  await guest.goto(`/customer-booking/${id}`);
  await guest.getByLabel('Email').fill('after@example.com');
  await guest.getByRole('button', { name: 'Save Email' }).click();
  await expect(guest.getByText('Email saved successfully!')).toBeVisible();
  await expect(admin.getByRole('cell', { name: 'after@example.com' })).toBeVisible({ timeout: 1_000 });
});
