import fc from 'fast-check';
import { hotelToday } from '../../server/bookingRules';
import { addDays } from '../../src/domain/dates';
import { formatPaise } from '../../src/domain/tax';
import { startHotel } from './support/hotel';
import type { TestHotel } from './support/hotel';
import { confirmBody } from './support/stays';
import { databaseKinds } from './support/testDatabase';
import { api, signIn } from './support/testServer';

/** 12:00 in India on that day. */
const indiaNoon = (date: string) => new Date(`${date}T06:30:00Z`);

/** The README's GST rule for one line: CGST and SGST of one unit, each half the rate, rounded half up; times the quantity. */
const halfGst = (unitPaise: number, gstBasisPoints: number, quantity: number) =>
  Math.floor((unitPaise * (gstBasisPoints / 2) + 5_000) / 10_000) * quantity;

type Session = Awaited<ReturnType<typeof signIn>>;
interface Line {
  id: number | null;
  kind: string;
  description: string;
  taxablePaise: number;
  cgstPaise: number;
  sgstPaise: number;
  amountPaise: number;
  staff: string;
  reverses: number | null;
  reversedBy: number | null;
}

// Issue 40: the running bill of a stay over real HTTP, on every kind of database.
describe.each(databaseKinds)('the bill at the desk on %s', (kind) => {
  let hotel: TestHotel;
  let desk: Session;
  let clock: Date | null = null;
  /** Each test's stays on days of their own, ahead of the real clock. */
  let nextDay = 20;
  const day = () => addDays(hotelToday(), (nextDay += 3));

  const as = (session: Session | null, path: string, init: { method?: string; body?: unknown } = {}) =>
    api(hotel.url, path, { ...init, headers: session?.headers ?? {} });
  const owner = (path: string, init: { method?: string; body?: unknown } = {}) => hotel.owner(path, init);
  const bill = (bookingId: string) => `/api/admin/bookings/${bookingId}/bill`;
  const move = (session: Session | null, bookingId: string, to: string, extra: Record<string, unknown> = {}) =>
    session
      ? as(session, `/api/admin/bookings/${bookingId}/status`, { method: 'POST', body: { to, ...extra } })
      : owner(`/api/admin/bookings/${bookingId}/status`, { method: 'POST', body: { to, ...extra } });
  const serviceId = async (name: string) =>
    ((await owner('/api/admin/services')).body.items as Array<{ id: number; name: string }>).find((s) => s.name === name)!.id;

  /** A guest's booking for `nights` nights from a day of its own, checked in at noon that day (the clock stays there). */
  async function checkedIn(nights = 2, roomId = 'executive') {
    const checkIn = day();
    clock = indiaNoon(checkIn);
    const body = confirmBody({ roomId, checkIn, checkOut: addDays(checkIn, nights) });
    const booked = await hotel.guest('/api/bookings', { method: 'POST', body });
    expect(booked.status).toBe(201);
    const { bookingId } = booked.body.booking as { bookingId: string };
    return { bookingId, guestKey: body.guestKey, checkIn };
  }

  beforeAll(async () => {
    hotel = await startHotel(kind, { now: () => clock ?? new Date() });
    const added = await hotel.owner('/api/admin/staff', {
      method: 'POST',
      body: { username: 'Meena', password: 'front desk password 1', role: 'desk' },
    });
    expect(added.status).toBe(201);
    desk = await signIn(hotel.url, 'Meena', 'front desk password 1');
  });
  afterAll(async () => {
    await hotel?.stop();
  });

  test('the catalogue: every staff member reads it, only the owner changes it, nobody else reaches any of it', async () => {
    const items = (await as(desk, '/api/admin/services')).body.items as Array<{ name: string; sac: string; gstBasisPoints: number }>;
    expect(items.map((s) => [s.name, s.sac, s.gstBasisPoints])).toEqual(
      expect.arrayContaining([
        ['Restaurant', '996331', 500],
        ['Laundry', '999712', 1800],
        ['Jeep ride', '996601', 1800],
        ['Bonfire', '999699', 1800],
      ]),
    );
    const tea = { name: 'Tea garden walk', sac: '999699', pricePaise: 40000, gstBasisPoints: 1800, active: true };
    expect((await as(desk, '/api/admin/services', { method: 'POST', body: tea })).status).toBe(403);
    expect((await as(null, '/api/admin/services')).status).toBe(401);
    const made = await owner('/api/admin/services', { method: 'POST', body: tea });
    expect(made.status).toBe(201);
    expect((await as(desk, `/api/admin/services/${made.body.id}`, { method: 'PUT', body: { ...tea, pricePaise: 1 } })).status).toBe(403);
    const changed = await owner(`/api/admin/services/${made.body.id}`, { method: 'PUT', body: { ...tea, pricePaise: 45000 } });
    expect(changed.body).toMatchObject({ id: made.body.id, pricePaise: 45000 });
    const again = await owner('/api/admin/services', { method: 'POST', body: { ...tea, name: 'TEA GARDEN WALK' } });
    expect([again.status, again.body.message]).toEqual([409, 'A service named “TEA GARDEN WALK” is already in the catalogue.']);
    // Malformed: a clear 400 naming the field.
    for (const [body, field] of [
      [{ ...tea, sac: '12345' }, 'sac'],
      [{ ...tea, gstBasisPoints: 3000 }, 'gstBasisPoints'],
      [{ ...tea, pricePaise: -1 }, 'pricePaise'],
      [{ ...tea, name: '' }, 'name'],
    ] as const) {
      const refused = await owner('/api/admin/services', { method: 'POST', body });
      expect(refused.status).toBe(400);
      expect(refused.body.message).toContain(field);
    }
    const audit = await hotel.db.pool.query(`SELECT username, subject FROM settings_audit WHERE subject = $1 ORDER BY id`, [
      `service ${made.body.id}`,
    ]);
    expect(audit.rows).toEqual([
      { username: 'admin', subject: `service ${made.body.id}` },
      { username: 'admin', subject: `service ${made.body.id}` },
    ]);
  });

  test('a stay: posted from check-in, audited by name, reversed once, check-out refused while due and allowed once paid', async () => {
    const { bookingId, guestKey, checkIn } = await checkedIn();
    const restaurant = await serviceId('Restaurant');
    const jeep = await serviceId('Jeep ride');
    const charge = (session: Session | null, body: Record<string, unknown>) =>
      as(session, `${bill(bookingId)}/charges`, { method: 'POST', body });

    // Before check-in nothing is posted; a guest or nobody never reads or posts.
    const early = await charge(desk, { serviceId: restaurant, quantity: 1 });
    expect([early.status, early.body.message]).toEqual([
      409,
      'Charges and payments are posted from check-in: this guest is not checked in.',
    ]);
    expect((await move(desk, bookingId, 'checked_in')).status).toBe(200);
    expect((await as(null, bill(bookingId))).status).toBe(401);
    expect((await charge(null, { serviceId: restaurant, quantity: 1 })).status).toBe(401);
    expect((await api(hotel.url, bill(bookingId), { headers: { 'x-guest-key': guestKey } })).status).toBe(403);

    const dinner = await charge(desk, { serviceId: restaurant, quantity: 2, note: 'Dinner for two' });
    expect(dinner.status).toBe(201);
    const ride = await charge(desk, { serviceId: jeep, quantity: 1 });
    const folio = ride.body as { roomPaise: number; lines: Line[]; chargesPaise: number; balancePaise: number };
    const [dinnerLine, rideLine] = folio.lines;
    expect(dinnerLine).toMatchObject({
      kind: 'charge',
      description: 'Restaurant',
      taxablePaise: 100000,
      cgstPaise: halfGst(50000, 500, 2),
      sgstPaise: halfGst(50000, 500, 2),
      staff: 'Meena',
    });
    expect(rideLine).toMatchObject({ description: 'Jeep ride', taxablePaise: 150000, cgstPaise: 13500, sgstPaise: 13500 });
    const charges = 100000 + 2 * 2500 + 150000 + 27000;
    expect(folio.chargesPaise).toBe(charges);
    expect(folio.balancePaise).toBe(folio.roomPaise + charges);

    // A correction is a reversing line, once, and never of a reversal.
    const reversal = `${bill(bookingId)}/lines/${rideLine!.id}/reversal`;
    const reversed = await as(desk, reversal, { method: 'POST', body: { note: 'Posted to the wrong room' } });
    expect(reversed.status).toBe(201);
    const after = reversed.body as { lines: Line[]; balancePaise: number };
    expect(after.lines[2]).toMatchObject({ reverses: rideLine!.id, taxablePaise: -150000, cgstPaise: -13500, staff: 'Meena' });
    expect(after.lines[1]).toMatchObject({ reversedBy: after.lines[2]!.id });
    expect(after.balancePaise).toBe(folio.roomPaise + 100000 + 5000);
    const twice = await as(desk, reversal, { method: 'POST', body: {} });
    expect([twice.status, twice.body.message]).toEqual([409, 'This line has already been reversed.']);
    const ofReversal = await as(desk, `${bill(bookingId)}/lines/${after.lines[2]!.id}/reversal`, { method: 'POST', body: {} });
    expect(ofReversal.status).toBe(409);
    // Nothing in the database changes or removes a line, whoever asks.
    await expect(hotel.db.pool.query('UPDATE folio_lines SET taxable_paise = 0 WHERE booking_id = $1', [bookingId])).rejects.toThrow(
      'never changed or removed',
    );
    await expect(hotel.db.pool.query('DELETE FROM folio_lines WHERE booking_id = $1', [bookingId])).rejects.toThrow(
      'never changed or removed',
    );
    await charge(desk, { serviceId: jeep, quantity: 1 });

    // Check-out is refused with the balance in words, for the desk; the desk cannot override.
    // The day the guest leaves (before it, a check-out is early and bills only the nights stayed).
    clock = indiaNoon(addDays(checkIn, 2));
    const due = (await as(desk, bill(bookingId))).body.balancePaise as number;
    const refused = await move(desk, bookingId, 'checked_out');
    expect([refused.status, refused.body.message]).toEqual([
      409,
      `${formatPaise(due)} is still due on this bill: take the payment or ask the owner.`,
    ]);
    expect((await move(desk, bookingId, 'checked_out', { allowBalanceDue: true })).status).toBe(403);
    const part = await as(desk, `${bill(bookingId)}/payments`, { method: 'POST', body: { method: 'upi', amountPaise: 100000 } });
    expect(part.body.balancePaise).toBe(due - 100000);
    // The desk's line for the departure says what the bill says: paid at the desk, and the balance.
    const today = (await as(desk, `/api/admin/desk?date=${addDays(checkIn, 2)}`)).body as {
      departures: Array<{ bookingId: string; payment?: { paidPaise: number; duePaise: number } }>;
    };
    expect(today.departures.find((b) => b.bookingId === bookingId)!.payment).toMatchObject({ paidPaise: 100000, duePaise: due - 100000 });
    expect((await move(desk, bookingId, 'checked_out')).body.message).toBe(
      `${formatPaise(due - 100000)} is still due on this bill: take the payment or ask the owner.`,
    );
    const cash = await as(desk, `${bill(bookingId)}/payments`, { method: 'POST', body: { method: 'cash', amountPaise: due - 100000 } });
    expect(cash.body.balancePaise).toBe(0);
    const out = await move(desk, bookingId, 'checked_out');
    expect(out.status).toBe(200);
    expect(out.body.booking.status).toBe('checked_out');

    // After check-out the bill is closed.
    const late = await charge(desk, { serviceId: restaurant, quantity: 1 });
    expect([late.status, late.body.message]).toEqual([409, 'This guest has checked out: the bill is closed.']);

    // The invoice: room-nights, the services standing (the reversed ride and its reversal cancel out), the payments, the balance.
    const invoice = (await hotel.guest(`/api/bookings/${bookingId}/invoice`, { headers: { 'x-guest-key': guestKey } })).body;
    expect(
      invoice.bill.services.map((s: { description: string; sac: string; gstBasisPoints: number }) => [
        s.description,
        s.sac,
        s.gstBasisPoints,
      ]),
    ).toEqual([
      ['Restaurant', '996331', 500],
      ['Jeep ride', '996601', 1800],
    ]);
    expect(invoice.bill).toMatchObject({
      payments: [expect.objectContaining({ description: 'UPI', amountPaise: 100000 }), expect.objectContaining({ description: 'Cash' })],
      servicesTaxablePaise: 250000,
      servicesCgstPaise: 2500 + 13500,
      grandTotalPaise: invoice.totalPaise + charges,
      paidPaise: due,
      balancePaise: 0,
    });
    const actions = await hotel.db.pool.query(
      `SELECT action, staff FROM audit_log WHERE booking_id = $1 AND action LIKE 'bill-%' ORDER BY id`,
      [bookingId],
    );
    expect(actions.rows.map((r) => `${r.action} ${r.staff}`)).toEqual([
      'bill-charge Meena',
      'bill-charge Meena',
      'bill-reversal Meena',
      'bill-charge Meena',
      'bill-payment Meena',
      'bill-payment Meena',
    ]);
  });

  test('the GST returns count what the desk posted: the invoice register with its SACs, tables 7 and 12 by SAC and rate, net of corrections', async () => {
    const { bookingId, checkIn } = await checkedIn(2, 'executive');
    expect((await move(desk, bookingId, 'checked_in')).status).toBe(200);
    const month = checkIn.slice(0, 7);
    const exported = async (name: string) =>
      (await owner(`/api/admin/reports/gst/${name}?month=${month}&format=json`)).body as { items: Array<Record<string, unknown>> };
    // Table 12 of the month before this stay's posts (other tests' stays may share the month).
    const hsnRows = async () =>
      new Map((await exported('hsn-summary')).items.map((row) => [`${String(row.hsn)} ${String(row.ratePercent)}`, row]));
    const hsnBefore = await hsnRows();
    const post = (serviceId: number, quantity: number) =>
      as(desk, `${bill(bookingId)}/charges`, { method: 'POST', body: { serviceId, quantity } });
    expect((await post(await serviceId('Restaurant'), 2)).status).toBe(201);
    expect((await post(await serviceId('Jeep ride'), 1)).status).toBe(201);
    const laundry = await post(await serviceId('Laundry'), 1);
    const laundryLine = (laundry.body.lines as Line[]).at(-1)!;
    expect((await as(desk, `${bill(bookingId)}/lines/${laundryLine.id}/reversal`, { method: 'POST', body: {} })).status).toBe(201);

    // The invoice's own figures: its room nights' (from the booking) and the posted services'.
    const { rows } = await hotel.db.pool.query<{ taxable: string; cgst: string; sgst: string }>(
      'SELECT taxable_paise AS taxable, cgst_paise AS cgst, sgst_paise AS sgst FROM bookings WHERE booking_id = $1',
      [bookingId],
    );
    const room = { taxable: Number(rows[0]!.taxable), cgst: Number(rows[0]!.cgst), sgst: Number(rows[0]!.sgst) };
    const dinner = { taxable: 100000, half: halfGst(50000, 500, 2) };
    const ride = { taxable: 150000, half: halfGst(150000, 1800, 1) };

    const register = (await exported('invoice-register')).items.find((row) => row.bookingId === bookingId)!;
    expect(register).toMatchObject({
      sac: '996311, 996331, 996601',
      taxablePaise: room.taxable + dinner.taxable + ride.taxable,
      cgstPaise: room.cgst + dinner.half + ride.half,
      sgstPaise: room.sgst + dinner.half + ride.half,
    });
    // Table 12 gained each service under its SAC and rate; the laundry, posted and reversed, nothing.
    const hsnAfter = await hsnRows();
    const gained = (key: string, field: string) => Number(hsnAfter.get(key)?.[field] ?? 0) - Number(hsnBefore.get(key)?.[field] ?? 0);
    expect(hsnAfter.get('996331 5')).toMatchObject({ description: expect.stringContaining('Restaurant') });
    expect([gained('996331 5', 'taxablePaise'), gained('996331 5', 'cgstPaise')]).toEqual([dinner.taxable, dinner.half]);
    expect(hsnAfter.get('996601 18')).toMatchObject({ description: expect.stringContaining('Jeep ride') });
    expect([gained('996601 18', 'taxablePaise'), gained('996601 18', 'cgstPaise')]).toEqual([ride.taxable, ride.half]);
    expect(gained('999712 18', 'taxablePaise')).toBe(0);
    // Table 7 sums by rate, the room nights and the services together; its total is the register's.
    const b2c = (await exported('b2c-summary')).items as Array<{ taxablePaise: number; cgstPaise: number; ratePercent: number }>;
    const registerTotal = (await exported('invoice-register')).items.reduce((total, row) => total + (row.taxablePaise as number), 0);
    expect(b2c.reduce((total, row) => total + row.taxablePaise, 0)).toBe(registerTotal);
    expect(new Set(b2c.map((row) => row.ratePercent)).size).toBe(b2c.length);
  });

  test('the owner may check out a guest with a balance due, and that is recorded', async () => {
    const { bookingId } = await checkedIn(1, 'deluxe');
    expect((await move(null, bookingId, 'checked_in')).status).toBe(200);
    const due = (await owner(bill(bookingId))).body.balancePaise as number;
    expect(due).toBeGreaterThan(0);
    expect((await move(null, bookingId, 'checked_out')).status).toBe(409);
    const allowed = await move(null, bookingId, 'checked_out', { allowBalanceDue: true });
    expect(allowed.status).toBe(200);
    const overrides = await hotel.db.pool.query('SELECT due_paise::int AS due, staff FROM folio_overrides WHERE booking_id = $1', [
      bookingId,
    ]);
    expect(overrides.rows).toEqual([{ due, staff: 'admin' }]);
    const audit = await hotel.db.pool.query(`SELECT staff FROM audit_log WHERE booking_id = $1 AND action = 'check-out-allowed'`, [
      bookingId,
    ]);
    expect(audit.rows).toEqual([{ staff: 'admin' }]);
  });

  test('malformed or unknown input gets a clear answer and posts nothing', async () => {
    const { bookingId } = await checkedIn(1, 'deluxe');
    expect((await move(desk, bookingId, 'checked_in')).status).toBe(200);
    const restaurant = await serviceId('Restaurant');
    for (const [path, body, field] of [
      ['charges', { serviceId: restaurant, quantity: 0 }, 'quantity'],
      ['charges', { serviceId: restaurant, quantity: 'two' }, 'quantity'],
      ['charges', { serviceId: 'x', quantity: 1 }, 'serviceId'],
      ['charges', { serviceId: restaurant, quantity: 1, note: 'n'.repeat(201) }, 'note'],
      ['payments', { method: 'cheque', amountPaise: 100 }, 'method'],
      ['payments', { method: 'cash', amountPaise: -5 }, 'amountPaise'],
      ['payments', { method: 'cash', amountPaise: 1.5 }, 'amountPaise'],
      ['payments', { method: 'cash' }, 'amountPaise'],
    ] as const) {
      const refused = await as(desk, `${bill(bookingId)}/${path}`, { method: 'POST', body });
      expect([refused.status, refused.body.error]).toEqual([400, 'Bad Request']);
      expect(refused.body.message).toContain(field);
    }
    const unknown = await as(desk, `${bill(bookingId)}/charges`, { method: 'POST', body: { serviceId: 999999, quantity: 1 } });
    expect([unknown.status, unknown.body.message]).toEqual([409, 'That service is not in the catalogue (or no longer offered).']);
    expect((await as(desk, '/api/admin/bookings/BK000000/bill')).status).toBe(404);
    expect(
      (await as(desk, '/api/admin/bookings/BK000000/bill/payments', { method: 'POST', body: { method: 'cash', amountPaise: 1 } })).status,
    ).toBe(404);
    expect((await as(desk, `${bill(bookingId)}/lines/123456789/reversal`, { method: 'POST', body: {} })).status).toBe(404);
    expect((await as(desk, bill(bookingId))).body.lines).toEqual([]);
  });

  test('any bill of charges, payments and reversals adds up to the paisa, GST per line at its rate', async () => {
    const rates = [0, 500, 1200, 1800, 2800];
    let serviceNo = 0;
    const post = fc.oneof(
      fc.record({
        kind: fc.constant('charge' as const),
        price: fc.integer({ min: 0, max: 5_000_000 }),
        rate: fc.constantFrom(...rates),
        quantity: fc.integer({ min: 1, max: 20 }),
      }),
      fc.record({
        kind: fc.constant('payment' as const),
        amount: fc.integer({ min: 1, max: 10_000_000 }),
        method: fc.constantFrom('cash', 'upi', 'card'),
      }),
      fc.record({ kind: fc.constant('reversal' as const), pick: fc.nat() }),
    );
    await fc.assert(
      fc.asyncProperty(fc.array(post, { minLength: 1, maxLength: 8 }), async (posts) => {
        const { bookingId } = await checkedIn(1, 'deluxe');
        expect((await move(desk, bookingId, 'checked_in')).status).toBe(200);
        const model: Array<{
          id: number;
          taxable: number;
          cgst: number;
          sgst: number;
          paid: number;
          reversed: boolean;
          reversal: boolean;
        }> = [];
        let reply = (await as(desk, bill(bookingId))).body;
        for (const step of posts) {
          if (step.kind === 'charge') {
            const made = await owner('/api/admin/services', {
              method: 'POST',
              body: {
                name: `Service ${kind} ${serviceNo++}`,
                sac: '999699',
                pricePaise: step.price,
                gstBasisPoints: step.rate,
                active: true,
              },
            });
            reply = (
              await as(desk, `${bill(bookingId)}/charges`, { method: 'POST', body: { serviceId: made.body.id, quantity: step.quantity } })
            ).body;
            const half = halfGst(step.price, step.rate, step.quantity);
            model.push({
              id: reply.lines.at(-1).id,
              taxable: step.price * step.quantity,
              cgst: half,
              sgst: half,
              paid: 0,
              reversed: false,
              reversal: false,
            });
          } else if (step.kind === 'payment') {
            reply = (
              await as(desk, `${bill(bookingId)}/payments`, { method: 'POST', body: { method: step.method, amountPaise: step.amount } })
            ).body;
            model.push({ id: reply.lines.at(-1).id, taxable: 0, cgst: 0, sgst: 0, paid: step.amount, reversed: false, reversal: false });
          } else {
            const open = model.filter((m) => !m.reversed && !m.reversal);
            const target = open[step.pick % Math.max(1, open.length)];
            if (!target) continue;
            reply = (await as(desk, `${bill(bookingId)}/lines/${target.id}/reversal`, { method: 'POST', body: {} })).body;
            target.reversed = true;
            model.push({
              id: reply.lines.at(-1).id,
              taxable: 0 - target.taxable + 0, // never -0: the server answers 0
              cgst: 0 - target.cgst + 0, // never -0: the server answers 0
              sgst: 0 - target.sgst + 0, // never -0: the server answers 0
              paid: 0 - target.paid + 0, // never -0: the server answers 0
              reversed: false,
              reversal: true,
            });
          }
        }
        const lines = reply.lines as Line[];
        expect(lines.map((l) => [l.taxablePaise, l.cgstPaise, l.sgstPaise])).toEqual(model.map((m) => [m.taxable, m.cgst, m.sgst]));
        const charges = model.reduce((sum, m) => sum + m.taxable + m.cgst + m.sgst, 0);
        const paid = model.reduce((sum, m) => sum + m.paid, 0);
        expect(reply.chargesPaise).toBe(charges);
        expect(reply.paymentsPaise).toBe(paid);
        expect(reply.balancePaise).toBe(reply.roomPaise + charges - paid);
        // The invoice's figures are the same sums, of the lines still standing.
        const invoice = (await owner(`/api/admin/bookings/${bookingId}/invoice`)).body;
        // Nothing posted: the invoice is the room-nights' alone, as before bills.
        if (model.length === 0) return expect(invoice.bill).toBeUndefined();
        const standing = model.filter((m) => !m.reversed && !m.reversal);
        expect(invoice.bill.servicesTaxablePaise + invoice.bill.servicesCgstPaise + invoice.bill.servicesSgstPaise).toBe(
          standing.reduce((sum, m) => sum + m.taxable + m.cgst + m.sgst, 0),
        );
        expect(invoice.bill.servicesTaxablePaise + invoice.bill.servicesCgstPaise + invoice.bill.servicesSgstPaise).toBe(charges);
        expect(invoice.bill.balancePaise).toBe(invoice.totalPaise + charges - paid);
      }),
      { numRuns: 15 },
    );
  });
});
