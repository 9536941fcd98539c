import { randomBytes } from 'node:crypto';
import { expect, test } from '@playwright/test';
import type { Page } from '@playwright/test';
import { bookThroughApi, hotelDay, settleBill, signIn, uniqueEmail } from './hotelFlows';
import { screenshot } from './screenshots';

/**
 * The front desk (issue 23): the owner adds a receptionist; the receptionist signs in on another
 * device (a second browser context: its own cookies), sees today's arrival, checks the guest in
 * and out, takes a phone booking, and cannot open what only the owner may (backups, bursts,
 * staff). Nights in use: today to 2 days ahead (hotelFlows.ts lists the others).
 */

const backOffice = (page: Page) => page.getByRole('navigation', { name: 'Back office' });

for (const [width, height] of [
  [1280, 800],
  [360, 740],
] as const) {
  test(`hotel mode at ${width} px: the owner adds a front-desk person, who checks today's guest in and out on another device`, async ({
    page,
    browser,
    request,
  }) => {
    await page.setViewportSize({ width, height });
    const guest = uniqueEmail(`arrival-${width}`);
    const bookingId = await bookThroughApi(request, {
      roomId: 'deluxe',
      rooms: 1,
      checkIn: hotelDay(0),
      checkOut: hotelDay(2),
      email: guest,
    });

    // The owner: Staff, from the back office's navigation.
    await page.goto('/admin-bookings');
    await signIn(page);
    await backOffice(page).getByRole('link', { name: 'Staff' }).click();
    await expect(page).toHaveURL(/\/admin-staff$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Staff' })).toBeVisible();
    const name = `Meena ${randomBytes(3).toString('hex')}`;
    const password = `desk-${randomBytes(8).toString('hex')}`;
    const add = page.getByRole('region', { name: 'Add a person' });
    await add.getByLabel('Name').fill(name);
    await add.getByLabel('Role').selectOption({ label: 'Front desk' });
    await add.getByLabel('Password (at least 10 characters)').fill(password);
    await add.getByRole('button', { name: 'Add' }).click();
    await expect(page.getByText(`${name} was added (front desk) and can sign in now.`)).toBeVisible();
    const staffTable = page.getByRole('table', { name: 'People who can sign in' });
    await expect(staffTable.getByRole('row').filter({ hasText: name })).toContainText('Front desk');
    await screenshot(page, `admin-staff-${width}`, { fullPage: true });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(width);

    // The receptionist, on another device.
    const device = await browser.newContext({ viewport: { width, height } });
    const desk = await device.newPage();
    await desk.goto('/admin-desk');
    await expect(desk.getByRole('heading', { level: 2, name: 'Sign in' })).toBeVisible();
    await desk.getByLabel('Name').fill(name);
    await desk.getByLabel('Password').fill(password);
    await desk.getByRole('button', { name: 'Sign in' }).click();
    await expect(desk.getByText(`Signed in as ${name} (front desk)`)).toBeVisible();
    await expect(backOffice(desk).getByRole('link')).toHaveText(['Bookings', 'Today at the desk', 'Form C']);
    await expect(desk.getByLabel('Day', { exact: true })).toHaveValue(hotelDay(0).iso);

    const arrivals = desk.getByRole('table', { name: /^Arrivals/ });
    const arrival = arrivals.getByRole('row').filter({ hasText: guest });
    await expect(arrival).toContainText(bookingId);
    await expect(arrival).toContainText('Classic Room');
    await expect(arrival).toContainText('2 nights');
    await expect(arrival).toContainText('Confirmed');
    await screenshot(desk, `admin-desk-${width}`, { fullPage: true });
    expect(await desk.evaluate(() => document.documentElement.scrollWidth)).toBe(width);

    // Checking in names the room the guest goes to (issue 38: rooms by number), the one the row shows.
    const room = await arrival.locator('.desk__room-numbers').textContent();
    expect(room).toMatch(/^Room \S/);
    await arrival.getByRole('button', { name: `Check in ${bookingId}` }).click();
    await expect(desk.getByText(`Booking ${bookingId} checked in: ${room}.`)).toBeVisible();
    await expect(
      desk
        .getByRole('table', { name: /^In the house/ })
        .getByRole('row')
        .filter({ hasText: guest }),
    ).toContainText('Checked in');
    await screenshot(desk, `admin-desk-${width}-checked-in`, { fullPage: true });

    // The bill is paid before the check-out (issue 40; the bill screen is hotel-folio.spec.ts's).
    await expect(arrival.getByRole('link', { name: `Bill of ${bookingId}` })).toBeVisible();
    await settleBill(desk, bookingId);
    await arrival.getByRole('button', { name: `Check out ${bookingId}` }).click();
    await expect(desk.getByText(`Booking ${bookingId} checked out.`)).toBeVisible();
    await expect(arrival).toContainText('Checked out');
    await expect(arrival.getByRole('button', { name: `Undo the last change to ${bookingId}` })).toBeVisible();

    // A phone booking for tonight, through the hotel's rules.
    const phoneGuest = uniqueEmail(`phone-${width}`);
    const form = desk.getByRole('region', { name: 'New phone or walk-in booking' });
    await form.getByLabel('Room', { exact: true }).selectOption({ label: 'Suit Room' });
    await form.getByLabel('Guest email').fill(phoneGuest);
    await form.getByLabel('Guest name').fill('Phone Guest');
    await form.getByLabel('Guest mobile number').fill('98765 43210');
    await form.getByRole('button', { name: 'Book' }).click();
    await expect(desk.getByText(/^Booked BK\d{6}: Suit Room, 1 night from/)).toContainText(`The confirmation email goes to ${phoneGuest}.`);
    await expect(arrivals.getByRole('row').filter({ hasText: phoneGuest })).toContainText('Confirmed');
    await screenshot(desk, `admin-desk-${width}-phone-booking`, { fullPage: true });

    // Not for the front desk: backups (import, export), bursts, staff.
    await backOffice(desk).getByRole('link', { name: 'Bookings' }).click();
    await expect(desk.getByRole('heading', { level: 1, name: 'Admin Booking Dashboard' })).toBeVisible();
    await desk.getByRole('searchbox', { name: 'Search bookings' }).fill(guest);
    await expect(desk.getByRole('row').filter({ hasText: bookingId })).toContainText('Checked out');
    await expect(desk.getByRole('region', { name: 'Recent changes' })).toBeVisible();
    await expect(desk.getByRole('button', { name: 'Download CSV' })).toHaveCount(0);
    await expect(desk.getByRole('button', { name: 'Download JSON' })).toHaveCount(0);
    await desk.goto('/admin-bursts');
    await expect(desk.getByText('Bursts of bookings are for the hotel’s owner: front-desk staff cannot open them.')).toBeVisible();
    await desk.goto('/admin-staff');
    await expect(desk.getByText('Staff accounts are for the hotel’s owner: front-desk staff cannot open them.')).toBeVisible();
    expect((await desk.request.get('/api/admin/export?format=csv')).status()).toBe(403);
    await device.close();

    // The owner's audit names who did what (the owner opens the dashboard again later).
    await page.goto('/admin-bookings');
    const changes = page.getByRole('region', { name: 'Recent changes' });
    await expect(changes.getByText(`Booking ${bookingId} checked in by ${name}`)).toBeVisible();
    await expect(changes.getByText(`Booking ${bookingId} checked out by ${name}`)).toBeVisible();
    await expect(changes.getByText(new RegExp(`booked on the phone by ${name}$`))).toBeVisible();
  });
}
