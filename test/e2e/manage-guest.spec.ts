import { expect, test } from '@playwright/test';
import { booking, seedBookings, storedBookings } from './manage-seed';

const records = [
  booking({ bookingId: 'BK654321', roomName: 'Suit Room', rooms: 2, totalPrice: 16000, email: 'old@example.com' }),
  booking(),
];

test.describe('portal', () => {
  test('alerts on a blank Booking ID and on spaces only', async ({ page }) => {
    await page.goto('/booking-portal');
    await expect(page).toHaveTitle('Hotel Booking Portal');
    const alerts: string[] = [];
    page.on('dialog', (dialog) => {
      alerts.push(dialog.message());
      void dialog.accept();
    });
    await page.getByRole('button', { name: 'View Your Booking' }).click();
    // Pressed again before anything answered, it would be one press (src/shared/earlyForm.ts): wait for the answer.
    await expect.poll(() => alerts).toHaveLength(1);
    await page.getByLabel('Booking ID').fill('    ');
    await page.getByRole('button', { name: 'View Your Booking' }).click();
    await expect.poll(() => alerts).toEqual(['Please enter your Booking ID!', 'Please enter your Booking ID!']);
    await expect(page).toHaveURL(/\/booking-portal$/);
  });

  test('looks a booking up by a trimmed, lower-case ID', async ({ page }) => {
    await seedBookings(page, records);
    await page.goto('/booking-portal');
    await page.getByLabel('Booking ID').fill('  bk654321  ');
    await page.getByLabel('Booking ID').press('Enter');
    await expect(page).toHaveURL(/\/customer-booking\/BK654321$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Your Booking Details');
  });

  test('takes staff to the admin dashboard', async ({ page }) => {
    await page.goto('/booking-portal');
    await page.getByRole('link', { name: 'Admin View Bookings' }).click();
    await expect(page).toHaveURL(/\/admin-bookings$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Admin Booking Dashboard');
  });
});

test.describe('guest view', () => {
  test('shows the booking, saves a new email, and the admin table shows it after a reload', async ({ page }) => {
    await seedBookings(page, records);
    await page.goto('/customer-booking/BK654321');
    await expect(page).toHaveTitle('Your Booking Details');
    const details = page.locator('dl');
    for (const text of ['BK654321', 'Suit Room', '12/01/2026', '12/03/2026', '2', '₹16,000'])
      await expect(details.getByText(text, { exact: true })).toBeVisible();
    const email = page.getByRole('textbox', { name: 'Email' });
    await expect(email).toHaveValue('old@example.com');

    await email.fill('new.guest@example.com');
    await page.getByRole('button', { name: 'Save Email' }).click();
    await expect(page.getByRole('status')).toHaveText('Email saved successfully!');
    expect(await storedBookings(page)).toEqual([expect.objectContaining({ ...records[0], email: 'new.guest@example.com' }), records[1]]);

    await page.goto('/admin-bookings');
    await page.reload();
    await expect(page.getByRole('row', { name: /BK654321/ })).toContainText('new.guest@example.com');
  });

  test('alerts on a blank email and keeps the stored one', async ({ page }) => {
    await seedBookings(page, records);
    await page.goto('/customer-booking/BK654321');
    const alerts: string[] = [];
    page.on('dialog', (dialog) => {
      alerts.push(dialog.message());
      void dialog.accept();
    });
    await page.getByRole('textbox', { name: 'Email' }).fill('');
    await page.getByRole('button', { name: 'Save Email' }).click();
    await expect.poll(() => alerts).toEqual(['Please enter your email!']);
    expect(await storedBookings(page)).toEqual(records);
  });

  test('shows 1 room for a record from the earlier site', async ({ page }) => {
    const { rooms: _rooms, ...old } = booking({ bookingId: 'BK777777' });
    await seedBookings(page, [old]);
    await page.goto('/customer-booking/BK777777');
    await expect(page.locator('dt', { hasText: 'Number of Rooms' }).locator('+ dd')).toHaveText('1');
  });

  for (const [name, id, shown] of [
    ['an unknown ID', 'BK000001', 'BK000001'],
    ['markup', encodeURIComponent('<img src=x onerror=alert(1)>'), '<img src=x onerror=alert(1)>'],
    ['an over-long ID', 'Z'.repeat(500), `${'Z'.repeat(80)}…`],
  ] as const) {
    test(`says Booking Not Found for ${name}, showing the ID as text`, async ({ page }) => {
      let dialogs = 0;
      page.on('dialog', (dialog) => {
        dialogs += 1;
        void dialog.dismiss();
      });
      await seedBookings(page, records);
      await page.goto(`/customer-booking/${id}`);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Booking Not Found');
      await expect(page.getByText('No booking found with ID:')).toHaveText(`No booking found with ID: ${shown}`);
      await expect(page.locator('main img')).toHaveCount(0);
      expect(dialogs).toBe(0);
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth)).toBe(true);
    });
  }
});

test.describe('all booked rooms', () => {
  test('shows a card per booking and opens its details', async ({ page }) => {
    await seedBookings(page, records);
    await page.goto('/view-bookings');
    await expect(page).toHaveTitle('All Booked Rooms');
    const cards = page.getByRole('article');
    await expect(cards).toHaveCount(2);
    const card = cards.filter({ hasText: 'BK654321' });
    for (const text of ['Confirmed', 'old@example.com', 'Suit Room', '12/01/2026', '12/03/2026', '₹16,000'])
      await expect(card.getByText(text, { exact: true })).toBeVisible();
    await card.getByRole('link', { name: 'View Details' }).click();
    await expect(page).toHaveURL(/\/customer-booking\/BK654321$/);
  });

  test('says so when nothing is booked', async ({ page }) => {
    await page.goto('/view-bookings');
    await expect(page.getByText('No rooms have been booked yet.')).toBeVisible();
  });
});
