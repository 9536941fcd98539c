import { checkInventory } from './support/inventory';
import { startHotel } from './support/hotel';
import type { TestHotel } from './support/hotel';
import { confirmBody } from './support/stays';
import { databaseKinds } from './support/testDatabase';
import { moveSettled } from './support/bill';

/** 11:30 in India on a day of June 2027. */
const at = (day: string) => new Date(`${day}T06:00:00Z`);

// Issue 35, item 7: after an early check-out the invoice bills the nights stayed, and the nights
// given back are for sale again. The desk's clock is set by the test.
describe.each(databaseKinds)('an early check-out and the invoice on %s', (kind) => {
  let hotel: TestHotel;
  let clock = at('2027-06-10');

  beforeAll(async () => {
    hotel = await startHotel(kind, { now: () => clock });
  });
  afterAll(async () => {
    await hotel?.stop();
  });

  // A check-out takes the bill's balance first (issue 40), as the desk does.
  const move = (bookingId: string, to: string) => moveSettled(hotel.owner, bookingId, to);
  const invoiceOf = (bookingId: string, guestKey: string) =>
    hotel.guest(`/api/bookings/${bookingId}/invoice`, { headers: { 'x-guest-key': guestKey } });

  test('the invoice keeps its number and bills only the night stayed; the two nights given back are sold again', async () => {
    clock = at('2027-06-10');
    // Suit Rooms (4 in the hotel): this guest takes 2 for three nights, another booking the other 2.
    const body = confirmBody({ roomId: 'executive', rooms: 2, checkIn: '2027-06-10', checkOut: '2027-06-13' });
    const booked = await hotel.guest('/api/bookings', { method: 'POST', body });
    expect(booked.status).toBe(201);
    const { bookingId, invoiceNumber } = booked.body.booking as { bookingId: string; invoiceNumber: string };
    await hotel.book({ roomId: 'executive', rooms: 2, checkIn: '2027-06-10', checkOut: '2027-06-13' });
    const full = await hotel.guest('/api/bookings', {
      method: 'POST',
      body: confirmBody({ roomId: 'executive', rooms: 2, checkIn: '2027-06-11', checkOut: '2027-06-13' }),
    });
    expect([full.status, full.body.message]).toEqual([409, 'No Suit Rooms are left for those dates.']);
    const before = (await invoiceOf(bookingId, body.guestKey)).body;
    expect(before.lines).toHaveLength(3);

    expect((await move(bookingId, 'checked_in')).status).toBe(200);
    clock = at('2027-06-11');
    const out = await move(bookingId, 'checked_out');
    expect(out.status).toBe(200);
    expect(out.body.booking).toMatchObject({ status: 'checked_out', checkOut: '2027-06-11' });

    const after = await invoiceOf(bookingId, body.guestKey);
    expect(after.status).toBe(200);
    const [stayed] = before.lines as Array<{ night: string; taxablePaise: number; cgstPaise: number; sgstPaise: number }>;
    expect(after.body).toMatchObject({
      invoiceNumber,
      checkIn: '2027-06-10',
      checkOut: '2027-06-11',
      lines: [stayed],
      taxablePaise: stayed!.taxablePaise,
      cgstPaise: stayed!.cgstPaise,
      sgstPaise: stayed!.sgstPaise,
      totalPaise: stayed!.taxablePaise + stayed!.cgstPaise + stayed!.sgstPaise,
    });
    // What the guest and the admin list read of the booking says the same.
    const lookup = await hotel.guest(`/api/bookings/${bookingId}`, { headers: { 'x-guest-key': body.guestKey } });
    expect(lookup.body.booking).toMatchObject({
      taxablePaise: stayed!.taxablePaise,
      totalPrice: Math.floor((stayed!.taxablePaise + 50) / 100),
    });

    // The nights given back are for sale: the same two rooms for the same two nights are booked.
    const resold = await hotel.guest('/api/bookings', {
      method: 'POST',
      body: confirmBody({ roomId: 'executive', rooms: 2, checkIn: '2027-06-11', checkOut: '2027-06-13' }),
    });
    expect(resold.status).toBe(201);
    expect((await checkInventory(hotel.db.pool)).problems).toEqual([]);
  });

  test('an early check-out undone (its nights still free) bills every night again', async () => {
    clock = at('2027-06-20');
    const body = confirmBody({ roomId: 'deluxe', rooms: 1, checkIn: '2027-06-20', checkOut: '2027-06-24' });
    const booked = await hotel.guest('/api/bookings', { method: 'POST', body });
    const { bookingId } = booked.body.booking as { bookingId: string };
    const before = (await invoiceOf(bookingId, body.guestKey)).body;
    expect((await move(bookingId, 'checked_in')).status).toBe(200);
    clock = at('2027-06-22');
    expect((await move(bookingId, 'checked_out')).status).toBe(200);
    expect((await invoiceOf(bookingId, body.guestKey)).body.lines).toHaveLength(2);
    expect((await hotel.owner(`/api/admin/bookings/${bookingId}/undo`, { method: 'POST' })).status).toBe(200);
    const again = (await invoiceOf(bookingId, body.guestKey)).body;
    expect(again).toMatchObject({
      checkOut: '2027-06-24',
      lines: before.lines,
      taxablePaise: before.taxablePaise,
      totalPaise: before.totalPaise,
    });
    expect((await checkInventory(hotel.db.pool)).problems).toEqual([]);
  });
});
