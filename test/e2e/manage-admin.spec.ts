import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import type { Page } from '@playwright/test';
import { booking, seedBookings, storedBookings } from './manage-seed';

const three = [
  booking({ bookingId: 'BK111111', email: 'asha@example.com', roomName: 'Classic Room', totalPrice: 9000 }),
  booking({ bookingId: 'BK222222', email: 'Ravi.Kumar@Example.org', roomName: 'Suit Room', totalPrice: 12000 }),
  booking({ bookingId: 'BK333111', email: 'meera@example.in', roomName: 'Classic Room' }),
];

const rows = (page: Page) =>
  page
    .getByRole('table')
    .getByRole('row')
    .filter({ has: page.getByRole('cell') });
const search = (page: Page) => page.getByRole('searchbox', { name: 'Search bookings' });

test.describe('admin dashboard', () => {
  test('lists bookings newest first and searches by part of an ID, an email in other case and a room name', async ({ page }) => {
    await seedBookings(page, three);
    await page.goto('/admin-bookings');
    await expect(page).toHaveTitle('Admin Booking Dashboard');
    await expect(rows(page)).toHaveCount(3);
    await expect(rows(page).first()).toContainText('BK333111');
    await expect(rows(page).last()).toContainText('₹9,000');
    await expect(page.getByText('Showing 1–3 of 3 bookings')).toBeVisible();

    await search(page).fill('3111');
    await expect(rows(page)).toHaveCount(1);
    await expect(rows(page)).toContainText('BK333111');
    await search(page).fill('ravi.kumar@EXAMPLE.ORG');
    await expect(rows(page)).toHaveCount(1);
    await expect(rows(page)).toContainText('BK222222');
    await search(page).fill('classic');
    await expect(rows(page)).toHaveCount(2);
    await search(page).fill('no such guest');
    await expect(page.getByText('No bookings found')).toBeVisible();
    await expect(page.getByRole('table')).toHaveCount(0);
  });

  test('deletes a booking only when the dialog is accepted', async ({ page }) => {
    await seedBookings(page, three);
    await page.goto('/admin-bookings');
    const dialogs: string[] = [];
    page.once('dialog', (dialog) => {
      dialogs.push(dialog.message());
      void dialog.dismiss();
    });
    await page.getByRole('button', { name: 'Delete booking BK222222' }).click();
    await expect.poll(() => dialogs).toEqual(['Are you sure you want to delete this booking?']);
    await expect(rows(page)).toHaveCount(3);
    expect(await storedBookings(page)).toEqual(three);

    page.once('dialog', (dialog) => void dialog.accept());
    await page.getByRole('button', { name: 'Delete booking BK222222' }).click();
    await expect(rows(page)).toHaveCount(2);
    await expect(page.getByRole('status').filter({ hasText: 'Booking BK222222 was deleted.' })).toBeVisible();
    expect(await storedBookings(page)).toEqual([three[0], three[2]]);
    await page.reload();
    await expect(rows(page)).toHaveCount(2);
  });

  test('says "No bookings found" when nothing is stored', async ({ page }) => {
    await page.goto('/admin-bookings');
    await expect(page.getByText('No bookings found')).toBeVisible();
  });

  test('downloads CSV and JSON, and restores a backup by merging', async ({ page }) => {
    await seedBookings(page, three);
    await page.goto('/admin-bookings');
    const [csv] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download CSV' }).click()]);
    expect(csv.suggestedFilename()).toMatch(/^hotel-bookings-\d{4}-\d{2}-\d{2}\.csv$/);
    const csvText = (await readFile(await csv.path())).toString('utf8').replace(/^\uFEFF/, '');
    expect(csvText.split('\r\n').slice(0, 2)).toEqual([
      'Booking ID,Email,Room,Check-In,Check-Out,Rooms,Total',
      'BK111111,asha@example.com,Classic Room,2026-12-01,2026-12-03,1,9000',
    ]);

    const [json] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download JSON backup' }).click()]);
    const backup = JSON.parse((await readFile(await json.path())).toString('utf8')) as { format: string; bookings: unknown[] };
    expect(backup).toMatchObject({ format: 'hotelBookings-backup', version: 1, bookings: three });

    // Restore into a store that lost one booking and gained another meanwhile.
    page.once('dialog', (dialog) => void dialog.accept());
    await page.getByRole('button', { name: 'Delete booking BK111111' }).click();
    await expect(rows(page)).toHaveCount(2);
    const file = { name: 'backup.json', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(backup)) };
    await page.getByLabel('Restore JSON backup').setInputFiles(file);
    await expect(page.getByRole('status').filter({ hasText: 'Backup restored' })).toHaveText(
      'Backup restored: 1 booking added, 2 skipped because they were already here.',
    );
    await expect(rows(page)).toHaveCount(3);
    expect(((await storedBookings(page)) as { bookingId: string }[]).map((b) => b.bookingId)).toEqual(['BK222222', 'BK333111', 'BK111111']);
    // A restored booking is a booking again, even one deleted earlier in this tab.
    await page.reload();
    await expect(rows(page)).toHaveCount(3);
    await expect(rows(page).first()).toContainText('BK111111');
  });

  test('rejects a file that is not a backup and changes nothing', async ({ page }) => {
    await seedBookings(page, three);
    await page.goto('/admin-bookings');
    await page
      .getByLabel('Restore JSON backup')
      .setInputFiles({ name: 'notes.json', mimeType: 'application/json', buffer: Buffer.from('{"hello":"world"}') });
    await expect(page.getByRole('alert')).toContainText('This file is not a bookings backup.');
    await expect(rows(page)).toHaveCount(3);
    expect(await storedBookings(page)).toEqual(three);
  });

  test('warns about unreadable stored records and offers them for download', async ({ page }) => {
    await seedBookings(page, [...three, { bookingId: 'BK999999', roomName: 42 }]);
    await page.goto('/admin-bookings');
    const notice = page.getByRole('region', { name: 'Unreadable booking records' });
    await expect(notice).toContainText('1 stored booking record could not be read');
    const [file] = await Promise.all([
      page.waitForEvent('download'),
      notice.getByRole('button', { name: 'Download unreadable records' }).click(),
    ]);
    const kept = JSON.parse((await readFile(await file.path())).toString('utf8')) as { raw: string }[];
    expect(kept.map((entry) => JSON.parse(entry.raw))).toEqual([{ bookingId: 'BK999999', roomName: 42 }]);
    await expect(rows(page)).toHaveCount(3);
  });

  test('stays quick with 10,000 bookings: 50 rows a page and the count of matches', async ({ page }) => {
    const many = Array.from({ length: 10_000 }, (_, i) => booking({ bookingId: `BK${100000 + i}`, email: `guest${i}@example.com` }));
    await seedBookings(page, many);
    await page.goto('/admin-bookings');
    await expect(page.getByText('Showing 1–50 of 10,000 bookings')).toBeVisible();
    await expect(page.getByText('Page 1 of 200')).toBeVisible();
    await expect(rows(page)).toHaveCount(50);
    await expect(rows(page).first()).toContainText('BK109999');
    await page.getByRole('button', { name: 'Next' }).click();
    await expect(page.getByText('Showing 51–100 of 10,000 bookings')).toBeVisible();

    const started = Date.now();
    await search(page).pressSequentially('guest123', { delay: 20 });
    await expect(page.getByText('Showing 1–11 of 11 bookings')).toBeVisible();
    expect(Date.now() - started).toBeLessThan(3000);
  });
});
