import { expect, test } from '@playwright/test';
import { nightsBetween } from '../../src/domain/dates';
import {
  bookThroughApi,
  confirmationFact,
  day,
  hotelDay,
  pickStay,
  roomCountChoices,
  roomRegion,
  signIn,
  uniqueEmail,
  fillGuestContact,
} from './hotelFlows';

// Issue 11: a booking made in one browser reaches the hotel, and other devices see it there.
test('hotel mode: a guest books with the rooms left in view; another device sees it in the admin dashboard and All Booked Rooms, a third through the portal', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(90_000);
  const checkIn = day(10);
  const checkOut = day(12);
  // Another guest already holds 2 of the 4 Suit Rooms for these nights.
  await bookThroughApi(request, { roomId: 'executive', rooms: 2, checkIn, checkOut, email: uniqueEmail('earlier-guest') });
  const email = uniqueEmail('guest');

  // The guest's device: home, Book Now, dates, a room, a package, Book.
  await page.goto('/');
  await page.getByRole('banner').getByRole('link', { name: 'Book Now' }).click();
  await expect(page).toHaveURL(/\/Booking$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Book a Room' })).toBeVisible();
  await pickStay(page, checkIn, checkOut);
  await expect(page.getByText('Rooms left for these dates are shown with each room.')).toBeVisible();
  const suit = roomRegion(page, 'Suit Room');
  const classic = roomRegion(page, 'Classic Room');
  await expect(suit.getByText('2 rooms left for these dates')).toBeVisible();
  await expect(classic.getByText('8 rooms left for these dates')).toBeVisible();
  expect(await roomCountChoices(page, 'Suit Room')).toEqual(['0', '1', '2']);
  expect(await roomCountChoices(page, 'Classic Room')).toEqual(['0', '1', '2', '3']);

  await suit.getByLabel('Room(s)').selectOption('1');
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(suit.getByText('2 nights: ₹8,000 per room')).toBeVisible();
  await suit.getByRole('button', { name: 'Book' }).click();

  await expect(page).toHaveURL(/\/booking-details$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Booking Confirmation' })).toBeVisible();
  await expect(confirmationFact(page, 'Booking ID')).toHaveText(/^BK[1-9]\d{5}$/);
  await expect(confirmationFact(page, 'Room Type')).toHaveText('Suit Room');
  await expect(confirmationFact(page, 'Check-In')).toHaveText(checkIn.shown);
  await expect(confirmationFact(page, 'Check-Out')).toHaveText(checkOut.shown);
  await expect(confirmationFact(page, 'Rooms')).toHaveText('1');
  await expect(confirmationFact(page, 'Total Amount')).toContainText('₹8,000');
  // Issue 34 item 2: before Confirm, the GST and the total with tax the hotel will charge.
  await expect(confirmationFact(page, 'GST')).toHaveText('₹400.00 CGST ₹200.00 + SGST ₹200.00');
  await expect(confirmationFact(page, 'Total with tax')).toHaveText('₹8,400.00');

  const alerts: string[] = [];
  page.on('dialog', (dialog) => {
    alerts.push(dialog.message());
    void dialog.accept();
  });
  await page.getByLabel('Email').fill(email);
  await fillGuestContact(page);
  await page.getByRole('button', { name: 'Confirm Booking' }).click();
  await expect(page.getByText('Your booking is confirmed! Thank you for choosing our hotel.')).toBeVisible();
  expect(alerts).toEqual(['Your room booking was confirmed!']);
  await expect(page.getByRole('button', { name: 'Confirm Booking' })).toBeHidden();
  // The ID shown now is the one the hotel stored.
  const bookingId = (await confirmationFact(page, 'Booking ID').textContent()) ?? '';
  expect(bookingId).toMatch(/^BK[1-9]\d{5}$/);
  await expect(confirmationFact(page, 'Email')).toHaveText(email);

  // The same device opens its own booking with the key it kept, no email asked.
  await page.getByRole('link', { name: 'View Your Booking' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Your Booking Details' })).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Email' })).toHaveValue(email);

  // The hotel counts the booking: one Suit Room is left for these nights.
  await page.goto('/booking');
  await pickStay(page, checkIn, checkOut);
  await expect(suit.getByText('1 room left for these dates')).toBeVisible();
  expect(await roomCountChoices(page, 'Suit Room')).toEqual(['0', '1']);

  // Another device: the administrator signs in and finds the booking.
  const adminContext = await browser.newContext();
  try {
    const admin = await adminContext.newPage();
    await admin.goto('/admin-bookings');
    await expect(admin.getByRole('heading', { level: 1, name: 'Admin Booking Dashboard' })).toBeVisible();
    await expect(admin.getByText(email)).toHaveCount(0);
    await signIn(admin);
    await admin.getByRole('searchbox', { name: 'Search bookings' }).fill(bookingId);
    await expect(admin.getByText('Showing 1–1 of 1 booking')).toBeVisible();
    const row = admin.getByRole('row', { name: new RegExp(bookingId) });
    for (const text of [email, 'Suit Room', checkIn.shown, checkOut.shown, '₹8,000', 'Confirmed']) await expect(row).toContainText(text);

    // The occupancy chart counts 3 of 4 Suit Rooms on the stay's first night (the first column is the hotel's today).
    const occupancy = admin.getByRole('table', { name: /Rooms booked each night for the next 60 nights/ });
    await expect(occupancy).toContainText(`from ${hotelDay(0).shown}`);
    const firstNightColumn = nightsBetween(hotelDay(0).iso, checkIn.iso);
    await expect(
      occupancy
        .getByRole('row', { name: /^Suit Room of 4/ })
        .getByRole('cell')
        .nth(firstNightColumn),
    ).toHaveText('3');

    await admin.goto('/view-bookings');
    await expect(admin.getByRole('heading', { level: 1, name: 'All Booked Rooms' })).toBeVisible();
    const card = admin.getByRole('article', { name: bookingId });
    for (const text of ['Confirmed', email, 'Suit Room', checkIn.shown, checkOut.shown, '₹8,000']) await expect(card).toContainText(text);
  } finally {
    await adminContext.close();
  }

  // A third device, never signed in: the portal finds the booking by its ID and email.
  const guestElsewhere = await browser.newContext();
  try {
    const other = await guestElsewhere.newPage();
    await other.goto('/booking-portal');
    await expect(other.getByRole('heading', { level: 1, name: 'Hotel Booking Portal' })).toBeVisible();
    await other.getByLabel('Booking ID').fill(bookingId);
    await other.getByLabel('Email you booked with').fill(email);
    await other.getByRole('button', { name: 'View Your Booking' }).click();
    await expect(other).toHaveURL(new RegExp(`/customer-booking/${bookingId}$`));
    await expect(other.getByRole('heading', { level: 1, name: 'Your Booking Details' })).toBeVisible();
    const facts = other.locator('dl');
    for (const text of [bookingId, 'Suit Room', checkIn.shown, checkOut.shown, '1', '₹8,000'])
      await expect(facts.getByText(text, { exact: true })).toBeVisible();
    await expect(other.getByRole('textbox', { name: 'Email' })).toHaveValue(email);
  } finally {
    await guestElsewhere.close();
  }
});
