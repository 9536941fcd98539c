import { expect, test } from '@playwright/test';
import type { Page } from '@playwright/test';
import { bookThroughApi, confirmationFact, day, pickStay, roomCountChoices, roomRegion, uniqueEmail, fillGuestContact } from './hotelFlows';

// Issue 11: rooms cannot be overbooked, and the guest is told so in words, with the choice kept.

const confirmed = 'Your booking is confirmed! Thank you for choosing our hotel.';

function acceptAlerts(page: Page): string[] {
  const alerts: string[] = [];
  page.on('dialog', (dialog) => {
    alerts.push(dialog.message());
    void dialog.accept();
  });
  return alerts;
}

test('hotel mode: a room type booked out says Sold out, and the other offers only the rooms left', async ({ page, request }) => {
  test.setTimeout(60_000);
  const [checkIn, checkOut] = [day(40), day(42)];
  // All 4 Suit Rooms and 6 of the 8 Classic Rooms go to other guests.
  for (const [roomId, rooms] of [
    ['executive', 3],
    ['executive', 1],
    ['deluxe', 3],
    ['deluxe', 3],
  ] as const)
    await bookThroughApi(request, { roomId, rooms, checkIn, checkOut, email: uniqueEmail('other-guest') });

  await page.goto('/booking');
  await pickStay(page, checkIn, checkOut);
  const suit = roomRegion(page, 'Suit Room');
  const classic = roomRegion(page, 'Classic Room');
  await expect(suit.getByText('Sold out for these dates')).toBeVisible();
  await expect(suit.getByLabel('Room(s)')).toBeDisabled();
  await expect(suit.getByRole('button', { name: 'Book' })).toBeDisabled();
  await expect(classic.getByText('2 rooms left for these dates')).toBeVisible();
  expect(await roomCountChoices(page, 'Classic Room')).toEqual(['0', '1', '2']);
  await expect(classic.getByRole('button', { name: 'Book' })).toBeEnabled();

  // A night either side of the sold-out ones is free again: the counts follow the dates.
  await pickStay(page, day(42), day(43));
  await expect(suit.getByText('4 rooms left for these dates')).toBeVisible();
  await expect(suit.getByLabel('Room(s)')).toBeEnabled();
  expect(await roomCountChoices(page, 'Suit Room')).toEqual(['0', '1', '2', '3']);
});

test('hotel mode: when rooms run out between Book and Confirm, the confirmation says how many are left and keeps the choice', async ({
  page,
  request,
}) => {
  test.setTimeout(60_000);
  const [checkIn, checkOut] = [day(24), day(26)];
  const email = uniqueEmail('late-guest');
  const alerts = acceptAlerts(page);

  await page.goto('/booking');
  await pickStay(page, checkIn, checkOut);
  const suit = roomRegion(page, 'Suit Room');
  await expect(suit.getByText('4 rooms left for these dates')).toBeVisible();
  await suit.getByLabel('Room(s)').selectOption('3');
  await suit.getByRole('button', { name: 'Book' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Booking Confirmation' })).toBeVisible();
  const shownId = (await confirmationFact(page, 'Booking ID').textContent()) ?? '';

  // Meanwhile another guest takes 2 of the 4.
  await bookThroughApi(request, { roomId: 'executive', rooms: 2, checkIn, checkOut, email: uniqueEmail('quicker-guest') });

  await page.getByLabel('Email').fill(email);
  await fillGuestContact(page);
  await page.getByRole('button', { name: 'Confirm Booking' }).click();
  await expect(page.getByRole('alert')).toHaveText('Only 2 Suit Rooms are left for those dates.');
  expect(alerts).toEqual([]);
  await expect(page.getByText(confirmed)).toHaveCount(0);
  // Everything chosen stays: the ID, the room, the dates, the count, the email typed.
  await expect(confirmationFact(page, 'Booking ID')).toHaveText(shownId);
  await expect(confirmationFact(page, 'Room Type')).toHaveText('Suit Room');
  await expect(confirmationFact(page, 'Check-In')).toHaveText(checkIn.shown);
  await expect(confirmationFact(page, 'Check-Out')).toHaveText(checkOut.shown);
  await expect(confirmationFact(page, 'Rooms')).toHaveText('3');
  await expect(page.getByLabel('Email')).toHaveValue(email);
  await expect(page.getByRole('button', { name: 'Confirm Booking' })).toBeEnabled();

  // Back on the booking screen the dates are kept and the count comes down to what is left.
  await page.getByRole('link', { name: 'Change dates or rooms' }).click();
  await expect(page.getByLabel('Check-in')).toHaveValue(checkIn.shown);
  await expect(suit.getByText('2 rooms left for these dates')).toBeVisible();
  await expect(suit.getByLabel('Room(s)')).toHaveValue('2');
  expect(await roomCountChoices(page, 'Suit Room')).toEqual(['0', '1', '2']);
  await suit.getByRole('button', { name: 'Book' }).click();
  await expect(confirmationFact(page, 'Rooms')).toHaveText('2');
  await page.getByLabel('Email').fill(email);
  await fillGuestContact(page);
  await page.getByRole('button', { name: 'Confirm Booking' }).click();
  await expect(page.getByText(confirmed)).toBeVisible();
  expect(alerts).toEqual(['Your room booking was confirmed!']);
  await expect(confirmationFact(page, 'Total Amount')).toContainText('₹16,000');
});

test('hotel mode: when the hotel cannot be reached, Confirm Booking says so, keeps the choice, and a later try confirms', async ({
  page,
}) => {
  test.setTimeout(60_000);
  const [checkIn, checkOut] = [day(30), day(31)];
  const email = uniqueEmail('offline-guest');
  const alerts = acceptAlerts(page);

  await page.goto('/booking');
  await pickStay(page, checkIn, checkOut);
  const classic = roomRegion(page, 'Classic Room');
  await expect(classic.getByText('8 rooms left for these dates')).toBeVisible();
  await classic.getByLabel('Room(s)').selectOption('1');
  await classic.getByRole('button', { name: 'Book' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Booking Confirmation' })).toBeVisible();

  // The network drops every confirm: the screen retries, then gives up in words.
  await page.route('**/api/bookings', (route) => route.abort('internetdisconnected'));
  await page.getByLabel('Email').fill(email);
  await fillGuestContact(page);
  await page.getByRole('button', { name: 'Confirm Booking' }).click();
  // Between tries (1, 2 and 4 s apart) the screen says it is still trying.
  await expect(page.getByText(/^Still trying to reach the hotel… \(try [234] of 4\)$/)).toBeVisible();
  await expect(page.getByRole('alert')).toHaveText('We could not reach the hotel; your booking is not confirmed yet. Please try again.', {
    timeout: 20_000,
  });
  expect(alerts).toEqual([]);
  await expect(confirmationFact(page, 'Room Type')).toHaveText('Classic Room');
  await expect(confirmationFact(page, 'Rooms')).toHaveText('1');
  await expect(page.getByLabel('Email')).toHaveValue(email);

  // The connection is back: the same button confirms.
  await page.unroute('**/api/bookings');
  await page.getByRole('button', { name: 'Confirm Booking' }).click();
  await expect(page.getByText(confirmed)).toBeVisible();
  expect(alerts).toEqual(['Your room booking was confirmed!']);
});
