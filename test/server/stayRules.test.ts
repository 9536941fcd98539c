import { randomUUID } from 'node:crypto';
import { checkInventory } from './support/inventory';
import { startHotel } from './support/hotel';
import type { TestHotel } from './support/hotel';
import { confirmBody, daysFromNow as day } from './support/stays';
import { databaseKinds } from './support/testDatabase';

// Issue 35, item 1: closures and minimum stays are the owner's rules for selling a stay. A new
// booking always obeyed them; every other path that makes a booking hold nights must too, and say
// so in the words a new booking of that stay gets.
describe.each(databaseKinds)('closures and minimum stays hold on every path on %s', (kind) => {
  let hotel: TestHotel;

  beforeAll(async () => {
    hotel = await startHotel(kind);
  });
  afterAll(async () => {
    await hotel?.stop();
  });

  const close = async (roomId: string | null, night: string) =>
    expect(
      (await hotel.owner('/api/admin/closures', { method: 'POST', body: { roomId, firstNight: night, lastNight: night } })).status,
    ).toBe(201);
  const minimumStay = async (arrival: string, nights: number) =>
    expect(
      (
        await hotel.owner('/api/admin/min-stays', {
          method: 'POST',
          body: { roomId: null, firstNight: arrival, lastNight: arrival, nights },
        })
      ).status,
    ).toBe(201);
  /** What the guest's own confirm of this stay is told (409), the words every other path must use. */
  async function confirmRefusal(roomId: string, checkIn: string, checkOut: string): Promise<string> {
    const reply = await hotel.guest('/api/bookings', { method: 'POST', body: confirmBody({ roomId, checkIn, checkOut }) });
    expect(reply.status).toBe(409);
    return reply.body.message as string;
  }
  async function bookWithLink(roomId: string, checkIn: string, checkOut: string) {
    const booking = await hotel.book({ roomId, checkIn, checkOut });
    return { bookingId: booking.bookingId, token: await hotel.manageToken(booking.bookingId) };
  }
  async function expectManageRefused(token: string, stay: { checkIn: string; checkOut: string; rooms: number }, message: string) {
    const quote = await hotel.manage(token, '/quote', { method: 'POST', body: stay });
    expect([quote.status, quote.body.message]).toEqual([409, message]);
    const change = await hotel.manage(token, '', { method: 'PUT', body: stay });
    expect([change.status, change.body.message]).toEqual([409, message]);
  }

  test("a manage change and its quote into a night closed for the room type get the confirm's refusal, and nothing changes", async () => {
    const { token } = await bookWithLink('deluxe', day(100), day(102));
    await close('deluxe', day(104));
    const message = await confirmRefusal('deluxe', day(103), day(105));
    expect(message).toMatch(/^Classic Rooms cannot be booked for the night of .+: the hotel is closed\. Please choose other dates\.$/);
    await expectManageRefused(token, { checkIn: day(103), checkOut: day(105), rooms: 1 }, message);
    expect((await hotel.manage(token, '')).body.booking).toMatchObject({ checkIn: day(100), checkOut: day(102) });
    expect((await checkInventory(hotel.db.pool)).problems).toEqual([]);
  });

  test('the same for a whole-hotel closure', async () => {
    const { token } = await bookWithLink('executive', day(110), day(111));
    await close(null, day(113));
    await expectManageRefused(
      token,
      { checkIn: day(112), checkOut: day(114), rooms: 2 },
      await confirmRefusal('executive', day(112), day(114)),
    );
    expect((await hotel.manage(token, '')).body.booking).toMatchObject({ checkIn: day(110), rooms: 1 });
  });

  test('a manage change to a stay shorter than the minimum for its new arrival is refused', async () => {
    const { token } = await bookWithLink('deluxe', day(118), day(119));
    await minimumStay(day(120), 3);
    const message = await confirmRefusal('deluxe', day(120), day(122));
    expect(message).toMatch(/^Stays arriving on .+ must be at least 3 nights\. Please choose a later check-out\.$/);
    await expectManageRefused(token, { checkIn: day(120), checkOut: day(122), rooms: 1 }, message);
    // Three nights are allowed, as for a new booking.
    expect((await hotel.manage(token, '', { method: 'PUT', body: { checkIn: day(120), checkOut: day(123), rooms: 1 } })).status).toBe(200);
  });

  test("the desk's phone and walk-in bookings get the confirm's refusals", async () => {
    await close('deluxe', day(130));
    await minimumStay(day(134), 2);
    const desk = (checkIn: string, checkOut: string, channel: string) =>
      hotel.owner('/api/admin/desk/bookings', {
        method: 'POST',
        body: { draftId: randomUUID(), channel, roomId: 'deluxe', packageIndex: 0, rooms: 1, checkIn, checkOut, email: 'desk@example.com' },
      });
    const closed = await desk(day(129), day(131), 'phone');
    expect([closed.status, closed.body.message]).toEqual([409, await confirmRefusal('deluxe', day(129), day(131))]);
    const short = await desk(day(134), day(135), 'walk-in');
    expect([short.status, short.body.message]).toEqual([409, await confirmRefusal('deluxe', day(134), day(135))]);
  });

  test('an undo that would take back nights closed meanwhile, or a stay now under the minimum, is refused and changes nothing', async () => {
    const status = (bookingId: string, to: string) =>
      hotel.owner(`/api/admin/bookings/${bookingId}/status`, { method: 'POST', body: { to } });
    const closedLater = await hotel.book({ roomId: 'deluxe', checkIn: day(140), checkOut: day(142) });
    expect((await status(closedLater.bookingId, 'cancelled')).status).toBe(200);
    await close('deluxe', day(141));
    const undo = await hotel.owner(`/api/admin/bookings/${closedLater.bookingId}/undo`, { method: 'POST' });
    expect([undo.status, undo.body.message]).toEqual([409, await confirmRefusal('deluxe', day(140), day(142))]);

    const shortLater = await hotel.book({ roomId: 'deluxe', checkIn: day(144), checkOut: day(146) });
    expect((await status(shortLater.bookingId, 'cancelled')).status).toBe(200);
    await minimumStay(day(144), 3);
    const undoShort = await hotel.owner(`/api/admin/bookings/${shortLater.bookingId}/undo`, { method: 'POST' });
    expect([undoShort.status, undoShort.body.message]).toEqual([409, await confirmRefusal('deluxe', day(144), day(146))]);

    const found = await hotel.owner('/api/admin/bookings?q=' + closedLater.bookingId);
    expect(found.body.items[0].status).toBe('cancelled');
    expect((await checkInventory(hotel.db.pool)).problems).toEqual([]);
  });

  test('a restore of a booking whose nights were closed after its delete is refused, and it stays deleted', async () => {
    const booking = await hotel.book({ roomId: 'deluxe', checkIn: day(150), checkOut: day(152) });
    expect((await hotel.owner(`/api/admin/bookings/${booking.bookingId}`, { method: 'DELETE' })).status).toBe(200);
    await close(null, day(150));
    const restore = await hotel.owner(`/api/admin/bookings/${booking.bookingId}/restore`, { method: 'POST' });
    expect([restore.status, restore.body.message]).toEqual([409, await confirmRefusal('deluxe', day(150), day(152))]);
    expect((await hotel.owner('/api/admin/bookings?q=' + booking.bookingId)).body.items).toEqual([]);
    expect((await checkInventory(hotel.db.pool)).problems).toEqual([]);
  });

  test("an import of records in closed nights or under the minimum stay reports the confirm's words and stores nothing", async () => {
    await close('deluxe', day(161));
    await minimumStay(day(165), 3);
    const record = (bookingId: string, checkIn: string, checkOut: string) => ({
      bookingId,
      roomName: 'Classic Room',
      checkIn,
      checkOut,
      totalPrice: 6000,
      email: 'old@example.com',
    });
    const reply = await hotel.owner('/api/admin/import', {
      method: 'POST',
      body: [record('BK716001', day(160), day(162)), record('BK716002', day(165), day(167)), record('BK716003', day(166), day(167))],
    });
    expect(reply.status).toBe(200);
    expect(reply.body).toEqual({
      imported: 1,
      conflicts: [
        { bookingId: 'BK716001', reason: await confirmRefusal('deluxe', day(160), day(162)) },
        { bookingId: 'BK716002', reason: await confirmRefusal('deluxe', day(165), day(167)) },
      ],
    });
    expect((await checkInventory(hotel.db.pool)).problems).toEqual([]);
  });
});
