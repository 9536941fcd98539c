import { randomBytes, randomUUID } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { e2eAdminPassword } from './hotelMode';

const day = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);

for (const width of [1280, 360]) {
  test(`hotel mode at ${width} px: the admin dashboard asks for sign-in, then lists the hotel's bookings and occupancy without sideways scrolling`, async ({
    page,
    request,
  }) => {
    await page.setViewportSize({ width, height: width === 360 ? 740 : 800 });
    const email = `e2e-${width}-${randomUUID().slice(0, 8)}@example.com`;
    const confirmed = await request.post('/api/bookings', {
      headers: { 'x-requested-with': 'hotel-site' },
      data: {
        draftId: randomUUID(),
        bookingId: `BK${100000 + Math.floor(Math.random() * 900000)}`,
        roomId: 'deluxe',
        packageIndex: 0,
        rooms: 1,
        checkIn: day(3),
        checkOut: day(5),
        email,
        guestKey: randomBytes(32).toString('base64url'),
      },
    });
    expect(confirmed.status()).toBe(201);

    await page.goto('/admin-bookings');
    await expect(page.getByRole('heading', { level: 1, name: 'Admin Booking Dashboard' })).toBeVisible();
    await expect(page.getByText(email)).toHaveCount(0);
    await page.getByLabel('Name').fill('admin');
    await page.getByLabel('Password').fill(e2eAdminPassword);
    await page.getByRole('button', { name: 'Sign in' }).click();

    await page.getByPlaceholder('Search by Booking ID, Email or Room...').fill(email);
    await expect(page.getByText(email)).toBeVisible();
    await expect(page.getByRole('table', { name: /Rooms booked each night for the next 60 nights/ })).toBeVisible();
    // The occupancy table scrolls inside its own box; the page itself never scrolls sideways.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(width);
  });
}
