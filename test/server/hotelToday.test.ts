import { randomUUID } from 'node:crypto';
import { startHotel } from './support/hotel';
import type { TestHotel } from './support/hotel';
import { confirmBody } from './support/stays';
import { databaseKinds } from './support/testDatabase';

// Issue 35, item 6: "today" is the hotel's date (Asia/Kolkata unless HOTEL_TIME_ZONE says
// otherwise), on every path. The server's clock is set by the test (the app takes `now`).
describe.each(databaseKinds)("one rule for today, the hotel's date, on %s", (kind) => {
  let hotel: TestHotel;
  let clock = new Date('2027-03-10T03:50:00Z');
  /** 09:20 on 10 March 2027 in India: still 9 March west of UTC-9. */
  const morningInIndia = new Date('2027-03-10T03:50:00Z');
  /** 00:30 on 11 March 2027 in India, 19:00 on 10 March in UTC. */
  const justAfterMidnightInIndia = new Date('2027-03-10T19:00:00Z');

  beforeAll(async () => {
    hotel = await startHotel(kind, { now: () => clock });
  });
  afterAll(async () => {
    await hotel?.stop();
  });

  const confirm = (checkIn: string, checkOut: string) =>
    hotel.guest('/api/bookings', { method: 'POST', body: confirmBody({ roomId: 'deluxe', checkIn, checkOut }) });

  test("at 09:20 in India a stay starting the hotel's yesterday is refused; one starting its today is stored", async () => {
    clock = morningInIndia;
    const yesterday = await confirm('2027-03-09', '2027-03-11');
    expect([yesterday.status, yesterday.body.message]).toEqual([400, 'checkIn: must not be in the past']);
    expect((await confirm('2027-03-10', '2027-03-11')).status).toBe(201);
    const availability = await hotel.guest('/api/availability?checkIn=2027-03-09&checkOut=2027-03-11');
    expect([availability.status, availability.body.message]).toEqual([400, 'checkIn: must not be in the past']);
  });

  test("just after midnight in India the UTC date's today is the hotel's yesterday, and the invoice takes the hotel's date", async () => {
    clock = justAfterMidnightInIndia;
    const utcToday = await confirm('2027-03-10', '2027-03-12');
    expect([utcToday.status, utcToday.body.message]).toEqual([400, 'checkIn: must not be in the past']);
    // 00:30 on 1 April in India, still 31 March in UTC: the invoice is of financial year 2027-28.
    clock = new Date('2027-03-31T19:00:00Z');
    const april = await confirm('2027-04-01', '2027-04-02');
    expect(april.status).toBe(201);
    expect(april.body.booking.invoiceNumber).toMatch(/^INV-2728-\d{6}$/);
  });

  test("a manage change into the hotel's yesterday is refused with the same message", async () => {
    clock = morningInIndia;
    const booking = await hotel.book({ roomId: 'deluxe', checkIn: '2027-03-20', checkOut: '2027-03-22' });
    const token = await hotel.manageToken(booking.bookingId);
    const stay = { checkIn: '2027-03-09', checkOut: '2027-03-12', rooms: 1 };
    const quote = await hotel.manage(token, '/quote', { method: 'POST', body: stay });
    expect([quote.status, quote.body.message]).toEqual([400, 'checkIn: must not be in the past']);
    const change = await hotel.manage(token, '', { method: 'PUT', body: stay });
    expect([change.status, change.body.message]).toEqual([400, 'checkIn: must not be in the past']);
    expect((await hotel.manage(token, '')).body.booking.checkIn).toBe('2027-03-20');
  });

  test("the desk's phone booking is refused for the hotel's yesterday with the same message, and taken for its today", async () => {
    clock = justAfterMidnightInIndia;
    const desk = (checkIn: string) =>
      hotel.owner('/api/admin/desk/bookings', {
        method: 'POST',
        body: {
          draftId: randomUUID(),
          channel: 'walk-in',
          roomId: 'deluxe',
          packageIndex: 0,
          rooms: 1,
          checkIn,
          checkOut: '2027-03-13',
          email: 'walk.in@example.com',
        },
      });
    const yesterday = await desk('2027-03-10');
    expect([yesterday.status, yesterday.body.message]).toEqual([400, 'checkIn: must not be in the past']);
    expect((await desk('2027-03-11')).status).toBe(201);
    const day = await hotel.owner('/api/admin/desk');
    expect(day.body.today).toBe('2027-03-11');
  });
});
