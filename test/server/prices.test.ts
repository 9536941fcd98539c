import fc from 'fast-check';
import type { Database } from '../../server/db/database';
import { hotelToday } from '../../server/bookingRules';
import { manageSecret, manageToken } from '../../server/mail/manageLink';
import { addDays } from '../../src/domain/dates';
import { financialYear, invoiceNumber, priceNights } from '../support/gstRule';
import { hostileBodies, hostileValues, pathPart, queryPart, refusalProblem, send } from './support/hostileInputs';
import type { Answer } from './support/hostileInputs';
import { checkInventory } from './support/inventory';
import { confirmBody, daysFromNow } from './support/stays';
import { databaseKinds, startTestDatabase } from './support/testDatabase';
import type { TestDatabase } from './support/testDatabase';
import { api, createAdmin, signIn, siteHeaders, startTestServer } from './support/testServer';
import type { TestServer } from './support/testServer';

describe.each(databaseKinds)('rooms, prices, closures, GST and invoices set by the owner on %s', (kind) => {
  let database: TestDatabase;
  let db: Database;
  let server: TestServer;
  let admin: { headers: Record<string, string> };

  const owner = (path: string, method: string, body?: unknown) => api(server.url, path, { method, body, headers: admin.headers });
  const availability = (checkIn: string, checkOut: string) => api(server.url, `/api/availability?checkIn=${checkIn}&checkOut=${checkOut}`);
  async function book(overrides: Record<string, unknown>) {
    const body = confirmBody(overrides);
    const reply = await api(server.url, '/api/bookings', { method: 'POST', body });
    return { ...reply, guestKey: body.guestKey };
  }
  const nightsOf = (checkIn: string, checkOut: string) => {
    const nights: string[] = [];
    for (let night = checkIn; night < checkOut; night = addDays(night, 1)) nights.push(night);
    return nights;
  };

  beforeAll(async () => {
    database = await startTestDatabase(kind);
    db = await database.open();
    server = await startTestServer(db);
    await createAdmin(db);
    admin = await signIn(server.url);
  });
  afterAll(async () => {
    await server?.close();
    await database?.remove();
  });

  test('a season price changes the availability answer and the total; a stay across the season edge is priced night by night', async () => {
    const edge = daysFromNow(60);
    const checkIn = addDays(edge, -2);
    const checkOut = addDays(edge, 2);
    const before = await availability(checkIn, checkOut);
    expect(before.body.rooms[0]).toMatchObject({ roomId: 'deluxe', stayPaise: 4 * 300_000, minNights: null });

    const season = await owner('/api/admin/price-rules', 'POST', {
      roomId: 'deluxe',
      firstNight: edge,
      lastNight: addDays(edge, 30),
      pricePaise: 800_000,
    });
    expect(season.status).toBe(201);
    const after = await availability(checkIn, checkOut);
    // Each night's CGST and SGST of one room, as the confirm fixes them: 2.5% of ₹3,000, 9% of ₹8,000.
    expect(after.body.rooms[0].nights).toEqual(
      nightsOf(checkIn, checkOut).map((night, i) => ({
        night,
        pricePaise: i < 2 ? 300_000 : 800_000,
        cgstPaise: i < 2 ? 7_500 : 72_000,
        sgstPaise: i < 2 ? 7_500 : 72_000,
        left: 8,
        closed: false,
      })),
    );
    expect(after.body.rooms[0].stayPaise).toBe(2 * 300_000 + 2 * 800_000);
    // The other type keeps its price.
    expect(after.body.rooms[1]).toMatchObject({ roomId: 'executive', stayPaise: 4 * 400_000 });

    const confirmed = await book({ roomId: 'deluxe', rooms: 2, checkIn, checkOut });
    expect(confirmed.status).toBe(201);
    // ₹3,000 nights at 5%, ₹8,000 nights at 18%, two rooms.
    const expected = priceNights(
      nightsOf(checkIn, checkOut).map((night, i) => ({ night, pricePaise: i < 2 ? 300_000 : 800_000 })),
      2,
    );
    expect(confirmed.body.booking).toMatchObject({
      rooms: 2,
      totalPrice: 44_000,
      taxablePaise: 4_400_000,
      cgstPaise: expected.totals.cgstPaise,
      sgstPaise: expected.totals.sgstPaise,
    });
    expect(expected.totals.cgstPaise).toBe(2 * (2 * 7_500 + 2 * 72_000));
    // What the guest was shown before confirming (the availability answer's nights, times the rooms) is what the confirm fixed.
    const shown = (part: 'pricePaise' | 'cgstPaise' | 'sgstPaise') =>
      (after.body.rooms[0].nights as Array<Record<typeof part, number>>).reduce((sum, n) => sum + n[part] * 2, 0);
    expect({ taxablePaise: shown('pricePaise'), cgstPaise: shown('cgstPaise'), sgstPaise: shown('sgstPaise') }).toEqual({
      taxablePaise: confirmed.body.booking.taxablePaise,
      cgstPaise: confirmed.body.booking.cgstPaise,
      sgstPaise: confirmed.body.booking.sgstPaise,
    });

    const invoice = await api(server.url, `/api/bookings/${confirmed.body.booking.bookingId}/invoice`, {
      headers: { 'x-guest-key': confirmed.guestKey },
    });
    expect(invoice.status).toBe(200);
    expect(invoice.body).toMatchObject({ sac: '996311', lines: expected.lines, ...expected.totals, invoiceDate: hotelToday() });
  });

  test('the database taxes ₹7,500.00 a night at 5% and ₹7,500.01 at 18%, as the domain does, for any price', async () => {
    const first = daysFromNow(100);
    await owner('/api/admin/price-rules', 'POST', { roomId: 'executive', firstNight: first, lastNight: first, pricePaise: 750_000 });
    await owner('/api/admin/price-rules', 'POST', {
      roomId: 'executive',
      firstNight: addDays(first, 1),
      lastNight: addDays(first, 1),
      pricePaise: 750_001,
    });
    const confirmed = await book({ roomId: 'executive', rooms: 1, checkIn: first, checkOut: addDays(first, 2) });
    expect(confirmed.body.booking).toMatchObject({ taxablePaise: 1_500_001, cgstPaise: 18_750 + 67_500, sgstPaise: 18_750 + 67_500 });
    // Property: the SQL that fixes a booking's tax (stay_nights, gst_rates) agrees with the README's rule (test/support/gstRule.ts) to the paisa.
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 0, max: 10_000_000 }), async (price) => {
        const { rows } = await db.pool.query<{ cgst_paise: number; sgst_paise: number }>(
          `SELECT ((p::bigint * g.cgst_bp + 5000) / 10000)::int AS cgst_paise, ((p::bigint * g.sgst_bp + 5000) / 10000)::int AS sgst_paise
             FROM (SELECT $1::int AS p) x CROSS JOIN LATERAL gst_rates(x.p) g`,
          [price],
        );
        const [line] = priceNights([{ night: first, pricePaise: price }], 1).lines;
        expect(rows[0]).toEqual({ cgst_paise: line!.cgstPaise, sgst_paise: line!.sgstPaise });
      }),
      { numRuns: 200 },
    );
  });

  test('the database gives a date the financial year of the rule (April to March), for any date: its invoice numbers and the GST returns’ periods alike', async () => {
    const day = fc.integer({ min: 0, max: 44_000 }).map((n) => addDays('1990-01-01', n));
    await fc.assert(
      fc.asyncProperty(day, async (date) => {
        const { rows } = await db.pool.query<{ fy: string; first_day: string; last_day: string }>(
          `SELECT financial_year($1::date) AS fy, to_char(d.first_day, 'YYYY-MM-DD') AS first_day, to_char(d.last_day, 'YYYY-MM-DD') AS last_day
             FROM financial_year_days(financial_year($1::date)) AS d`,
          [date],
        );
        expect(rows[0]!.fy).toBe(financialYear(date));
        // The period a return for that year covers (server/reports/gstReturns.ts asks the same function).
        const start = Number(rows[0]!.fy.slice(0, 4));
        expect([rows[0]!.first_day, rows[0]!.last_day]).toEqual([`${start}-04-01`, `${start + 1}-03-31`]);
      }),
      { numRuns: 300, examples: [['2026-03-31'], ['2026-04-01'], ['2099-12-31'], ['2100-01-01']] },
    );
  });

  test('the prices worked out ahead (night_prices) are the rule’s own after every kind of change, inside and past their three years', async () => {
    // A stay inside the cache, one across its end (three years ahead, as far as a rule can reach), and one past it.
    const stays = [
      [daysFromNow(5), daysFromNow(40)],
      [daysFromNow(990), daysFromNow(1010)],
      [daysFromNow(1085), daysFromNow(1110)],
      [daysFromNow(1150), daysFromNow(1160)],
    ] as const;
    const priced = async (fn: 'stay_nights' | 'price_nights') => {
      const answers = [];
      for (const roomId of ['deluxe', 'executive'])
        for (const [checkIn, checkOut] of stays)
          answers.push(
            (await db.pool.query(`SELECT * FROM ${fn}($1, $2::date, $3::date)`, [roomId, checkIn, checkOut])).rows.map((row) => ({
              roomId,
              ...row,
            })),
          );
      return answers;
    };
    const expectCacheToFollowTheRule = async () => expect(await priced('stay_nights')).toEqual(await priced('price_nights'));
    const seasonPrice = async () =>
      (
        await db.pool.query<{ price_paise: number }>(`SELECT price_paise FROM stay_nights('deluxe', $1::date, $2::date)`, [
          daysFromNow(1097),
          daysFromNow(1098),
        ])
      ).rows[0]!.price_paise;

    await expectCacheToFollowTheRule();
    const season = await owner('/api/admin/price-rules', 'POST', {
      roomId: 'deluxe',
      firstNight: daysFromNow(1000),
      lastNight: daysFromNow(1098),
      pricePaise: 777_700,
    });
    expect(season.status).toBe(201);
    await owner('/api/admin/price-rules', 'POST', {
      roomId: 'deluxe',
      firstNight: daysFromNow(1050),
      lastNight: daysFromNow(1098),
      weekdays: [5, 6],
      pricePaise: 900_000,
    });
    await expectCacheToFollowTheRule();
    expect([777_700, 900_000]).toContain(await seasonPrice());

    const roomType = await owner('/api/admin/room-types/executive', 'PUT', { rooms: 4, pricePaise: 480_000, discountPricePaise: 430_000 });
    expect(roomType.status).toBe(200);
    await expectCacheToFollowTheRule();
    const setSlabs = (upToPaise: number, lowBasisPoints: number) =>
      owner('/api/admin/hotel-settings', 'PUT', {
        legalName: '',
        address: '',
        gstin: '',
        gstSlabs: [
          { upToPaise, cgstBasisPoints: lowBasisPoints, sgstBasisPoints: lowBasisPoints },
          { upToPaise: null, cgstBasisPoints: 900, sgstBasisPoints: 900 },
        ],
      });
    const slabs = await setSlabs(800_000, 300);
    expect(slabs.status).toBe(200);
    await expectCacheToFollowTheRule();

    expect((await owner(`/api/admin/price-rules/${season.body.id}`, 'DELETE')).status).toBe(204);
    await expectCacheToFollowTheRule();
    // The defaults back, for the tests after this one.
    await owner('/api/admin/room-types/executive', 'PUT', { rooms: 4, pricePaise: 450_000, discountPricePaise: 400_000 });
    await setSlabs(750_000, 250);
    await db.pool.query('DELETE FROM price_rules WHERE room_id = $1 AND price_paise = 900000', ['deluxe']);
    await expectCacheToFollowTheRule();
  });

  test('a booking keeps its price after the rates change', async () => {
    const checkIn = daysFromNow(120);
    const checkOut = addDays(checkIn, 3);
    const confirmed = await book({ roomId: 'executive', rooms: 1, checkIn, checkOut });
    expect(confirmed.body.booking).toMatchObject({ taxablePaise: 1_200_000, totalPrice: 12_000 });
    const { bookingId } = confirmed.body.booking;
    const invoiceBefore = await api(server.url, `/api/admin/bookings/${bookingId}/invoice`, { headers: admin.headers });

    await owner('/api/admin/price-rules', 'POST', { roomId: 'executive', firstNight: checkIn, lastNight: checkOut, pricePaise: 990_000 });
    await owner('/api/admin/room-types/executive', 'PUT', { rooms: 4, pricePaise: 600_000, discountPricePaise: 550_000 });
    expect((await availability(checkIn, checkOut)).body.rooms[1].stayPaise).toBe(3 * 990_000);

    const lookup = await api(server.url, `/api/bookings/${bookingId}`, { headers: { 'x-guest-key': confirmed.guestKey } });
    expect(lookup.body.booking).toMatchObject({ taxablePaise: 1_200_000, totalPrice: 12_000, cgstPaise: 3 * 10_000 });
    const invoiceAfter = await api(server.url, `/api/admin/bookings/${bookingId}/invoice`, { headers: admin.headers });
    expect(invoiceAfter.body).toEqual(invoiceBefore.body);
    await owner('/api/admin/room-types/executive', 'PUT', { rooms: 4, pricePaise: 450_000, discountPricePaise: 400_000 });
  });

  test("a guest's change of dates is priced again from the rules, and the invoice keeps its number", async () => {
    const checkIn = daysFromNow(130);
    await owner('/api/admin/price-rules', 'POST', {
      roomId: 'deluxe',
      firstNight: addDays(checkIn, 3),
      lastNight: addDays(checkIn, 3),
      pricePaise: 900_000,
    });
    const confirmed = await book({ roomId: 'deluxe', rooms: 1, checkIn, checkOut: addDays(checkIn, 2) });
    const { bookingId, invoiceNumber } = confirmed.body.booking;
    const token = manageToken(await manageSecret(db.pool), bookingId, 1);
    // The guest is shown the total the change will charge before confirming it.
    const quoted = await api(server.url, '/api/manage/quote', {
      method: 'POST',
      body: { checkIn: addDays(checkIn, 2), checkOut: addDays(checkIn, 4), rooms: 1 },
      headers: { 'x-manage-token': token },
    });
    expect(quoted.body).toMatchObject({ totalPrice: 12_000, previousTotal: 6_000 });
    const changed = await api(server.url, '/api/manage', {
      method: 'PUT',
      body: { checkIn: addDays(checkIn, 2), checkOut: addDays(checkIn, 4), rooms: 1 },
      headers: { 'x-manage-token': token },
    });
    expect(changed.status).toBe(200);
    // ₹3,000 (5%) and ₹9,000 (18%) now.
    expect(changed.body.booking).toMatchObject({ taxablePaise: 1_200_000, cgstPaise: 7_500 + 81_000, invoiceNumber, totalPrice: 12_000 });
    const invoice = await api(server.url, `/api/admin/bookings/${bookingId}/invoice`, { headers: admin.headers });
    expect(invoice.body.lines.map((l: { pricePaise: number }) => l.pricePaise)).toEqual([300_000, 900_000]);
    expect(invoice.body.invoiceNumber).toBe(invoiceNumber);
  });

  test('the rooms of a type hold at once and cannot go below the rooms taken on a future night, which are named', async () => {
    const checkIn = daysFromNow(140);
    const confirmed = await book({ roomId: 'executive', rooms: 3, checkIn, checkOut: addDays(checkIn, 2) });
    expect(confirmed.status).toBe(201);
    const refused = await owner('/api/admin/room-types/executive', 'PUT', { rooms: 2, pricePaise: 450_000, discountPricePaise: 400_000 });
    expect(refused.status).toBe(409);
    expect(refused.body.nights).toEqual([
      { night: checkIn, taken: 3 },
      { night: addDays(checkIn, 1), taken: 3 },
    ]);
    const longDay = (iso: string) =>
      new Date(`${iso}T00:00:00Z`).toLocaleDateString('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });
    expect(refused.body.message).toBe(
      `The hotel cannot have 2 Suit Rooms: more are taken on ${longDay(checkIn)} (3 taken), ${longDay(addDays(checkIn, 1))} (3 taken).`,
    );

    // More rooms: another server instance on the same database sees them at once.
    const second = await startTestServer(db);
    try {
      expect(
        (await owner('/api/admin/room-types/executive', 'PUT', { rooms: 6, pricePaise: 450_000, discountPricePaise: 400_000 })).status,
      ).toBe(200);
      const seen = await api(second.url, `/api/availability?checkIn=${checkIn}&checkOut=${addDays(checkIn, 2)}`);
      expect(seen.body.rooms[1]).toMatchObject({ capacity: 6, left: 3 });
      expect((await book({ roomId: 'executive', rooms: 3, checkIn, checkOut: addDays(checkIn, 1) })).status).toBe(201);
    } finally {
      await second.close();
    }

    // Out of service: two rooms on the second night count as taken.
    const out = await owner('/api/admin/room-types/executive/out-of-service', 'PUT', {
      firstNight: addDays(checkIn, 1),
      lastNight: addDays(checkIn, 1),
      rooms: 2,
    });
    expect(out.status).toBe(200);
    expect((await availability(addDays(checkIn, 1), addDays(checkIn, 2))).body.rooms[1]).toMatchObject({ left: 1 });
    const full = await book({ roomId: 'executive', rooms: 2, checkIn: addDays(checkIn, 1), checkOut: addDays(checkIn, 2) });
    expect(full.status).toBe(409);
    expect(full.body.message).toBe('Only 1 Suit Room is left for those dates.');
    // 3 booked + 2 out on that night: 5 rooms is too few, and so is taking 4 out.
    expect(
      (await owner('/api/admin/room-types/executive', 'PUT', { rooms: 4, pricePaise: 450_000, discountPricePaise: 400_000 })).status,
    ).toBe(409);
    const tooMany = await owner('/api/admin/room-types/executive/out-of-service', 'PUT', {
      firstNight: checkIn,
      lastNight: checkIn,
      rooms: 1,
    });
    expect(tooMany.status).toBe(409);
    expect(tooMany.body.nights).toEqual([{ night: checkIn, taken: 6 }]);
    expect((await checkInventory(db.pool)).problems).toEqual([]);
    // Put back as it was, for the tests after.
    await owner('/api/admin/room-types/executive/out-of-service', 'PUT', {
      firstNight: addDays(checkIn, 1),
      lastNight: addDays(checkIn, 1),
      rooms: 0,
    });
  });

  test('a closure and a minimum stay refuse the booking with a clear message, and availability shows them', async () => {
    const closed = daysFromNow(170);
    const closure = await owner('/api/admin/closures', 'POST', { roomId: null, firstNight: closed, lastNight: addDays(closed, 1) });
    expect(closure.status).toBe(201);
    const shown = await availability(addDays(closed, -1), addDays(closed, 1));
    expect(shown.body.rooms[0].nights.map((n: { closed: boolean }) => n.closed)).toEqual([false, true]);
    const refused = await book({ roomId: 'deluxe', checkIn: addDays(closed, -1), checkOut: addDays(closed, 3) });
    expect(refused.status).toBe(409);
    expect(refused.body.nights).toEqual([closed, addDays(closed, 1)]);
    expect(refused.body.message).toMatch(
      /^Classic Rooms cannot be booked for the nights of \d+ \w+ \d{4} and \d+ \w+ \d{4}: the hotel is closed\. Please choose other dates\.$/,
    );

    const arrival = daysFromNow(180);
    const rule = await owner('/api/admin/min-stays', 'POST', {
      roomId: 'executive',
      firstNight: arrival,
      lastNight: addDays(arrival, 6),
      nights: 3,
    });
    expect(rule.status).toBe(201);
    expect((await availability(arrival, addDays(arrival, 2))).body.rooms.map((r: { minNights: number | null }) => r.minNights)).toEqual([
      null,
      3,
    ]);
    const short = await book({ roomId: 'executive', checkIn: arrival, checkOut: addDays(arrival, 2) });
    expect(short.status).toBe(409);
    expect(short.body).toMatchObject({ minNights: 3 });
    expect(short.body.message).toMatch(/^Stays arriving on \d+ \w+ \d{4} must be at least 3 nights\. Please choose a later check-out\.$/);
    expect((await book({ roomId: 'executive', checkIn: arrival, checkOut: addDays(arrival, 3) })).status).toBe(201);
    // Removing the closure opens the nights again.
    expect((await owner(`/api/admin/closures/${closure.body.id}`, 'DELETE')).status).toBe(204);
    expect((await book({ roomId: 'deluxe', checkIn: closed, checkOut: addDays(closed, 1) })).status).toBe(201);
    // Refusals take nothing and use no invoice number.
    const { rows } = await db.pool.query<{ n: number }>('SELECT count(*)::int AS n FROM bookings WHERE check_in = $1 AND room_id = $2', [
      addDays(closed, -1),
      'deluxe',
    ]);
    expect(rows[0]!.n).toBe(0);
  });

  test('100 concurrent confirms get 100 distinct consecutive invoice numbers of this financial year', async () => {
    const fy = financialYear(hotelToday());
    const { rows: start } = await db.pool.query<{ last: number }>('SELECT last FROM invoice_counters WHERE fy = $1', [fy]);
    const first = (start[0]?.last ?? 0) + 1;
    // Forty nights, each wanted by up to three confirms of one type at once: every one fits.
    const replies = await Promise.all(
      Array.from({ length: 100 }, (_, i) =>
        book({
          roomId: i % 2 ? 'deluxe' : 'executive',
          rooms: 1,
          checkIn: daysFromNow(400 + (i % 40)),
          checkOut: daysFromNow(401 + (i % 40)),
        }),
      ),
    );
    const numbers = replies.filter((r) => r.status === 201).map((r) => r.body.booking.invoiceNumber as string);
    expect(replies.filter((r) => r.status !== 201).map((r) => r.status)).toEqual([]);
    expect(new Set(numbers).size).toBe(100);
    expect(numbers.every((n) => n.length <= 16)).toBe(true);
    expect([...numbers].sort()).toEqual(Array.from({ length: 100 }, (_, i) => invoiceNumber(fy, first + i)));
  });

  test('refused confirms under load leave no gap in the invoice numbers', async () => {
    const fy = financialYear(hotelToday());
    const night = daysFromNow(450);
    // 30 confirms for 8 Classic Rooms on one night: 8 stored, 22 refused.
    const replies = await Promise.all(
      Array.from({ length: 30 }, () => book({ roomId: 'deluxe', rooms: 1, checkIn: night, checkOut: addDays(night, 1) })),
    );
    expect(replies.filter((r) => r.status === 201)).toHaveLength(8);
    const { rows } = await db.pool.query<{ invoice_number: string }>('SELECT invoice_number FROM invoices');
    const sequence = rows.map((r) => Number(r.invoice_number.slice(-6))).sort((a, b) => a - b);
    expect(sequence).toEqual(Array.from({ length: sequence.length }, (_, i) => i + 1));
    const counter = await db.pool.query<{ last: number }>('SELECT last FROM invoice_counters WHERE fy = $1', [fy]);
    expect(counter.rows[0]!.last).toBe(sequence.length);
  });

  test('a booking a kill left without its invoice number gets the next number before any later booking, with no gap', async () => {
    const fy = financialYear(hotelToday());
    // A confirm whose process died right after its commit leaves this: the priced booking, no number.
    const orphan = confirmBody({ checkIn: daysFromNow(470), checkOut: daysFromNow(471) });
    await db.pool.query(
      `SELECT * FROM confirm_booking($1, $2, sha256('key'::bytea), 'executive', 'Executive Room', 0, 1, $3, $4, $5, NULL, $6, NULL, NULL, NULL)`,
      [orphan.draftId, orphan.bookingId, orphan.checkIn, orphan.checkOut, orphan.email, hotelToday()],
    );
    const numberOf = async (bookingId: string) =>
      (await db.pool.query<{ invoice_number: string }>('SELECT invoice_number FROM invoices WHERE booking_id = $1', [bookingId])).rows[0]
        ?.invoice_number ?? null;
    expect(await numberOf(orphan.bookingId)).toBeNull();
    const { rows: start } = await db.pool.query<{ last: number }>('SELECT last FROM invoice_counters WHERE fy = $1', [fy]);
    const next = (start[0]?.last ?? 0) + 1;

    const later = await book({ checkIn: daysFromNow(472), checkOut: daysFromNow(473) });
    expect(later.status).toBe(201);
    expect(later.body.booking.invoiceNumber).toBe(invoiceNumber(fy, next + 1));
    expect(await numberOf(orphan.bookingId)).toBe(invoiceNumber(fy, next));
  });

  test('the legal details and GSTIN are the owner’s, shown on the invoice the guest opens with the key, not without it', async () => {
    const settings = {
      legalName: 'Valley View Hospitality Pvt Ltd',
      address: '12 Hill Road, Munnar, Kerala 685612',
      gstin: '32abcde1234f1z5',
      gstSlabs: [
        { upToPaise: 750_000, cgstBasisPoints: 250, sgstBasisPoints: 250 },
        { upToPaise: null, cgstBasisPoints: 900, sgstBasisPoints: 900 },
      ],
    };
    const saved = await owner('/api/admin/hotel-settings', 'PUT', settings);
    expect(saved.status).toBe(200);
    expect(saved.body.gstin).toBe('32ABCDE1234F1Z5');
    const confirmed = await book({ roomId: 'deluxe', checkIn: daysFromNow(200), checkOut: daysFromNow(201) });
    const id = confirmed.body.booking.bookingId;
    const invoice = await api(server.url, `/api/bookings/${id}/invoice`, { headers: { 'x-guest-key': confirmed.guestKey } });
    expect(invoice.body.hotel).toEqual({ legalName: settings.legalName, address: settings.address, gstin: '32ABCDE1234F1Z5' });
    expect(invoice.body).toMatchObject({ taxablePaise: 300_000, cgstPaise: 7_500, sgstPaise: 7_500, totalPaise: 315_000 });
    expect((await api(server.url, `/api/bookings/${id}/invoice`)).status).toBe(404);
    expect((await api(server.url, `/api/bookings/${id}/invoice`, { headers: { 'x-guest-key': 'A'.repeat(43) } })).status).toBe(404);
    expect((await api(server.url, `/api/admin/bookings/${id.toLowerCase()}/invoice`, { headers: admin.headers })).body.invoiceNumber).toBe(
      confirmed.body.booking.invoiceNumber,
    );
    // The admin table's row links the invoice by its number (a search reads it for the page's rows).
    const listed = await api(server.url, `/api/admin/bookings?q=${id}`, { headers: admin.headers });
    expect(listed.body.items).toEqual([expect.objectContaining({ bookingId: id, invoiceNumber: confirmed.body.booking.invoiceNumber })]);
    expect((await owner('/api/admin/hotel-settings', 'PUT', { ...settings, gstin: '32ABCDE1234F1Z' })).body.message).toBe(
      'gstin: must be a GSTIN of 15 characters, like 29ABCDE1234F1Z5',
    );
  });

  test('every change needs a signed-in admin and the CSRF token, and is audited with the old and new values', async () => {
    const writes: Array<[string, string, unknown]> = [
      ['PUT', '/api/admin/room-types/deluxe', { rooms: 9, pricePaise: 350_000, discountPricePaise: 310_000 }],
      ['PUT', '/api/admin/room-types/deluxe/out-of-service', { firstNight: daysFromNow(300), lastNight: daysFromNow(300), rooms: 1 }],
      [
        'POST',
        '/api/admin/price-rules',
        { roomId: 'deluxe', firstNight: daysFromNow(300), lastNight: daysFromNow(310), weekdays: [5, 6], pricePaise: 500_000 },
      ],
      ['POST', '/api/admin/closures', { roomId: 'deluxe', firstNight: daysFromNow(320), lastNight: daysFromNow(320) }],
      ['POST', '/api/admin/min-stays', { roomId: null, firstNight: daysFromNow(330), lastNight: daysFromNow(331), nights: 2 }],
      [
        'PUT',
        '/api/admin/hotel-settings',
        { legalName: 'X', address: 'Y', gstin: '', gstSlabs: [{ upToPaise: null, cgstBasisPoints: 900, sgstBasisPoints: 900 }] },
      ],
    ];
    for (const [method, path, body] of writes) {
      expect([method, path, (await api(server.url, path, { method, body })).status]).toEqual([method, path, 401]);
      expect([method, path, (await api(server.url, path, { method, body, headers: { cookie: admin.headers.cookie! } })).status]).toEqual([
        method,
        path,
        403,
      ]);
      expect([method, path, (await api(server.url, path, { method, body, headers: { 'x-guest-key': 'A'.repeat(43) } })).status]).toEqual([
        method,
        path,
        403,
      ]);
    }
    const before = await owner('/api/admin/room-types/deluxe', 'PUT', { rooms: 9, pricePaise: 350_000, discountPricePaise: 310_000 });
    expect(before.status).toBe(200);
    const audit = await api(server.url, '/api/admin/settings-audit', { headers: admin.headers });
    expect(audit.body.items[0]).toMatchObject({
      username: 'admin',
      subject: 'room type deluxe',
      oldValue: { roomId: 'deluxe', rooms: 8, pricePaise: 350_000, discountPricePaise: 300_000 },
      newValue: { roomId: 'deluxe', rooms: 9, pricePaise: 350_000, discountPricePaise: 310_000 },
    });
    const calendar = await api(server.url, `/api/admin/prices?from=${daysFromNow(300)}&days=2`, { headers: admin.headers });
    expect(calendar.body.roomTypes[0]).toMatchObject({ roomId: 'deluxe', title: 'Classic Room', rooms: 9, discountPricePaise: 310_000 });
    expect(calendar.body.roomTypes[0].nights[0]).toMatchObject({ night: daysFromNow(300), pricePaise: 310_000, booked: 0, left: 9 });
    await owner('/api/admin/room-types/deluxe', 'PUT', { rooms: 8, pricePaise: 350_000, discountPricePaise: 300_000 });
  });

  test('hostile input on every new endpoint is refused with a 4xx naming the problem, and changes nothing', async () => {
    const counts = async () =>
      (
        await db.pool.query<{ n: string }>(
          `SELECT (SELECT count(*) FROM price_rules) || '/' || (SELECT count(*) FROM closures) || '/' || (SELECT count(*) FROM min_stays)
                  || '/' || (SELECT rooms FROM room_types WHERE room_id = 'deluxe') || '/' || (SELECT legal_name FROM hotel_settings) AS n`,
        )
      ).rows[0]!.n;
    const before = await counts();
    const headers = { ...siteHeaders, ...admin.headers };
    const night = daysFromNow(500);
    const valid: Record<string, [string, string, Record<string, unknown>]> = {
      roomType: ['PUT', '/api/admin/room-types/deluxe', { rooms: 8, pricePaise: 350_000, discountPricePaise: 300_000 }],
      outOfService: ['PUT', '/api/admin/room-types/deluxe/out-of-service', { firstNight: night, lastNight: night, rooms: 0 }],
      rule: ['POST', '/api/admin/price-rules', { roomId: 'deluxe', firstNight: night, lastNight: night, pricePaise: 1 }],
      closure: ['POST', '/api/admin/closures', { roomId: 'deluxe', firstNight: night, lastNight: night }],
      minStay: ['POST', '/api/admin/min-stays', { roomId: 'deluxe', firstNight: night, lastNight: night, nights: 2 }],
      settings: [
        'PUT',
        '/api/admin/hotel-settings',
        { legalName: '', address: '', gstin: '', gstSlabs: [{ upToPaise: null, cgstBasisPoints: 0, sgstBasisPoints: 0 }] },
      ],
    };
    const problems: string[] = [];
    const check = (what: string, answer: Answer) => {
      const problem = refusalProblem(answer);
      if (problem) problems.push(`${what}: ${problem} ${answer.text.slice(0, 120)}`);
    };
    /** Values a field may really hold: a whole number where a number goes, null where "every type" is meant, text in free text. */
    const acceptable = (field: string, value: unknown) => {
      const text = typeof value === 'string' ? value : JSON.stringify(value);
      if (['rooms', 'pricePaise', 'discountPricePaise', 'nights'].includes(field) && /^\[?[0-9]+\]?$/.test(text)) return true;
      if (field === 'roomId' && value === null) return true;
      if (field === 'weekdays' && /^\[[1-7]\]$/.test(text)) return true;
      return false;
    };
    for (const [name, value] of hostileValues) {
      for (const [method, path, body] of Object.values(valid))
        for (const field of [...Object.keys(body), 'weekdays', 'extra']) {
          if (acceptable(field, value) || (field === 'weekdays' && !path.endsWith('price-rules'))) continue;
          if (path.endsWith('hotel-settings') && (field === 'legalName' || field === 'address') && typeof value === 'string') continue;
          check(
            `${method} ${path} ${field}=${name}`,
            await send(server.url + path, { method, headers, body: JSON.stringify({ ...body, [field]: value }) }),
          );
        }
      if (!/^[a-z][a-z0-9-]*$/.test(String(value)))
        check(
          `room type path ${name}`,
          await send(`${server.url}/api/admin/room-types/${pathPart(value)}`, {
            method: 'PUT',
            headers,
            body: JSON.stringify(valid.roomType![2]),
          }),
        );
      if (!/^[1-9][0-9]*$/.test(String(value)))
        check(`rule path ${name}`, await send(`${server.url}/api/admin/price-rules/${pathPart(value)}`, { method: 'DELETE', headers }));
      for (const key of ['from', 'days'])
        if (!(key === 'days' && /^\[?[1-9][0-9]{0,2}\]?$/.test(typeof value === 'string' ? value : JSON.stringify(value))))
          check(`prices ${key}=${name}`, await send(`${server.url}/api/admin/prices?${queryPart(key, value)}`, { headers }));
      check(
        `invoice ${name}`,
        await send(`${server.url}/api/bookings/${pathPart(value)}/invoice`, {
          headers: { 'x-guest-key': String(value).slice(0, 100) },
        }).catch(() => ({
          status: 400,
          headers: new Headers({ 'content-type': 'application/json' }),
          text: '',
          json: { error: 'x', message: 'header refused by fetch' },
        })),
      );
    }
    for (const [name, type, body] of hostileBodies)
      for (const [method, path] of Object.values(valid)) {
        // The 1 MB body and the deepest nesting are refused for size before anything else.
        check(`${method} ${path} ${name}`, await send(server.url + path, { method, headers: { ...headers, 'content-type': type }, body }));
      }
    // Ranges the schema takes but the hotel cannot: backwards, in the past, years long, 30 February.
    for (const [firstNight, lastNight] of [
      [addDays(night, 1), night],
      [daysFromNow(-10), daysFromNow(-5)],
      [night, addDays(night, 800)],
      ['2027-02-30', '2027-03-01'],
    ])
      check(
        `range ${firstNight}..${lastNight}`,
        await send(`${server.url}/api/admin/closures`, {
          method: 'POST',
          headers,
          body: JSON.stringify({ roomId: null, firstNight, lastNight }),
        }),
      );
    check(
      'unknown room',
      await send(`${server.url}/api/admin/price-rules`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ ...valid.rule![2], roomId: 'penthouse' }),
      }),
    );
    check(
      'slabs not rising',
      await send(`${server.url}/api/admin/hotel-settings`, {
        method: 'PUT',
        headers,
        body: JSON.stringify({ ...valid.settings![2], gstSlabs: [{ upToPaise: 100, cgstBasisPoints: 1, sgstBasisPoints: 1 }] }),
      }),
    );
    expect(problems).toEqual([]);
    expect(await counts()).toBe(before);
  });
});
