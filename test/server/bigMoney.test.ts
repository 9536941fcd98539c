import { randomUUID } from 'node:crypto';
import { startHotel } from './support/hotel';
import type { TestHotel } from './support/hotel';
import { confirmBody, daysFromNow as day } from './support/stays';
import { databaseKinds } from './support/testDatabase';

// Issue 35, item 5: the owner may price a night at ₹10,00,000 (100,000,000 paise, the most the
// API takes). 42 such room-nights (the default cap) are ₹4,20,00,000 before tax: 4,200,000,000
// paise, past what a 32-bit integer holds (2,147,483,647). Every sum of paise must hold it.
const top = 100_000_000;
const nights = 42;
/** GST on a room-night above ₹7,500 is 18%: 9% CGST and 9% SGST. */
const taxPerNight = top * 0.09;
const stay = { taxablePaise: nights * top, cgstPaise: nights * taxPerNight, sgstPaise: nights * taxPerNight };

describe.each(databaseKinds)('₹10,00,000 a night over a long stay on %s', (kind) => {
  let hotel: TestHotel;
  const first = day(300);
  const last = day(300 + 3 * nights);

  beforeAll(async () => {
    hotel = await startHotel(kind);
    const rule = await hotel.owner('/api/admin/price-rules', {
      method: 'POST',
      body: { roomId: 'executive', firstNight: first, lastNight: last, pricePaise: top },
    });
    expect(rule.status).toBe(201);
  });
  afterAll(async () => {
    await hotel?.stop();
  });

  test('a confirm is stored (201) with the right totals, and its invoice and the admin list say the same', async () => {
    const body = confirmBody({ roomId: 'executive', rooms: 1, checkIn: first, checkOut: day(300 + nights) });
    const reply = await hotel.guest('/api/bookings', { method: 'POST', body });
    expect(reply.status).toBe(201);
    expect(reply.body.booking).toMatchObject({ ...stay, totalPrice: (nights * top) / 100 });
    const bookingId = reply.body.booking.bookingId as string;

    const invoice = await hotel.guest(`/api/bookings/${bookingId}/invoice`, { headers: { 'x-guest-key': body.guestKey } });
    expect(invoice.status).toBe(200);
    expect(invoice.body).toMatchObject({ ...stay, totalPaise: stay.taxablePaise + stay.cgstPaise + stay.sgstPaise });
    expect(invoice.body.lines).toHaveLength(nights);
    const found = await hotel.owner(`/api/admin/bookings?q=${bookingId}`);
    expect(found.body.items[0]).toMatchObject(stay);
    const lookup = await hotel.guest(`/api/bookings/${bookingId}`, { headers: { 'x-guest-key': body.guestKey } });
    expect(lookup.body.booking).toMatchObject(stay);
  });

  test('a manage change and its quote to such a stay answer 200 with the right totals', async () => {
    const booking = await hotel.book({ roomId: 'executive', rooms: 1, checkIn: day(290), checkOut: day(291) });
    const token = await hotel.manageToken(booking.bookingId);
    const newStay = { checkIn: day(300 + nights), checkOut: day(300 + 2 * nights), rooms: 1 };
    const quote = await hotel.manage(token, '/quote', { method: 'POST', body: newStay });
    expect(quote.status).toBe(200);
    expect(quote.body.totalPrice).toBe((nights * top) / 100);
    const changed = await hotel.manage(token, '', { method: 'PUT', body: newStay });
    expect(changed.status).toBe(200);
    expect(changed.body.booking).toMatchObject({ ...stay, totalPrice: (nights * top) / 100 });
  });

  test("the desk's phone booking of 2 rooms for 21 nights is stored (201) with the right totals", async () => {
    const reply = await hotel.owner('/api/admin/desk/bookings', {
      method: 'POST',
      body: {
        draftId: randomUUID(),
        channel: 'phone',
        roomId: 'executive',
        packageIndex: 0,
        rooms: 2,
        checkIn: day(300 + 2 * nights),
        checkOut: day(300 + 2 * nights + nights / 2),
        email: 'big.party@example.com',
      },
    });
    expect(reply.status).toBe(201);
    expect(reply.body.booking).toMatchObject(stay);
  });
});
