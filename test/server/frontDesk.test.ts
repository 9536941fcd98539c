import { randomUUID } from 'node:crypto';
import { freeTries } from '../../server/auth/adminQueries';
import { hotelToday } from '../../server/bookingRules';
import { cancelPolicy } from '../../server/routes/manage';
import type { Database } from '../../server/db/database';
import { addDays } from '../../src/domain/dates';
import { hostileText, pathPart, queryPart, refusalProblem, send, wrongTypes } from './support/hostileInputs';
import { bookedNights, checkInventory } from './support/inventory';
import { confirmBody } from './support/stays';
import { databaseKinds, startTestDatabase } from './support/testDatabase';
import type { TestDatabase } from './support/testDatabase';
import { api, createAdmin, signIn, siteHeaders, startTestServer } from './support/testServer';
import type { TestServer } from './support/testServer';
import { moveSettled } from './support/bill';

/**
 * Issue 23 over real HTTP on every kind of database: staff with roles and their sessions, a
 * booking's life at the desk, phone and walk-in bookings against the same inventory, and the
 * hotel's time zone. The servers' clock is injected (AppOptions.now), never faked globally.
 */

type Session = Awaited<ReturnType<typeof signIn>>;
const deskPassword = 'front desk password 1';

/** An instant: `date` (YYYY-MM-DD, UTC) at `time` UTC. */
const at = (date: string, time: string) => new Date(`${date}T${time}Z`);
/** Noon in India on the hotel's date `date`. */
const indiaNoon = (date: string) => at(date, '06:30:00');

describe.each(databaseKinds)('the front desk on %s', (kind) => {
  let database: TestDatabase;
  let db: Database;
  /** Two instances on one database, as behind a proxy; both read the same clock. */
  let serverA: TestServer;
  let serverB: TestServer;
  let clock = new Date();
  let owner: Session;
  let desk: Session;
  /** The hotel's today when the file starts, plus ten days: every stay here is in the future for the real clock too. */
  const base = addDays(hotelToday(), 10);

  const as = (session: Session | null, path: string, init: { method?: string; body?: unknown; server?: TestServer } = {}) =>
    api((init.server ?? serverA).url, path, { method: init.method, body: init.body, headers: session?.headers ?? {} });
  // A check-out takes the bill's balance first (issue 40), as the desk does.
  const move = (session: Session, bookingId: string, to: string) => moveSettled((path, init) => as(session, path, init), bookingId, to);
  const undo = (session: Session, bookingId: string) => as(session, `/api/admin/bookings/${bookingId}/undo`, { method: 'POST', body: {} });
  const deskBody = (overrides: Record<string, unknown> = {}) => ({
    draftId: randomUUID(),
    channel: 'phone',
    roomId: 'executive',
    packageIndex: 0,
    rooms: 1,
    checkIn: base,
    checkOut: addDays(base, 2),
    email: 'walk.in@example.com',
    ...overrides,
  });
  async function deskBook(overrides: Record<string, unknown> = {}, session: Session = owner) {
    const reply = await as(session, '/api/admin/desk/bookings', { method: 'POST', body: deskBody(overrides) });
    if (reply.status !== 201) throw new Error(`desk booking: ${reply.status} ${JSON.stringify(reply.body)}`);
    return reply.body.booking as { bookingId: string; checkIn: string; checkOut: string; status: string };
  }
  const statusOf = async (bookingId: string) =>
    (
      await db.pool.query<{ status: string; check_out: string }>('SELECT status, check_out FROM bookings WHERE booking_id = $1', [
        bookingId,
      ])
    ).rows[0]!;

  beforeAll(async () => {
    database = await startTestDatabase(kind);
    db = await database.open();
    serverA = await startTestServer(db, { now: () => clock });
    serverB = await startTestServer(db, { now: () => clock });
    await createAdmin(db);
    owner = await signIn(serverA.url);
    const added = await as(owner, '/api/admin/staff', {
      method: 'POST',
      body: { username: 'Priya', password: deskPassword, role: 'desk' },
    });
    expect(added.status).toBe(201);
    desk = await signIn(serverA.url, 'Priya', deskPassword);
  });
  afterAll(async () => {
    await serverA?.close();
    await serverB?.close();
    await database?.remove();
  });
  beforeEach(() => {
    clock = indiaNoon(base);
  });

  test('today’s admin is an owner and the session says each person’s name and role', async () => {
    expect((await as(owner, '/api/admin/session')).body).toMatchObject({ username: 'admin', role: 'owner' });
    expect((await as(desk, '/api/admin/session')).body).toMatchObject({ username: 'Priya', role: 'desk' });
    const list = await as(owner, '/api/admin/staff');
    expect(list.body.items.map((p: { username: string; role: string }) => [p.username, p.role])).toEqual([
      ['admin', 'owner'],
      ['Priya', 'desk'],
    ]);
  });

  test('each role reaches exactly what it may', async () => {
    const booking = await deskBook({ checkIn: addDays(base, 200), checkOut: addDays(base, 201) });
    // [method, path, body, owner, front desk]; nobody signed in gets 401 everywhere.
    const table: Array<[string, string, unknown, number, number]> = [
      ['GET', '/api/admin/session', undefined, 200, 200],
      ['GET', '/api/admin/bookings?q=walk.in', undefined, 200, 200],
      ['GET', '/api/admin/occupancy', undefined, 200, 200],
      ['GET', '/api/admin/audit', undefined, 200, 200],
      ['GET', '/api/admin/desk', undefined, 200, 200],
      ['GET', `/api/admin/desk?date=${base}`, undefined, 200, 200],
      ['POST', '/api/admin/desk/bookings', deskBody({ checkIn: addDays(base, 210), checkOut: addDays(base, 211) }), 201, 201],
      ['POST', `/api/admin/bookings/${booking.bookingId}/status`, { to: 'checked_out' }, 409, 409],
      ['POST', '/api/admin/bookings/BK999999/status', { to: 'checked_in' }, 404, 404],
      ['POST', '/api/admin/bookings/BK999999/undo', {}, 404, 404],
      ['DELETE', '/api/admin/bookings/BK999999', undefined, 404, 404],
      ['POST', '/api/admin/bookings/BK999999/restore', {}, 404, 404],
      ['GET', '/api/admin/export?format=csv', undefined, 200, 403],
      ['GET', '/api/admin/export?format=json', undefined, 200, 403],
      ['POST', '/api/admin/import', [], 200, 403],
      ['GET', '/api/admin/bursts', undefined, 200, 403],
      ['GET', '/api/admin/bursts/bookings?email=nobody@example.com', undefined, 200, 403],
      ['DELETE', '/api/admin/bursts/bookings?email=nobody@example.com', undefined, 200, 403],
      ['GET', '/api/admin/outbox', undefined, 200, 403],
      ['POST', '/api/admin/outbox/2147483647/resend', {}, 404, 403],
      ['GET', '/api/admin/prices?days=7', undefined, 200, 403],
      ['GET', '/api/admin/hotel-settings', undefined, 200, 403],
      ['GET', '/api/admin/settings-audit', undefined, 200, 403],
      ['POST', '/api/admin/closures', {}, 400, 403],
      ['GET', '/api/admin/bookings/BK999999/invoice', undefined, 404, 404],
      ['GET', '/api/admin/staff', undefined, 200, 403],
      ['POST', '/api/admin/staff', { username: 'Nobody Here', password: 'a long password', role: 'owner' }, 201, 403],
      ['PUT', '/api/admin/staff/Nobody%20Else/password', { password: 'another long one' }, 404, 403],
      ['DELETE', '/api/admin/staff/Nobody%20Else', undefined, 404, 403],
    ];
    const seen: string[] = [];
    // The front desk first: a refused add must not have added anyone before the owner's add.
    for (const [role, session, column] of [
      ['nobody', null, -1],
      ['desk', desk, 4],
      ['owner', owner, 3],
    ] as const) {
      for (const row of table) {
        const [method, path, body] = row;
        const expected = column === -1 ? 401 : (row[column] as number);
        const answer = await as(session, path, {
          method,
          body: method === 'POST' && typeof body === 'object' && body && 'draftId' in body ? { ...body, draftId: randomUUID() } : body,
        });
        seen.push(`${role} ${method} ${path} -> ${answer.status}`);
        if (answer.status !== expected) seen.push(`  expected ${expected}: ${JSON.stringify(answer.body)}`);
      }
    }
    expect(seen.filter((line) => line.startsWith('  '))).toEqual([]);
    expect(await as(desk, '/api/admin/export')).toMatchObject({
      status: 403,
      body: { error: 'Forbidden', message: 'Only the hotel’s owner may do this; front-desk staff cannot.' },
    });
    await as(owner, '/api/admin/staff/Nobody%20Here', { method: 'DELETE' });
  });

  test('a removed person’s session ends at once on another instance, and so does a changed password', async () => {
    for (const name of ['Ravi', 'Asha']) {
      const added = await as(owner, '/api/admin/staff', { method: 'POST', body: { username: name, password: deskPassword, role: 'desk' } });
      expect(added.status).toBe(201);
    }
    const ravi = await signIn(serverB.url, 'Ravi', deskPassword);
    const asha = await signIn(serverB.url, 'Asha', deskPassword);
    expect((await as(ravi, '/api/admin/desk', { server: serverB })).status).toBe(200);
    expect((await as(asha, '/api/admin/desk', { server: serverB })).status).toBe(200);

    expect((await as(owner, '/api/admin/staff/Ravi', { method: 'DELETE' })).status).toBe(204);
    expect((await as(ravi, '/api/admin/desk', { server: serverB })).status).toBe(401);
    expect(
      (await api(serverB.url, '/api/admin/sign-in', { method: 'POST', body: { username: 'Ravi', password: deskPassword } })).body,
    ).toEqual({
      error: 'Unauthorized',
      message: 'Wrong name or password.',
    });

    const changed = await as(owner, '/api/admin/staff/Asha/password', { method: 'PUT', body: { password: 'a new desk password' } });
    expect(changed.status).toBe(204);
    expect((await as(asha, '/api/admin/desk', { server: serverB })).status).toBe(401);
    const oldPassword = await api(serverB.url, '/api/admin/sign-in', {
      method: 'POST',
      body: { username: 'Asha', password: deskPassword },
    });
    expect(oldPassword.status).toBe(401);
    const again = await signIn(serverB.url, 'Asha', 'a new desk password');
    expect((await as(again, '/api/admin/session', { server: serverA })).body).toMatchObject({ username: 'Asha', role: 'desk' });

    // An owner setting their own password stays signed in where they did it; an owner cannot remove themselves.
    const elsewhere = await signIn(serverB.url);
    const own = await as(owner, '/api/admin/staff/admin/password', { method: 'PUT', body: { password: 'correct horse battery staple' } });
    expect(own.status).toBe(204);
    expect((await as(owner, '/api/admin/session')).status).toBe(200);
    expect((await as(elsewhere, '/api/admin/session', { server: serverB })).status).toBe(401);
    expect((await as(owner, '/api/admin/staff/admin', { method: 'DELETE' })).status).toBe(409);
    await as(owner, '/api/admin/staff/Asha', { method: 'DELETE' });
  });

  test('names are one person in any letter case, and a wrong name gets the wrong password’s answer', async () => {
    const twin = await as(owner, '/api/admin/staff', {
      method: 'POST',
      body: { username: 'PRIYA', password: deskPassword, role: 'owner' },
    });
    expect(twin.status).toBe(409);
    const wrongName = await api(serverA.url, '/api/admin/sign-in', {
      method: 'POST',
      body: { username: 'Priyanka', password: deskPassword },
    });
    const wrongPassword = await api(serverA.url, '/api/admin/sign-in', {
      method: 'POST',
      body: { username: 'Priya', password: 'not it at all' },
    });
    expect(wrongName.status).toBe(401);
    expect(wrongName.body).toEqual(wrongPassword.body);
    const stored = await db.pool.query<{ password_hash: string }>("SELECT password_hash FROM admins WHERE username = 'Priya'");
    expect(stored.rows[0]!.password_hash).toMatch(/^scrypt\$/);
  });

  test('a staff member’s sign-in is throttled like the owner’s: after the free tries, 429 with Retry-After, even for the right password', async () => {
    await as(owner, '/api/admin/staff', { method: 'POST', body: { username: 'Kiran', password: deskPassword, role: 'desk' } });
    // Earlier tests' wrong tries from this address count too: a clean start.
    await db.pool.query('DELETE FROM sign_in_failures');
    const tryAs = (password: string) => api(serverB.url, '/api/admin/sign-in', { method: 'POST', body: { username: 'Kiran', password } });
    for (let i = 0; i < freeTries; i++) expect((await tryAs('not the password')).status).toBe(401);
    const throttled = await tryAs(deskPassword);
    expect(throttled.status).toBe(429);
    expect(Number(throttled.headers.get('retry-after'))).toBeGreaterThan(0);
    // Shared by the instances (PostgreSQL): the other one throttles too.
    expect(
      (await api(serverA.url, '/api/admin/sign-in', { method: 'POST', body: { username: 'Kiran', password: deskPassword } })).status,
    ).toBe(429);
    await db.pool.query('DELETE FROM sign_in_failures');
    await as(owner, '/api/admin/staff/Kiran', { method: 'DELETE' });
  });

  test('every allowed and refused status move, and undo, each in the audit log with the person', async () => {
    const stay = await deskBook({ checkIn: base, checkOut: addDays(base, 3), rooms: 2 }, desk);
    const later = await deskBook({ checkIn: addDays(base, 1), checkOut: addDays(base, 3) }, desk);
    const id = stay.bookingId;
    const nights = () => bookedNights(db.pool, 'executive', base, addDays(base, 3));
    expect(await nights()).toEqual([2, 3, 3]);

    // Before check-in: no check-out, no no-show on the arrival day, no check-in before it.
    expect(await move(desk, id, 'checked_out')).toMatchObject({ status: 409 });
    expect((await move(desk, id, 'no_show')).body.message).toBe(`A no-show can be marked only after the arrival day (${base}).`);
    expect((await move(desk, later.bookingId, 'checked_in')).body.message).toBe(
      `This guest arrives on ${addDays(base, 1)}: check-in opens that day.`,
    );
    expect((await undo(desk, id)).body.message).toBe('There is no move to undo on this booking.');

    const checkedIn = await move(desk, id, 'checked_in');
    expect(checkedIn.status).toBe(200);
    expect(checkedIn.body.booking.status).toBe('checked_in');
    expect(checkedIn.body.entry).toMatchObject({ status: 'checked_in', moves: ['checked_out'], canUndo: true });
    for (const to of ['checked_in', 'no_show', 'cancelled']) expect((await move(desk, id, to)).status).toBe(409);

    // An early check-out on the arrival day: the guest had the first night, the other two are free again.
    const out = await move(desk, id, 'checked_out');
    expect(out.body.booking).toMatchObject({ status: 'checked_out', checkOut: addDays(base, 1) });
    expect(await nights()).toEqual([2, 1, 1]);
    for (const to of ['checked_in', 'checked_out', 'no_show', 'cancelled']) expect((await move(desk, id, to)).status).toBe(409);

    // Undo the check-out by mistake: checked in again, all three nights held again; undo only once.
    const undone = await undo(desk, id);
    expect(undone.body.booking).toMatchObject({ status: 'checked_in', checkOut: addDays(base, 3) });
    expect(await nights()).toEqual([2, 3, 3]);
    expect((await undo(desk, id)).status).toBe(409);

    // The later booking: a no-show after its arrival day frees its nights; then no check-in.
    clock = indiaNoon(addDays(base, 2));
    expect((await move(owner, later.bookingId, 'no_show')).body.booking.status).toBe('no_show');
    expect(await nights()).toEqual([2, 2, 2]);
    expect((await move(owner, later.bookingId, 'checked_in')).status).toBe(409);
    expect((await undo(owner, later.bookingId)).body.booking.status).toBe('confirmed');
    expect(await nights()).toEqual([2, 3, 3]);
    // Cancel by staff: nights freed, the guest mailed; no check-in on a cancelled booking; undo brings it back.
    expect((await move(owner, later.bookingId, 'cancelled')).body.booking.status).toBe('cancelled');
    expect(await nights()).toEqual([2, 2, 2]);
    expect((await move(owner, later.bookingId, 'checked_in')).body.message).toBe(
      'This booking is cancelled: only a confirmed booking can be checked in.',
    );
    const mails = await db.pool.query<{ kind: string }>('SELECT kind FROM outbox WHERE booking_id = $1 ORDER BY id', [later.bookingId]);
    expect(mails.rows.map((row) => row.kind)).toEqual(['confirmed', 'cancelled']);
    expect((await undo(owner, later.bookingId)).body.booking.status).toBe('confirmed');

    // After the stay has ended a booking can no longer be checked in.
    clock = indiaNoon(addDays(base, 3));
    expect((await move(owner, later.bookingId, 'checked_in')).body.message).toBe(
      `This stay ended on ${addDays(base, 3)}: it can no longer be checked in.`,
    );
    // A late check-out changes no dates.
    expect((await move(desk, id, 'checked_out')).body.booking).toMatchObject({ status: 'checked_out', checkOut: addDays(base, 3) });

    const audit = await as(owner, '/api/admin/audit');
    const mine = audit.body.items
      .filter((entry: { bookingId: string }) => entry.bookingId === id || entry.bookingId === later.bookingId)
      .map((entry: { bookingId: string; action: string; staff: string; at: string }) => [
        entry.bookingId === id ? 'stay' : 'later',
        entry.action,
        entry.staff,
      ])
      .reverse();
    expect(mine).toEqual([
      ['stay', 'phone', 'Priya'],
      ['later', 'phone', 'Priya'],
      ['stay', 'check-in', 'Priya'],
      // The bill's balance taken before the check-out (issue 40); after the undo nothing more is due.
      ['stay', 'bill-payment', 'Priya'],
      ['stay', 'check-out', 'Priya'],
      ['stay', 'undo', 'Priya'],
      ['later', 'no-show', 'admin'],
      ['later', 'undo', 'admin'],
      ['later', 'cancel', 'admin'],
      ['later', 'undo', 'admin'],
      ['stay', 'check-out', 'Priya'],
    ]);
    expect(audit.body.items.every((entry: { at: string }) => !Number.isNaN(Date.parse(entry.at)))).toBe(true);
    // Deleted: no moves; the guest's own view and the admin search show the real status.
    expect((await checkInventory(db.pool)).problems).toEqual([]);
    const found = await as(desk, `/api/admin/bookings?q=${id}`);
    expect(found.body.items[0].status).toBe('checked_out');
    expect((await as(desk, `/api/admin/bookings/${later.bookingId}`, { method: 'DELETE' })).status).toBe(200);
    expect((await move(desk, later.bookingId, 'checked_in')).status).toBe(404);
  });

  test('an early check-out frees the nights not stayed, the occupancy counts only bookings holding rooms, and an undo waits for free rooms', async () => {
    const from = addDays(base, 20);
    const to = addDays(base, 23);
    const three = await deskBook({ checkIn: from, checkOut: to, rooms: 3 });
    const one = await deskBook({ checkIn: from, checkOut: to, rooms: 1 });
    const occupancy = async () =>
      (await as(desk, `/api/admin/occupancy?from=${from}&days=3`)).body.rooms.find((r: { roomId: string }) => r.roomId === 'executive')
        .booked as number[];
    expect(await occupancy()).toEqual([4, 4, 4]);
    expect((await as(desk, '/api/admin/desk/bookings', { method: 'POST', body: deskBody({ checkIn: from, checkOut: to }) })).status).toBe(
      409,
    );

    clock = indiaNoon(from);
    await move(desk, three.bookingId, 'checked_in');
    await move(desk, one.bookingId, 'checked_in');
    clock = at(addDays(base, 21), '04:00:00');
    const out = await move(desk, one.bookingId, 'checked_out');
    expect(out.body.booking.checkOut).toBe(addDays(base, 21));
    expect(await occupancy()).toEqual([4, 3, 3]);
    // The freed room is bookable again; then the undo cannot take it back.
    const walkIn = await deskBook({ checkIn: addDays(base, 21), checkOut: to, channel: 'walk-in' }, desk);
    expect(walkIn.status).toBe('confirmed');
    expect(await occupancy()).toEqual([4, 4, 4]);
    const refused = await undo(desk, one.bookingId);
    expect(refused).toMatchObject({
      status: 409,
      body: { message: 'This move cannot be undone: the rooms it gave back were booked meanwhile.' },
    });
    expect(await statusOf(one.bookingId)).toEqual({ status: 'checked_out', check_out: addDays(base, 21) });
    expect((await checkInventory(db.pool)).problems).toEqual([]);
  });

  test('a walk-in booking racing a web booking for the last room: never both', async () => {
    for (let round = 0; round < 6; round++) {
      const night = addDays(base, 60 + round * 2);
      await deskBook({ checkIn: night, checkOut: addDays(night, 1), rooms: 3 });
      const [web, walkIn] = await Promise.all([
        api(serverB.url, '/api/bookings', {
          method: 'POST',
          body: confirmBody({ roomId: 'executive', checkIn: night, checkOut: addDays(night, 1), email: `web${round}@example.com` }),
        }),
        as(desk, '/api/admin/desk/bookings', {
          method: 'POST',
          body: deskBody({ checkIn: night, checkOut: addDays(night, 1), channel: 'walk-in' }),
        }),
      ]);
      expect([web.status, walkIn.status].sort()).toEqual([201, 409]);
      expect(await bookedNights(db.pool, 'executive', night, addDays(night, 1))).toEqual([4]);
    }
    expect((await checkInventory(db.pool)).problems).toEqual([]);
  });

  test('the guest’s manage link says where the booking is in its life, and offers no cancel past confirmed', () => {
    const checkIn = addDays(base, 30);
    expect(cancelPolicy({ checkIn, status: 'confirmed' }, 2, base).canCancel).toBe(true);
    for (const [status, words] of [
      ['checked_in', 'This booking is checked in.'],
      ['checked_out', 'This booking is checked out.'],
      ['no_show', 'This booking was a no-show.'],
      ['cancelled', 'This booking is cancelled.'],
    ] as const)
      expect(cancelPolicy({ checkIn, status }, 2, base)).toMatchObject({ canCancel: false, message: words });
  });

  test('a phone booking: the same booking IDs, the same confirmation email, a retried form stores one', async () => {
    const body = deskBody({ checkIn: addDays(base, 90), checkOut: addDays(base, 92), email: 'Phone.Guest@Example.com' });
    const first = await as(desk, '/api/admin/desk/bookings', { method: 'POST', body });
    const retry = await as(desk, '/api/admin/desk/bookings', { method: 'POST', body });
    expect(first.status).toBe(201);
    expect(retry.status).toBe(200);
    expect(retry.body.booking.bookingId).toBe(first.body.booking.bookingId);
    expect(first.body.booking).toMatchObject({ roomName: 'Suit Room', status: 'confirmed', email: 'Phone.Guest@Example.com' });
    expect(first.body.booking.bookingId).toMatch(/^BK[1-9]\d{5}$/);
    const mail = await db.pool.query('SELECT kind, recipient FROM outbox WHERE booking_id = $1', [first.body.booking.bookingId]);
    expect(mail.rows).toEqual([{ kind: 'confirmed', recipient: 'Phone.Guest@Example.com' }]);
    // The guest looks it up as any booking.
    const lookup = await api(serverA.url, '/api/bookings/lookup', {
      method: 'POST',
      body: { bookingId: first.body.booking.bookingId, email: 'phone.guest@example.com' },
    });
    expect(lookup.body.booking.status).toBe('confirmed');
  });

  test('the hotel’s time zone: a booking arriving today in India is listed as today at 23:30 UTC and at 18:00 UTC', async () => {
    // utcDay 23:30 UTC is already the next day in India (05:00); nextDay 18:00 UTC is still it (23:30).
    const utcDay = addDays(base, 120);
    const indiaDay = addDays(utcDay, 1);
    const arriving = await deskBook({ checkIn: indiaDay, checkOut: addDays(indiaDay, 1), email: 'tz@example.com' });
    for (const instant of [at(utcDay, '23:30:00'), at(indiaDay, '18:00:00')]) {
      clock = instant;
      const today = await as(desk, '/api/admin/desk');
      expect(today.body.date).toBe(indiaDay);
      expect(today.body.today).toBe(indiaDay);
      const arrival = today.body.arrivals.find((entry: { bookingId: string }) => entry.bookingId === arriving.bookingId);
      expect(arrival).toMatchObject({
        email: 'tz@example.com',
        nights: 1,
        roomName: 'Suit Room',
        rooms: 1,
        moves: ['checked_in', 'cancelled'],
      });
    }
    // At 18:00 UTC the day before, it is still the day before in India: not today's arrival, not yet to check in.
    clock = at(utcDay, '18:00:00');
    const before = await as(desk, '/api/admin/desk');
    expect(before.body.date).toBe(utcDay);
    expect(before.body.arrivals.map((entry: { bookingId: string }) => entry.bookingId)).not.toContain(arriving.bookingId);
    expect((await move(desk, arriving.bookingId, 'checked_in')).status).toBe(409);
    // Another day by its date: the arrival is listed, judged by today's clock.
    const other = await as(desk, `/api/admin/desk?date=${indiaDay}`);
    expect(other.body.arrivals.find((entry: { bookingId: string }) => entry.bookingId === arriving.bookingId).moves).toEqual(['cancelled']);
    clock = at(indiaDay, '18:00:00');
    await move(desk, arriving.bookingId, 'checked_in');
    const inHouse = await as(desk, `/api/admin/desk`);
    expect(inHouse.body.inHouse.map((entry: { bookingId: string }) => entry.bookingId)).toContain(arriving.bookingId);
    const departures = await as(desk, `/api/admin/desk?date=${addDays(indiaDay, 1)}`);
    expect(departures.body.departures.map((entry: { bookingId: string }) => entry.bookingId)).toContain(arriving.bookingId);
  });

  test('hostile input on the new endpoints is refused with a reason and changes nothing', async () => {
    const before = await db.pool.query('SELECT (SELECT count(*) FROM bookings)::int AS b, (SELECT count(*) FROM admins)::int AS a');
    const problems: string[] = [];
    let acceptedBookings = 0;
    /** `acceptable`: text the field legitimately takes (a name, an email): then it must be stored exactly as sent. */
    const check = async (
      name: string,
      request: Promise<{ status: number; headers: Headers; text: string; json: unknown }>,
      acceptable?: (json: { booking?: { email: string }; username?: string }) => boolean,
    ) => {
      const answer = await request;
      if (acceptable && answer.status < 300) {
        if (!acceptable(answer.json as never)) problems.push(`${name}: stored something else ${answer.text.slice(0, 200)}`);
        return;
      }
      const problem = refusalProblem(answer);
      if (problem) problems.push(`${name}: ${problem} ${answer.text.slice(0, 200)}`);
    };
    const headers = { ...siteHeaders, ...owner.headers };
    const post = (path: string, body: unknown, method = 'POST') =>
      send(serverA.url + path, { method, headers, body: typeof body === 'string' ? body : JSON.stringify(body) });
    for (const [label, value] of [...hostileText, ...wrongTypes]) {
      await check(`status to ${label}`, post('/api/admin/bookings/BK100001/status', { to: value }));
      await check(`desk date ${label}`, send(`${serverA.url}/api/admin/desk?${queryPart('date', value)}`, { headers }));
      for (const field of ['channel', 'roomId', 'packageIndex', 'rooms', 'checkIn', 'checkOut', 'email', 'draftId'])
        await check(
          `desk booking ${field} ${label}`,
          post('/api/admin/desk/bookings', deskBody({ checkIn: addDays(base, 300), checkOut: addDays(base, 301), [field]: value })),
          field === 'email' ? (json) => (acceptedBookings++, json.booking?.email === value) : undefined,
        );
      for (const field of ['username', 'password'])
        await check(
          `new staff ${field} ${label}`,
          post('/api/admin/staff', {
            username: `Someone ${field} ${label}`.slice(0, 60),
            password: 'long enough here',
            role: 'desk',
            [field]: value,
          }),
          (json) => (field === 'username' ? json.username === value : true),
        );
      await check(`new staff role ${label}`, post('/api/admin/staff', { username: 'Someone', password: 'long enough here', role: value }));
      await check(`staff path ${label}`, post(`/api/admin/staff/${pathPart(value)}`, undefined, 'DELETE'));
      await check(`password ${label}`, post('/api/admin/staff/Nobody/password', { password: value }, 'PUT'));
    }
    const cases: Array<[string, Promise<{ status: number; headers: Headers; text: string; json: unknown }>]> = [
      ['an impossible date', send(`${serverA.url}/api/admin/desk?date=2027-02-30`, { headers })],
      ['an unknown move', post('/api/admin/bookings/BK100001/status', { to: 'deleted' })],
      ['an extra field', post('/api/admin/bookings/BK100001/status', { to: 'checked_in', by: 'admin' })],
      ['a price sent by the desk', post('/api/admin/desk/bookings', { ...deskBody(), totalPrice: 1 })],
      ['a stay in the past', post('/api/admin/desk/bookings', deskBody({ checkIn: addDays(base, -1), checkOut: addDays(base, 1) }))],
      [
        'a stay past the horizon',
        post('/api/admin/desk/bookings', deskBody({ checkIn: addDays(base, 40_000), checkOut: addDays(base, 40_001) })),
      ],
      ['four rooms', post('/api/admin/desk/bookings', deskBody({ rooms: 4 }))],
      ['a short password', post('/api/admin/staff', { username: 'Short', password: 'short', role: 'desk' })],
      ['a name with spaces around it', post('/api/admin/staff', { username: ' Priya ', password: 'long enough here', role: 'desk' })],
      ['a name with a line break', post('/api/admin/staff', { username: 'Pri\nya', password: 'long enough here', role: 'desk' })],
      ['a role that does not exist', post('/api/admin/staff', { username: 'Boss', password: 'long enough here', role: 'admin' })],
      ['a name of 101 characters', post('/api/admin/staff', { username: 'x'.repeat(101), password: 'long enough here', role: 'desk' })],
      [
        'no CSRF token',
        send(`${serverA.url}/api/admin/staff`, { method: 'POST', headers: { ...siteHeaders, cookie: owner.cookie }, body: '{}' }),
      ],
    ];
    for (const [name, request] of cases) await check(name, request);
    expect(problems).toEqual([]);
    // The names that were taken as names are people now: removed again.
    await db.pool.query("DELETE FROM admins WHERE username NOT IN ('admin', 'Priya')");
    const after = await db.pool.query('SELECT (SELECT count(*) FROM bookings)::int AS b, (SELECT count(*) FROM admins)::int AS a');
    expect(after.rows).toEqual([{ ...before.rows[0], b: before.rows[0].b + acceptedBookings }]);
  });
});
