import { randomUUID } from 'node:crypto';
import { hotelToday } from '../../server/bookingRules';
import { addDays, nightsBetween } from '../../src/domain/dates';
import { startHotel } from './support/hotel';
import type { TestHotel } from './support/hotel';
import { parseCsv } from '../support/csv';
import { databaseKinds } from './support/testDatabase';
import { api, signIn } from './support/testServer';
import { moveSettled } from './support/bill';

/**
 * Issue 39: the owner's report against a month worked out by hand, over real HTTP on every kind of
 * database. The month is the first that begins at least 40 days from today, so that every stay in
 * it can be booked now; the desk's moves in it (check-in, no-show, an early check-out) are made
 * with the server's clock set to those days (AppOptions.now).
 *
 * The hotel: 8 Classic Rooms (deluxe, ₹3,000 a night, 5% GST) and 4 Suit Rooms (executive,
 * ₹4,000, 5%; ₹8,000 on the 11th and 12th nights of the month, 18%). Two Classic Rooms are out of
 * service on nights 1 to 5. With F the month's first night (night 1):
 *
 *   A  website  Classic ×2  F    → F+3   checked in, checked out     6 room-nights  ₹18,000
 *   B  website  Suit    ×1  F+9  → F+12  confirmed (price change)    3              ₹4,000 + ₹8,000 + ₹8,000
 *   C  phone    Classic ×1  F+5  → F+7   confirmed                   2              ₹6,000
 *   D  walk-in  Classic ×1  F+20 → F+21  confirmed                   1              ₹3,000
 *   E  website  Classic ×1  F+14 → F+16  cancelled                   (2             ₹6,000 lost)
 *   G  website  Suit    ×2  F+2  → F+4   no-show                     (4             ₹16,000 lost)
 *   H  website  Classic ×1  last → +2    confirmed, one night next month: 1 in the month, ₹3,000
 *   I  website  Classic ×1  F+10 → F+14  checked in, out early on F+12: 2 stayed, ₹6,000
 *   J  website  Classic ×1  F+17 → F+18  deleted by the owner (not a booking any more)
 *
 * Sold in the month: 6 + 3 + 2 + 1 + 1 + 2 = 15 room-nights for ₹56,000.
 */

const indiaNoon = (date: string) => new Date(`${date}T06:30:00Z`);

/** The first day of the first month that begins at least `days` from `today`. */
function monthAhead(today: string, days: number): string {
  const later = addDays(today, days);
  return later.endsWith('-01') ? later : `${addDays(`${later.slice(0, 8)}01`, 32).slice(0, 8)}01`;
}

/** A column of rupee amounts ("1234.50") summed in paise. */
const paiseIn = (rows: string[][], column: number) => rows.reduce((sum, row) => sum + Math.round(Number(row[column]) * 100), 0);

describe.each(databaseKinds)('the owner’s reports on %s', (kind) => {
  let hotel: TestHotel;
  let clock: Date | null = null;
  const today = hotelToday();
  const F = monthAhead(today, 40);
  const lastNight = addDays(`${addDays(F, 32).slice(0, 8)}01`, -1);
  const D = nightsBetween(F, lastNight) + 1;
  const night = (n: number) => addDays(F, n);
  const ids: Record<string, string> = {};

  // A check-out takes the bill's balance first (issue 40), as the desk does.
  const move = (bookingId: string, to: string) => moveSettled(hotel.owner, bookingId, to);
  async function expectMove(bookingId: string, to: string, day: string) {
    clock = indiaNoon(day);
    const moved = await move(bookingId, to);
    expect([bookingId, to, moved.status]).toEqual([bookingId, to, 200]);
    clock = null;
  }
  async function deskBook(channel: 'phone' | 'walk-in', roomId: string, rooms: number, checkIn: string, checkOut: string) {
    const reply = await hotel.owner('/api/admin/desk/bookings', {
      method: 'POST',
      body: { draftId: randomUUID(), channel, roomId, packageIndex: 0, rooms, checkIn, checkOut, email: `${channel}@example.com` },
    });
    expect(reply.status).toBe(201);
    return reply.body.booking.bookingId as string;
  }
  const book = async (roomId: string, rooms: number, checkIn: string, checkOut: string, email = 'guest@example.com') =>
    (await hotel.book({ roomId, rooms, checkIn, checkOut, email })).bookingId;
  const report = (query: string) => hotel.owner(`/api/admin/reports?${query}`);

  beforeAll(async () => {
    hotel = await startHotel(kind, { now: () => clock ?? new Date() });
    const rule = await hotel.owner('/api/admin/price-rules', {
      method: 'POST',
      body: { roomId: 'executive', firstNight: night(10), lastNight: night(11), pricePaise: 800_000 },
    });
    expect(rule.status).toBe(201);
    const outOfService = await hotel.owner('/api/admin/room-types/deluxe/out-of-service', {
      method: 'PUT',
      body: { firstNight: night(0), lastNight: night(4), rooms: 2 },
    });
    expect(outOfService.status).toBe(200);

    ids.A = await book('deluxe', 2, night(0), night(3));
    ids.B = await book('executive', 1, night(9), night(12));
    ids.C = await deskBook('phone', 'deluxe', 1, night(5), night(7));
    ids.D = await deskBook('walk-in', 'deluxe', 1, night(20), night(21));
    ids.E = await book('deluxe', 1, night(14), night(16));
    ids.G = await book('executive', 2, night(2), night(4));
    ids.H = await book('deluxe', 1, lastNight, addDays(lastNight, 2));
    ids.I = await book('deluxe', 1, night(10), night(14));
    ids.J = await book('deluxe', 1, night(17), night(18));
    // Outside the month: a stay ending on its first morning, and one starting the day after it.
    ids.before = await book('deluxe', 1, addDays(F, -2), F);
    ids.after = await book('executive', 1, addDays(lastNight, 1), addDays(lastNight, 3));

    expect((await move(ids.E!, 'cancelled')).status).toBe(200);
    expect((await hotel.owner(`/api/admin/bookings/${ids.J}`, { method: 'DELETE' })).status).toBe(200);
    await expectMove(ids.A!, 'checked_in', night(0));
    await expectMove(ids.A!, 'checked_out', night(3));
    await expectMove(ids.G!, 'no_show', night(3));
    await expectMove(ids.I!, 'checked_in', night(10));
    await expectMove(ids.I!, 'checked_out', night(12));
  });
  afterAll(async () => {
    await hotel?.stop();
  });

  test('the month’s figures are the hand count', async () => {
    const reply = await report(`from=${F}&to=${lastNight}`);
    expect(reply.status).toBe(200);
    const available = 12 * D - 10;
    const leadDays = [night(0), night(9), night(5), night(20), lastNight, night(10)].map((day) => nightsBetween(today, day));
    expect(reply.body).toMatchObject({ from: F, to: lastNight, roomId: null });
    expect(reply.body.summary).toEqual({
      roomNightsAvailable: available,
      outOfService: 10,
      roomNightsSold: 15,
      channelRoomNights: 0,
      occupancyPercent: Math.round((1500 / available) * 10) / 10,
      roomRevenuePaise: 5_600_000,
      // ₹56,000 / 15 = ₹3,733.333…
      adrPaise: 373_333,
      revparPaise: Math.round(5_600_000 / available),
      // A, B, C, D, E, G, H and I arrive in the month (J was deleted); six of them are stays.
      arrivals: 8,
      stays: 6,
      // 3 + 3 + 2 + 1 + 2 (H's whole stay) + 2 (I's nights stayed) = 13 nights over 6 stays
      averageStayNights: 2.2,
      averageLeadDays: Math.round((leadDays.reduce((a, b) => a + b, 0) / 6) * 10) / 10,
      cancellations: 1,
      cancellationPercent: 12.5,
      cancelledRoomNights: 2,
      cancelledRevenuePaise: 600_000,
      noShows: 1,
      noShowRoomNights: 4,
      noShowRevenuePaise: 1_600_000,
    });
  });

  test('each night: rooms to sell (out of service excluded), rooms sold, occupancy', async () => {
    const { body } = await report(`from=${F}&to=${lastNight}`);
    const nights = body.nights as Array<{ night: string; available: number; outOfService: number; sold: number; occupancyPercent: number }>;
    expect(nights).toHaveLength(D);
    expect(nights.reduce((sum, n) => sum + n.sold, 0)).toBe(15);
    // Night 3 (F+2): A's two rooms; G's two Suit Rooms are a no-show and hold none. 10 rooms to sell.
    expect(nights[2]).toEqual({ night: night(2), available: 10, outOfService: 2, sold: 2, channel: 0, occupancyPercent: 20 });
    // Night 11 (F+10): B and I.
    expect(nights[10]).toEqual({ night: night(10), available: 12, outOfService: 0, sold: 2, channel: 0, occupancyPercent: 16.7 });
    // Night 13 (F+12): B has left; I checked out early that morning and gave it back.
    expect(nights[12]).toMatchObject({ sold: 0, occupancyPercent: 0 });
    expect(nights[D - 1]).toMatchObject({ night: lastNight, sold: 1 });
  });

  test('sources: website, phone and walk-in, from the desk’s audit entries', async () => {
    const { body } = await report(`from=${F}&to=${lastNight}`);
    expect(body.sources.by).toBe('night');
    expect(body.sources.totals).toEqual([
      { source: 'website', bookings: 4, roomNights: 12, revenuePaise: 4_700_000 },
      { source: 'phone', bookings: 1, roomNights: 2, revenuePaise: 600_000 },
      { source: 'walk-in', bookings: 1, roomNights: 1, revenuePaise: 300_000 },
    ]);
    const buckets = body.sources.buckets as Array<{ start: string; roomNights: Record<string, number> }>;
    expect(buckets.find((b) => b.start === night(5))?.roomNights).toEqual({ phone: 1 });
    expect(buckets.find((b) => b.start === night(20))?.roomNights).toEqual({ 'walk-in': 1 });
    expect(buckets.find((b) => b.start === night(0))?.roomNights).toEqual({ website: 2 });
  });

  test('money: revenue before tax and GST by rate, the price change mid-stay taxed at both rates', async () => {
    const { body } = await report(`from=${F}&to=${lastNight}`);
    expect(body.money).toEqual({
      byRate: [
        // 13 nights at ₹3,000 or ₹4,000: ₹40,000; 2.5% each of CGST and SGST.
        {
          cgstBasisPoints: 250,
          sgstBasisPoints: 250,
          roomNights: 13,
          taxablePaise: 4_000_000,
          cgstPaise: 100_000,
          sgstPaise: 100_000,
          totalPaise: 4_200_000,
        },
        // B's two nights at ₹8,000: 9% each.
        {
          cgstBasisPoints: 900,
          sgstBasisPoints: 900,
          roomNights: 2,
          taxablePaise: 1_600_000,
          cgstPaise: 144_000,
          sgstPaise: 144_000,
          totalPaise: 1_888_000,
        },
      ],
      taxablePaise: 5_600_000,
      cgstPaise: 244_000,
      sgstPaise: 244_000,
      totalPaise: 6_088_000,
    });
  });

  test('one room type: the Suit Rooms alone', async () => {
    const { body } = await report(`from=${F}&to=${lastNight}&roomId=executive`);
    expect(body.summary).toMatchObject({
      roomNightsAvailable: 4 * D,
      outOfService: 0,
      roomNightsSold: 3,
      roomRevenuePaise: 2_000_000,
      adrPaise: 666_667,
      arrivals: 2,
      stays: 1,
      noShows: 1,
      noShowRoomNights: 4,
      cancellations: 0,
    });
  });

  test('pickup: what was booked less what was cancelled lately, for the chosen nights; nothing a year before', async () => {
    const { body } = await report(`from=${F}&to=${lastNight}`);
    // Everything was booked just now: A 6, B 3, C 2, D 1, E 2, G 4, H 1, I 2 (its lines after the
    // early check-out) = 21 room-nights, less E's 2 cancelled = 19; J was deleted.
    // Money: 18,000 + 20,000 + 6,000 + 3,000 + 6,000 + 16,000 + 3,000 + 6,000 - 6,000 = ₹72,000.
    for (const window of body.pickup) expect(window).toMatchObject({ roomNights: 19, revenuePaise: 7_200_000, lastYear: null });
    expect(body.pickup.map((w: { days: number }) => w.days)).toEqual([1, 7, 30]);
  });

  test('on the books: the stays arriving in each of the next 12 months', async () => {
    const { body } = await report(`from=${F}&to=${lastNight}`);
    const months = body.onTheBooks as Array<{ month: string; bookings: number; roomNights: number; revenuePaise: number }>;
    expect(months).toHaveLength(12);
    expect(months[0]!.month).toBe(today.slice(0, 7));
    const month = months.find((m) => m.month === F.slice(0, 7));
    // A, B, C, D, H, I: 6 + 3 + 2 + 1 + 2 + 2 = 16 room-nights (H's whole stay), ₹59,000.
    expect(month).toEqual({ month: F.slice(0, 7), bookings: 6, roomNights: 16, revenuePaise: 5_900_000 });
  });

  test('a range that cuts stays: only its own nights count', async () => {
    const { body } = await report(`from=${night(1)}&to=${night(10)}`);
    // A's nights 2 and 3 (4 room-nights), C 2, B's nights F+9, F+10 (₹4,000 + ₹8,000), I's F+10.
    expect(body.summary).toMatchObject({ roomNightsSold: 9, roomRevenuePaise: 1_200_000 + 600_000 + 1_200_000 + 300_000 });
  });

  test('without a range, the hotel’s month; the presets count from the hotel’s today', async () => {
    const { body, status } = await report('');
    expect(status).toBe(200);
    expect(body).toMatchObject({ today, from: `${today.slice(0, 8)}01` });
    expect(body.roomTypes).toEqual([
      { roomId: 'deluxe', title: 'Classic Room' },
      { roomId: 'executive', title: 'Suit Room' },
    ]);
  });

  test('a range it cannot read is a 400 naming the field', async () => {
    const cases: Array<[string, string]> = [
      [`from=${F}`, 'to: give the first and the last night, or neither'],
      [`from=${F}&to=${addDays(F, -1)}`, 'to: must be on or after from'],
      [`from=${F}&to=${addDays(F, 731)}`, 'to: a report covers at most 731 nights'],
      [`from=2027-02-30&to=2027-03-01`, 'from: must be a date (YYYY-MM-DD)'],
      [`from=${F}&to=${lastNight}&roomId=penthouse`, 'roomId: no room type with ID penthouse'],
    ];
    for (const [query, message] of cases) {
      const reply = await report(query);
      expect([query, reply.status, reply.body]).toEqual([query, 400, { error: 'Bad Request', message }]);
    }
  });

  test('the GST figures of the month the invoices are dated in: register, tables 7, 12 and 13', async () => {
    const month = today.slice(0, 7);
    const reply = await hotel.owner(`/api/admin/reports/gst?month=${month}`);
    expect(reply.status).toBe(200);
    const fy = reply.body.period.fy as string;
    const series = `INV-${fy.slice(2, 4)}${fy.slice(5, 7)}-`;
    // Eleven invoices: E cancelled, G a no-show and J deleted are cancelled; the eight others are
    // A 18,000, B 20,000, C 6,000, D 3,000, H 6,000, I 6,000 (after its early check-out), and the
    // stays before and after the month, 6,000 and 8,000: ₹73,000, of which B's ₹16,000 at 18%.
    expect(reply.body).toMatchObject({
      period: { month, from: `${month}-01` },
      placeOfSupply: null,
      problems: [expect.stringContaining('GSTIN is not set')],
      register: {
        invoices: 11,
        issued: 8,
        cancelled: 3,
        taxablePaise: 7_300_000,
        cgstPaise: 142_500 + 144_000,
        sgstPaise: 286_500,
        totalPaise: 7_873_000,
      },
      b2c: [
        { type: 'OE', ratePercent: 5, taxablePaise: 5_700_000, igstPaise: 0, cgstPaise: 142_500, sgstPaise: 142_500, cessPaise: 0 },
        { type: 'OE', ratePercent: 18, taxablePaise: 1_600_000, igstPaise: 0, cgstPaise: 144_000, sgstPaise: 144_000, cessPaise: 0 },
      ],
      hsn: [
        { hsn: '996311', uqc: 'NA', quantity: 0, ratePercent: 5, totalValuePaise: 5_985_000, taxablePaise: 5_700_000 },
        { hsn: '996311', uqc: 'NA', quantity: 0, ratePercent: 18, totalValuePaise: 1_888_000, taxablePaise: 1_600_000 },
      ],
      documents: [
        { nature: 'Invoices for outward supply', from: `${series}000001`, to: `${series}000011`, total: 11, cancelled: 3, netIssued: 8 },
      ],
    });
    expect(reply.body.financialYears[0]).toBe(fy);
  });

  test('the invoice register as CSV and as JSON: the same rows, the same totals', async () => {
    const month = today.slice(0, 7);
    const csv = await fetch(`${hotel.url}/api/admin/reports/gst/invoice-register?month=${month}&format=csv`, {
      headers: (await signIn(hotel.url)).headers,
    });
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(csv.headers.get('content-disposition')).toBe(`attachment; filename="gst-invoice-register-${month}.csv"`);
    const text = await csv.text();
    expect(text.endsWith('\r\n')).toBe(true);
    const [header, ...rows] = parseCsv(text);
    expect(header).toEqual([
      'Invoice number',
      'Invoice date',
      'Booking ID',
      'Guest',
      'Status',
      'Taxable value',
      'CGST',
      'SGST',
      'Invoice value',
      'SAC',
      'Place of supply',
    ]);
    expect(rows).toHaveLength(11);
    expect(rows.find((row) => row[2] === ids.E)?.slice(4, 9)).toEqual(['Cancelled (cancelled)', '0.00', '0.00', '0.00', '0.00']);
    expect(rows.find((row) => row[2] === ids.G)?.[4]).toBe('Cancelled (no-show)');
    expect(rows.find((row) => row[2] === ids.J)?.[4]).toBe('Cancelled (deleted)');
    // B: ₹4,000 at 5% and ₹16,000 at 18%: 20,000.00 + 100.00 + 1,440.00 each of CGST and SGST.
    expect(rows.find((row) => row[2] === ids.B)?.slice(4, 10)).toEqual(['Issued', '20000.00', '1540.00', '1540.00', '23080.00', '996311']);
    expect([paiseIn(rows, 5), paiseIn(rows, 6), paiseIn(rows, 7), paiseIn(rows, 8)]).toEqual([7_300_000, 286_500, 286_500, 7_873_000]);

    const json = await hotel.owner(`/api/admin/reports/gst/invoice-register?month=${month}`);
    expect(json.status).toBe(200);
    expect(json.body.totals).toEqual({ taxablePaise: 7_300_000, cgstPaise: 286_500, sgstPaise: 286_500, totalPaise: 7_873_000 });
    expect(json.body.items.map((item: { invoiceNumber: string }) => item.invoiceNumber)).toEqual(rows.map((row) => row[0]));
  });

  test('a deleted booking purged since: its invoice number is counted cancelled in table 13', async () => {
    const month = today.slice(0, 7);
    // As the hourly purge does 30 days after a delete: the booking and its invoice are gone.
    await hotel.db.pool.query('DELETE FROM bookings WHERE booking_id = $1', [ids.J]);
    const { body } = await hotel.owner(`/api/admin/reports/gst?month=${month}`);
    expect(body.register).toMatchObject({ invoices: 10, issued: 8, cancelled: 2, taxablePaise: 7_300_000 });
    expect(body.documents).toMatchObject([{ total: 11, cancelled: 3, netIssued: 8 }]);
    // A purged booking was deleted before: the report's figures do not move.
    expect((await report(`from=${F}&to=${lastNight}`)).body.summary).toMatchObject({ roomNightsSold: 15, arrivals: 8 });
  });

  test('a period it cannot read is a 400 naming the field', async () => {
    const cases: Array<[string, string]> = [
      ['fy=2026-28', 'fy: must be a financial year such as '],
      ['fy=2026-27&month=2026-04', 'fy, month: give one of them, not both'],
      // Year 0 does not exist (PostgreSQL refused it with a 500): a clear 400, on the summary and the exports.
      ['month=0000-01', 'month: must be a month from 2000-01 on, such as '],
      ['fy=0000-01', 'fy: must be a financial year such as '],
      ['month=1999-12', 'month: must be a month from 2000-01 on, such as '],
    ];
    for (const [query, message] of cases) {
      const reply = await hotel.owner(`/api/admin/reports/gst?${query}`);
      expect([query, reply.status, reply.body.message]).toEqual([query, 400, expect.stringContaining(message)]);
    }
    for (const query of ['month=0000-01', 'fy=0000-01']) {
      const reply = await hotel.owner(`/api/admin/reports/gst/invoice-register?${query}&format=csv`);
      expect([query, reply.status]).toEqual([query, 400]);
    }
    expect((await hotel.owner('/api/admin/reports/gst?month=2026-13')).status).toBe(400);
    expect((await hotel.owner('/api/admin/reports/gst/sales-ledger?month=2026-04')).status).toBe(400);
  });

  test('the front desk gets 403 from every report and export; nobody signed in gets 401', async () => {
    const added = await hotel.owner('/api/admin/staff', {
      method: 'POST',
      body: { username: 'Desk Reports', password: 'front desk password 1', role: 'desk' },
    });
    expect(added.status).toBe(201);
    const desk = await signIn(hotel.url, 'Desk Reports', 'front desk password 1');
    for (const path of ['/api/admin/reports', '/api/admin/reports/gst', '/api/admin/reports/gst/invoice-register?format=csv']) {
      const refused = await api(hotel.url, path, { headers: desk.headers });
      expect([path, refused.status, refused.body]).toEqual([
        path,
        403,
        { error: 'Forbidden', message: 'Only the hotel’s owner may do this; front-desk staff cannot.' },
      ]);
      expect([path, (await hotel.guest(path)).status]).toEqual([path, 401]);
    }
  });
});
