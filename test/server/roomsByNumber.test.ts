import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { hotelToday } from '../../server/bookingRules';
import type { Database } from '../../server/db/database';
import { migrate } from '../../server/db/migrate';
import { addDays } from '../../src/domain/dates';
import { checkInventory } from './support/inventory';
import { confirmBody } from './support/stays';
import { databaseKinds, startTestDatabase } from './support/testDatabase';
import type { TestDatabase } from './support/testDatabase';
import { api, createAdmin, signIn, startTestServer } from './support/testServer';
import type { TestServer } from './support/testServer';
import { moveSettled } from './support/bill';

/**
 * Issue 38 over real HTTP on every kind of database: the hotel's rooms by number, every booking's
 * nights placed on rooms (the same room every night where possible), kept in step by every path
 * that takes or frees nights, and the owner's rooms added, renamed and retired (never below what
 * is booked). The servers' clock is injected, as the desk's tests do.
 */

type Session = Awaited<ReturnType<typeof signIn>>;
/** Noon in India on the hotel's date `date`. */
const indiaNoon = (date: string) => new Date(`${date}T06:30:00Z`);

describe.each(databaseKinds)('rooms by number on %s', (kind) => {
  let database: TestDatabase;
  let db: Database;
  let server: TestServer;
  let owner: Session;
  const base = addDays(hotelToday(), 10);
  let clock = indiaNoon(base);
  const day = (n: number) => addDays(base, n);
  /** Bookings present before the upgrade to rooms by number, made straight in the tables as the release before wrote them. */
  const upgraded: Array<{ id: string; room: string; first: number; end: number; rooms: number }> = [];

  const as = (path: string, init: { method?: string; body?: unknown } = {}) =>
    api(server.url, path, { method: init.method, body: init.body, headers: owner.headers });
  const placed = async (bookingId: string) =>
    (
      await db.pool.query<{ number: string; night: string }>(
        `SELECT r.number, to_char(p.night, 'YYYY-MM-DD') AS night FROM room_placements p JOIN rooms r ON r.id = p.room
          WHERE p.booking_id = $1 ORDER BY p.night, length(r.number), r.number`,
        [bookingId],
      )
    ).rows.map((row) => `${row.night} ${row.number}`);
  const roomsOf = async (bookingId: string) => [...new Set((await placed(bookingId)).map((line) => line.split(' ')[1]))];
  async function expectInventoryKept() {
    const inventory = await checkInventory(db.pool);
    expect(inventory.problems).toEqual([]);
    expect(inventory.placementProblems).toEqual([]);
  }
  async function confirm(roomId: string, first: number, end: number, rooms = 1, email = 'guest@example.com') {
    const reply = await api(server.url, '/api/bookings', {
      method: 'POST',
      body: confirmBody({ roomId, checkIn: day(first), checkOut: day(end), rooms, email }),
    });
    if (reply.status !== 201) throw new Error(`confirm: ${reply.status} ${JSON.stringify(reply.body)}`);
    return reply.body.booking.bookingId as string;
  }
  async function deskBook(roomId: string, first: number, end: number, rooms = 1) {
    const reply = await as('/api/admin/desk/bookings', {
      method: 'POST',
      body: {
        draftId: randomUUID(),
        channel: 'walk-in',
        roomId,
        packageIndex: 0,
        rooms,
        checkIn: day(first),
        checkOut: day(end),
        email: 'walk.in@example.com',
      },
    });
    if (reply.status !== 201) throw new Error(`desk booking: ${reply.status} ${JSON.stringify(reply.body)}`);
    return reply.body.booking.bookingId as string;
  }
  const rooms = async () =>
    (await as('/api/admin/rooms')).body.types as Array<{ typeId: string; title: string; rooms: Array<{ id: number; number: string }> }>;
  const roomId = async (number: string) => (await rooms()).flatMap((t) => t.rooms).find((r) => r.number === number)!.id;

  beforeAll(async () => {
    database = await startTestDatabase(kind);
    // The hotel as the release before rooms by number left it: bookings on room types only.
    const pool = new pg.Pool({ connectionString: database.url, max: 2 });
    try {
      await migrate(pool, { upTo: 39 });
      // Classic Rooms, stays laid so that up to all 8 rooms are taken on some nights, overlapping every way.
      const stays: Array<[number, number, number]> = [
        [0, 3, 2],
        [0, 1, 1],
        [1, 4, 1],
        [1, 2, 2],
        [2, 6, 1],
        [3, 5, 1],
        [3, 4, 1],
        [4, 7, 3],
        [5, 6, 1],
        [6, 9, 2],
        [7, 8, 1],
        [5, 9, 1],
      ];
      for (const [i, [first, end, count]] of stays.entries()) {
        const id = `BK7000${String(i).padStart(2, '0')}`;
        await pool.query(
          `INSERT INTO bookings (booking_id, room_id, room_name, rooms, check_in, check_out, total_price, email)
           VALUES ($1, 'deluxe', 'Classic Room', $2, $3, $4, 3000, 'before@example.com')`,
          [id, count, day(200 + first), day(200 + end)],
        );
        upgraded.push({ id, room: 'deluxe', first: 200 + first, end: 200 + end, rooms: count });
      }
      // Past nights with more Suit Rooms booked than the hotel has now (the owner has since taken one away).
      for (const [i, id] of ['BK700100', 'BK700101', 'BK700102', 'BK700103'].entries()) {
        await pool.query(
          `INSERT INTO bookings (booking_id, room_id, room_name, rooms, check_in, check_out, total_price, email, status)
           VALUES ($1, 'executive', 'Suit Room', 1, $2, $3, 4000, 'past@example.com', $4)`,
          [id, addDays(hotelToday(), -40), addDays(hotelToday(), -38), i === 3 ? 'checked_out' : 'confirmed'],
        );
      }
      await pool.query(
        `INSERT INTO room_nights (room_id, night, booked)
         SELECT room_id, n::date, sum(rooms) FROM bookings, generate_series(check_in, check_out - 1, interval '1 day') AS n GROUP BY 1, 2`,
      );
      await pool.query(`UPDATE room_types SET rooms = 3 WHERE room_id = 'executive'`);
    } finally {
      await pool.end();
    }
    db = await database.open();
    server = await startTestServer(db, { now: () => clock });
    await createAdmin(db);
    owner = await signIn(server.url);
  });
  afterAll(async () => {
    await server?.close();
    await database?.remove();
  });
  beforeEach(() => {
    clock = indiaNoon(base);
  });

  test('the upgrade numbers the rooms of each type and places every booking, each in one room for its whole stay', async () => {
    const types = await rooms();
    expect(types.map((t) => [t.typeId, t.title, t.rooms.map((r) => r.number)])).toEqual([
      ['deluxe', 'Classic Room', ['101', '102', '103', '104', '105', '106', '107', '108']],
      ['executive', 'Suit Room', ['201', '202', '203']],
    ]);
    for (const booking of upgraded) {
      const lines = await placed(booking.id);
      expect(lines).toHaveLength((booking.end - booking.first) * booking.rooms);
      expect(await roomsOf(booking.id)).toHaveLength(booking.rooms);
    }
    // The fourth Suit Room of those past nights was kept for them, retired.
    const past = await Promise.all(['BK700100', 'BK700101', 'BK700102', 'BK700103'].map(roomsOf));
    expect(past.flat().sort()).toEqual(['201', '202', '203', '204']);
    expect((await db.pool.query(`SELECT retired_at IS NOT NULL AS retired FROM rooms WHERE number = '204'`)).rows).toEqual([
      { retired: true },
    ]);
    await expectInventoryKept();
  });

  test('a confirm places each of its rooms on one room every night; a change of stay keeps them, a cancel frees them', async () => {
    const two = await confirm('executive', 50, 53, 2);
    const first = await roomsOf(two);
    expect(first).toHaveLength(2);
    expect(await placed(two)).toEqual([50, 51, 52].flatMap((n) => first.map((room) => `${day(n)} ${room}`)));
    await expectInventoryKept();

    // The guest's manage link: one night more, one room fewer. The room kept is one it had.
    const confirmed = (await as('/api/admin/outbox?limit=200')).body.items.find(
      (m: { bookingId: string; kind: string }) => m.bookingId === two && m.kind === 'confirmed',
    );
    const token = /\/manage#([A-Za-z0-9_.-]+)/.exec(confirmed.text)![1]!;
    const manage = (path: string, body: unknown) =>
      api(server.url, `/api/manage${path}`, { method: path ? 'POST' : 'PUT', body, headers: { 'x-manage-token': token } });
    expect((await manage('', { checkIn: day(50), checkOut: day(54), rooms: 1 })).status).toBe(200);
    const kept = await roomsOf(two);
    expect(kept).toHaveLength(1);
    expect(first).toContain(kept[0]);
    expect(await placed(two)).toEqual([50, 51, 52, 53].map((n) => `${day(n)} ${kept[0]}`));
    await expectInventoryKept();
    expect((await manage('/cancel', {})).status).toBe(200);
    expect(await placed(two)).toEqual([]);
    await expectInventoryKept();
  });

  test('at the desk: check-in shows the room; an early check-out frees the nights not stayed; undo takes them back on the same room; a no-show frees all', async () => {
    const id = await deskBook('deluxe', 0, 4);
    const desk = (await as(`/api/admin/desk?date=${day(0)}`)).body;
    const arrival = desk.arrivals.find((e: { bookingId: string }) => e.bookingId === id);
    const [room] = await roomsOf(id);
    expect(arrival.placedIn).toEqual([{ id: await roomId(room!), number: room }]);
    const checkedIn = await as(`/api/admin/bookings/${id}/status`, { method: 'POST', body: { to: 'checked_in' } });
    expect(checkedIn.body.entry).toMatchObject({ status: 'checked_in', placedIn: [{ number: room }] });
    expect((await as(`/api/admin/desk?date=${day(1)}`)).body.rooms.find((r: { number: string }) => r.number === room)).toMatchObject({
      bookingIds: [id],
      channels: [],
    });

    clock = indiaNoon(day(2));
    expect((await moveSettled(as, id, 'checked_out')).status).toBe(200);
    expect(await placed(id)).toEqual([0, 1].map((n) => `${day(n)} ${room}`));
    await expectInventoryKept();
    expect((await as(`/api/admin/bookings/${id}/undo`, { method: 'POST', body: {} })).status).toBe(200);
    expect(await placed(id)).toEqual([0, 1, 2, 3].map((n) => `${day(n)} ${room}`));
    await expectInventoryKept();

    clock = indiaNoon(day(0));
    const noShow = await deskBook('deluxe', 0, 2);
    clock = indiaNoon(day(1));
    expect((await as(`/api/admin/bookings/${noShow}/status`, { method: 'POST', body: { to: 'no_show' } })).status).toBe(200);
    expect(await placed(noShow)).toEqual([]);
    await expectInventoryKept();
  });

  test('delete and restore, an imported backup and a burst deleted at once keep the rooms in step', async () => {
    const id = await confirm('executive', 20, 22);
    expect((await as(`/api/admin/bookings/${id}`, { method: 'DELETE' })).status).toBe(200);
    expect(await placed(id)).toEqual([]);
    expect((await as(`/api/admin/bookings/${id}/restore`, { method: 'POST', body: {} })).status).toBe(200);
    expect(await placed(id)).toHaveLength(2);
    await expectInventoryKept();

    const imported = await as('/api/admin/import', {
      method: 'POST',
      body: [
        {
          bookingId: 'BK812345',
          roomName: 'Suit Room',
          checkIn: day(24),
          checkOut: day(27),
          totalPrice: 12000,
          email: 'from.backup@example.com',
          rooms: 2,
          createdAt: new Date().toISOString(),
        },
      ],
    });
    expect(imported.body).toMatchObject({ imported: 1 });
    expect(await roomsOf('BK812345')).toHaveLength(2);
    expect(await placed('BK812345')).toHaveLength(6);
    await expectInventoryKept();

    const burst = [await confirm('deluxe', 30, 32, 1, 'burst@example.com'), await confirm('deluxe', 30, 33, 3, 'burst@example.com')];
    expect((await placed(burst[1]!)).length).toBe(9);
    const deleted = await as('/api/admin/bursts/bookings?email=burst@example.com&hours=24', { method: 'DELETE' });
    expect(deleted.body.deleted).toBe(2);
    for (const b of burst) expect(await placed(b)).toEqual([]);
    await expectInventoryKept();
  });

  test('the desk moves a booking to another room of its type for the nights it still holds; a taken room refuses and moves nothing', async () => {
    const mover = await deskBook('executive', 40, 43);
    const blocker = await deskBook('executive', 41, 42);
    const [from] = await roomsOf(mover);
    const [taken] = await roomsOf(blocker);
    const entry = (await as(`/api/admin/desk?date=${day(40)}`)).body.arrivals.find((e: { bookingId: string }) => e.bookingId === mover);
    expect(entry.moveTargets.map((r: { number: string }) => r.number)).not.toContain(taken);
    expect(entry.moveTargets.map((r: { number: string }) => r.number)).not.toContain(from);
    const refused = await as(`/api/admin/bookings/${mover}/room`, {
      method: 'POST',
      body: { fromRoom: await roomId(from!), toRoom: await roomId(taken!) },
    });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toMatch(new RegExp(`^Room ${taken} is taken on the night of .*: nothing was moved\\.$`));
    expect(await roomsOf(mover)).toEqual([from]);
    const to = entry.moveTargets[0];
    const moved = await as(`/api/admin/bookings/${mover}/room`, { method: 'POST', body: { fromRoom: await roomId(from!), toRoom: to.id } });
    expect(moved.body).toEqual({ bookingId: mover, from, to: to.number, nights: 3 });
    expect(await placed(mover)).toEqual([40, 41, 42].map((n) => `${day(n)} ${to.number}`));
    // Of another type, or not one of its rooms: refused.
    expect(
      (await as(`/api/admin/bookings/${mover}/room`, { method: 'POST', body: { fromRoom: to.id, toRoom: await roomId('101') } })).status,
    ).toBe(409);
    expect(
      (await as(`/api/admin/bookings/BK999999/room`, { method: 'POST', body: { fromRoom: to.id, toRoom: await roomId('201') } })).status,
    ).toBe(404);
    const audit = (await as('/api/admin/audit')).body.items[0];
    expect(audit).toMatchObject({ bookingId: mover, action: 'room', staff: 'admin' });
    await expectInventoryKept();
  });

  test('the owner adds, renames and retires rooms, never below what is booked; the number of rooms follows', async () => {
    const added = await as('/api/admin/rooms', { method: 'POST', body: { typeId: 'executive', number: '204' } });
    expect(added.status).toBe(201);
    expect((await as('/api/admin/rooms', { method: 'POST', body: { typeId: 'executive', number: '204' } })).status).toBe(409);
    expect((await as('/api/admin/rooms', { method: 'POST', body: { typeId: 'penthouse', number: '901' } })).status).toBe(404);
    for (const number of ['', ' 205', '205 ', 'x'.repeat(21), '20\u00075'])
      expect((await as('/api/admin/rooms', { method: 'POST', body: { typeId: 'executive', number } })).status).toBe(400);
    const availability = await api(server.url, `/api/availability?checkIn=${day(60)}&checkOut=${day(61)}`);
    expect(availability.body.rooms.find((r: { roomId: string }) => r.roomId === 'executive')).toMatchObject({ capacity: 4, left: 4 });

    expect((await as(`/api/admin/rooms/${added.body.id}`, { method: 'PUT', body: { number: 'Garden Suite' } })).body).toEqual({
      id: added.body.id,
      number: 'Garden Suite',
    });
    expect((await as(`/api/admin/rooms/${added.body.id}`, { method: 'PUT', body: { number: '201' } })).status).toBe(409);

    // A room with a booking ahead retires: the booking moves to another Suit Room.
    const ahead = await confirm('executive', 70, 72);
    const [onRoom] = await roomsOf(ahead);
    const retired = await as(`/api/admin/rooms/${await roomId(onRoom!)}`, { method: 'DELETE' });
    expect(retired.status).toBe(200);
    // Every booking it held from today on (this one and the earlier tests' that stand there) moved.
    expect(retired.body.moved).toContain(ahead);
    for (const moved of retired.body.moved as string[]) expect(await roomsOf(moved)).not.toContain(onRoom);
    expect((await rooms()).find((t) => t.typeId === 'executive')!.rooms).toHaveLength(3);
    await expectInventoryKept();

    // Never below what is booked: with every Suit Room taken on a night, none retires.
    for (let n = 0; n < 3; n++) await confirm('executive', 80, 81);
    const refused = await as(`/api/admin/rooms/${added.body.id}`, { method: 'DELETE' });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toMatch(
      /^Room Garden Suite cannot be retired: its type's other rooms cannot hold what is taken on .* \(3 taken\)\.$/,
    );

    // Prices & rooms' number of rooms adds rooms numbered on, and retires the highest first.
    const current = (await as('/api/admin/prices?days=1')).body.roomTypes.find((t: { roomId: string }) => t.roomId === 'deluxe');
    const setRooms = (n: number) =>
      as('/api/admin/room-types/deluxe', {
        method: 'PUT',
        body: { rooms: n, pricePaise: current.pricePaise, discountPricePaise: current.discountPricePaise },
      });
    expect((await setRooms(10)).status).toBe(200);
    expect((await rooms()).find((t) => t.typeId === 'deluxe')!.rooms.map((r) => r.number)).toEqual([
      '101',
      '102',
      '103',
      '104',
      '105',
      '106',
      '107',
      '108',
      '109',
      '110',
    ]);
    expect((await setRooms(8)).status).toBe(200);
    expect((await rooms()).find((t) => t.typeId === 'deluxe')!.rooms.map((r) => r.number)).toEqual([
      '101',
      '102',
      '103',
      '104',
      '105',
      '106',
      '107',
      '108',
    ]);
    await expectInventoryKept();
  });
});
