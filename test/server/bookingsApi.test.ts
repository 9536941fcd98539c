import { exactTotalLimit, searchBookings } from '../../server/db/bookingQueries';
import { cachedSearch } from '../../server/db/searchCache';
import type { Database } from '../../server/db/database';
import { confirmBody, daysFromNow } from './support/stays';
import { databaseKinds, startTestDatabase } from './support/testDatabase';
import type { TestDatabase } from './support/testDatabase';
import { api, createAdmin, signIn, startTestServer } from './support/testServer';
import type { TestServer } from './support/testServer';

describe.each(databaseKinds)('bookings API on %s', (kind) => {
  let database: TestDatabase;
  let db: Database;
  let server: TestServer;

  beforeAll(async () => {
    database = await startTestDatabase(kind);
    db = await database.open();
    server = await startTestServer(db);
    await createAdmin(db);
  });
  afterAll(async () => {
    await server?.close();
    await database?.remove();
  });

  test('health names the database kind', async () => {
    const health = await api(server.url, '/api/health');
    expect(health).toMatchObject({ status: 200, body: { status: 'ok' } });
    expect((await api(server.url, '/api/ready')).body).toEqual({ ready: true });
  });

  test('a confirm takes its rooms on every night, and availability shows what is left', async () => {
    const stay = { checkIn: daysFromNow(40), checkOut: daysFromNow(43) };
    const before = await api(server.url, `/api/availability?checkIn=${stay.checkIn}&checkOut=${stay.checkOut}`);
    expect(before.body.rooms).toMatchObject([
      { roomId: 'deluxe', title: 'Classic Room', capacity: 8, left: 8 },
      { roomId: 'executive', title: 'Suit Room', capacity: 4, left: 4 },
    ]);
    const confirmed = await api(server.url, '/api/bookings', {
      method: 'POST',
      body: confirmBody({ ...stay, rooms: 3, email: 'Asha@Example.com' }),
    });
    expect(confirmed.status).toBe(201);
    // The server prices the stay from the catalogue: 4000 x 3 rooms x 3 nights.
    expect(confirmed.body.booking).toMatchObject({
      roomName: 'Suit Room',
      rooms: 3,
      totalPrice: 36_000,
      email: 'Asha@Example.com',
      ...stay,
    });
    // A stay overlapping one of those nights sees 1 Suit Room left.
    const overlap = await api(server.url, `/api/availability?checkIn=${daysFromNow(42)}&checkOut=${daysFromNow(45)}`);
    expect(overlap.body.rooms[1]).toMatchObject({ roomId: 'executive', left: 1 });
    const refused = await api(server.url, '/api/bookings', {
      method: 'POST',
      body: confirmBody({ checkIn: daysFromNow(42), checkOut: daysFromNow(44), rooms: 2 }),
    });
    expect(refused).toMatchObject({
      status: 409,
      body: { error: 'Conflict', message: 'Only 1 Suit Room is left for those dates.', left: 1 },
    });
    const nights = await db.pool.query('SELECT night, booked FROM room_nights WHERE room_id = $1 AND night >= $2 ORDER BY night', [
      'executive',
      stay.checkIn,
    ]);
    expect(nights.rows).toEqual([
      { night: stay.checkIn, booked: 3 },
      { night: daysFromNow(41), booked: 3 },
      { night: daysFromNow(42), booked: 3 },
    ]);
  });

  test('a retried confirm with the same draft is stored once and answers the same booking', async () => {
    const body = confirmBody({ checkIn: daysFromNow(50), checkOut: daysFromNow(51) });
    const first = await api(server.url, '/api/bookings', { method: 'POST', body });
    const again = await Promise.all([1, 2, 3].map(() => api(server.url, '/api/bookings', { method: 'POST', body })));
    expect(first.status).toBe(201);
    for (const reply of again) expect(reply).toMatchObject({ status: 200, body: { booking: { bookingId: first.body.booking.bookingId } } });
    const stored = await db.pool.query('SELECT count(*)::int AS n FROM bookings WHERE draft_id = $1', [body.draftId]);
    expect(stored.rows[0].n).toBe(1);
    const night = await db.pool.query('SELECT booked FROM room_nights WHERE room_id = $1 AND night = $2', ['executive', body.checkIn]);
    expect(night.rows[0].booked).toBe(1);
  });

  test('a booking ID another booking holds is replaced by a free one, which the answer names', async () => {
    const first = await api(server.url, '/api/bookings', {
      method: 'POST',
      body: confirmBody({ bookingId: 'BK555555', checkIn: daysFromNow(60), checkOut: daysFromNow(61) }),
    });
    const second = await api(server.url, '/api/bookings', {
      method: 'POST',
      body: confirmBody({ bookingId: 'BK555555', checkIn: daysFromNow(60), checkOut: daysFromNow(61) }),
    });
    expect(first.body.booking.bookingId).toBe('BK555555');
    expect(second.status).toBe(201);
    expect(second.body.booking.bookingId).toMatch(/^BK[1-9]\d{5}$/);
    expect(second.body.booking.bookingId).not.toBe('BK555555');
  });

  test.each([
    [{ rooms: 4 }, 'rooms: must be 1 to 3'],
    [{ rooms: 0 }, 'rooms: must be 1 to 3'],
    [{ roomId: 'penthouse' }, 'roomId: is not a room type of this hotel'],
    [{ email: 'not-an-email' }, 'email: must be an email address'],
    [{ checkIn: daysFromNow(-3), checkOut: daysFromNow(2) }, 'checkIn: must not be in the past'],
    [{ checkIn: daysFromNow(10), checkOut: daysFromNow(10) }, 'checkOut: must be after checkIn'],
    [{ checkIn: '2027-02-30', checkOut: '2027-03-02' }, 'checkIn: must be a date (YYYY-MM-DD)'],
    [{ bookingId: 'BK12345' }, 'bookingId: must match pattern'],
    [{ extra: 'field' }, 'extra: is not a field this request takes'],
  ])('a confirm with %j gets 400 naming the field (%s) and stores nothing', async (change, message) => {
    const before = await db.pool.query('SELECT count(*)::int AS n FROM bookings');
    const reply = await api(server.url, '/api/bookings', { method: 'POST', body: confirmBody(change) });
    expect(reply.status).toBe(400);
    expect(reply.body.error).toBe('Bad Request');
    expect(reply.body.message).toContain(message);
    const after = await db.pool.query('SELECT count(*)::int AS n FROM bookings');
    expect(after.rows[0].n).toBe(before.rows[0].n);
  });

  test('a guest reads the whole booking with its key, only its dates without, and by email from another device', async () => {
    const body = confirmBody({ email: 'meera@example.com', checkIn: daysFromNow(70), checkOut: daysFromNow(72) });
    const { bookingId } = (await api(server.url, '/api/bookings', { method: 'POST', body })).body.booking;
    const withKey = await api(server.url, `/api/bookings/${bookingId}`, { headers: { 'x-guest-key': body.guestKey } });
    expect(withKey.body.booking).toMatchObject({ bookingId, email: 'meera@example.com', rooms: 1 });
    const withoutKey = await api(server.url, `/api/bookings/${bookingId}`);
    expect(withoutKey.body).toEqual({ booking: { bookingId, checkIn: body.checkIn, checkOut: body.checkOut } });
    const byEmail = await api(server.url, '/api/bookings/lookup', {
      method: 'POST',
      body: { bookingId: bookingId.toLowerCase(), email: 'MEERA@example.com' },
    });
    expect(byEmail.body.booking).toMatchObject({ bookingId, email: 'meera@example.com' });
    // A wrong email gets exactly what an unknown ID gets.
    const wrongEmail = await api(server.url, '/api/bookings/lookup', { method: 'POST', body: { bookingId, email: 'someone@else.com' } });
    const unknown = await api(server.url, '/api/bookings/lookup', {
      method: 'POST',
      body: { bookingId: 'BK100001', email: 'someone@else.com' },
    });
    expect(wrongEmail.status).toBe(404);
    expect(unknown.status).toBe(404);
    expect(wrongEmail.body.message.replace(bookingId, 'ID')).toBe(unknown.body.message.replace('BK100001', 'ID'));
  });

  test('the email is changed with the guest key or the current email, never without', async () => {
    const body = confirmBody({ email: 'old@example.com', checkIn: daysFromNow(80), checkOut: daysFromNow(81) });
    const { bookingId } = (await api(server.url, '/api/bookings', { method: 'POST', body })).body.booking;
    const refused = await api(server.url, `/api/bookings/${bookingId}/email`, { method: 'PUT', body: { email: 'thief@example.com' } });
    expect(refused.status).toBe(404);
    const withKey = await api(server.url, `/api/bookings/${bookingId}/email`, {
      method: 'PUT',
      body: { email: 'new@example.com' },
      headers: { 'x-guest-key': body.guestKey },
    });
    expect(withKey.body.booking.email).toBe('new@example.com');
    const withEmail = await api(server.url, `/api/bookings/${bookingId}/email`, {
      method: 'PUT',
      body: { email: 'newer@example.com', currentEmail: 'new@example.com' },
    });
    expect(withEmail.body.booking.email).toBe('newer@example.com');
    const audit = await db.pool.query(`SELECT action, actor FROM audit_log WHERE booking_id = $1 ORDER BY id`, [bookingId]);
    expect(audit.rows).toEqual([
      { action: 'email', actor: 'guest' },
      { action: 'email', actor: 'guest' },
    ]);
  });

  test('the admin searches any case of ID, email or room, newest first and paged; deletes free the nights and undo takes them back', async () => {
    const admin = await signIn(server.url);
    const made: string[] = [];
    for (const email of ['zed.one@hills.in', 'zed.two@hills.in', 'zed.three@hills.in']) {
      const reply = await api(server.url, '/api/bookings', {
        method: 'POST',
        body: confirmBody({ email, roomId: 'deluxe', checkIn: daysFromNow(90), checkOut: daysFromNow(92) }),
      });
      made.push(reply.body.booking.bookingId);
    }
    const found = await api(server.url, '/api/admin/bookings?q=ZED.&pageSize=2', { headers: admin.headers });
    expect(found.body).toMatchObject({ page: 1, pageSize: 2, total: 3, totalExact: true });
    expect(found.body.items.map((b: { bookingId: string }) => b.bookingId)).toEqual([made[2], made[1]]);
    const page2 = await api(server.url, '/api/admin/bookings?q=ZED.&pageSize=2&page=2', { headers: admin.headers });
    expect(page2.body.items.map((b: { bookingId: string }) => b.bookingId)).toEqual([made[0]]);
    const byRoom = await api(server.url, '/api/admin/bookings?q=classic%20ROOM', { headers: admin.headers });
    expect(byRoom.body.items.every((b: { roomName: string }) => b.roomName === 'Classic Room')).toBe(true);
    const byId = await api(server.url, `/api/admin/bookings?q=${made[1]!.toLowerCase()}`, { headers: admin.headers });
    expect(byId.body.items.map((b: { bookingId: string }) => b.bookingId)).toEqual([made[1]]);
    const none = await api(server.url, '/api/admin/bookings?q=%25', { headers: admin.headers });
    expect(none.body).toMatchObject({ items: [], total: 0 });

    const deleted = await api(server.url, `/api/admin/bookings/${made[0]}`, { method: 'DELETE', headers: admin.headers });
    expect(deleted.status).toBe(200);
    const nightAfterDelete = await db.pool.query('SELECT booked FROM room_nights WHERE room_id = $1 AND night = $2', [
      'deluxe',
      daysFromNow(90),
    ]);
    expect(nightAfterDelete.rows[0].booked).toBe(2);
    expect((await api(server.url, `/api/bookings/${made[0]}`)).status).toBe(404);
    const restored = await api(server.url, `/api/admin/bookings/${made[0]}/restore`, { method: 'POST', headers: admin.headers });
    expect(restored.status).toBe(200);
    const nightAfterRestore = await db.pool.query('SELECT booked FROM room_nights WHERE room_id = $1 AND night = $2', [
      'deluxe',
      daysFromNow(90),
    ]);
    expect(nightAfterRestore.rows[0].booked).toBe(3);
    const audit = await api(server.url, '/api/admin/audit', { headers: admin.headers });
    expect(audit.body.items.slice(0, 2).map((e: { action: string; bookingId: string }) => [e.action, e.bookingId])).toEqual([
      ['restore', made[0]],
      ['delete', made[0]],
    ]);
  });

  test(`a search counts its matches exactly up to ${exactTotalLimit.toLocaleString('en')}, and says "more than" past it`, async () => {
    const admin = await signIn(server.url);
    // Imported-style records (no nights), straight into the table: a thousand confirms would only be slower.
    const insertMany = (count: number, tag: string) =>
      db.pool.query(
        `INSERT INTO bookings (booking_id, room_name, rooms, total_price, email)
         SELECT 'BULK' || $2 || n, 'Classic Room', 1, 3000, 'guest' || n || '@' || $2 || '.example' FROM generate_series(1, $1::int) AS n`,
        [count, tag],
      );
    try {
      await insertMany(exactTotalLimit, 'exact');
      await insertMany(exactTotalLimit + 1, 'over');
      const exact = await api(server.url, '/api/admin/bookings?q=@EXACT.example', { headers: admin.headers });
      expect(exact.body).toMatchObject({ total: exactTotalLimit, totalExact: true });
      expect(exact.body.items).toHaveLength(50);
      const over = await api(server.url, '/api/admin/bookings?q=@over.example', { headers: admin.headers });
      expect(over.body).toMatchObject({ total: exactTotalLimit, totalExact: false });
      const last = await api(server.url, `/api/admin/bookings?q=@exact.example&page=${exactTotalLimit / 50}`, { headers: admin.headers });
      expect(last.body).toMatchObject({ total: exactTotalLimit, totalExact: true });
      expect(last.body.items).toHaveLength(50);
      // Within the limit a page is cut from the matches read at once; past it, read again newest first: both in the same order.
      for (const [tag, page] of [
        ['exact', 2],
        ['over', 1],
        ['over', 2],
        ['over', 21],
      ] as const) {
        const { rows } = await db.pool.query<{ booking_id: string }>(
          `SELECT booking_id FROM bookings WHERE email LIKE $1 ORDER BY created_at DESC, booking_id DESC LIMIT 50 OFFSET $2`,
          [`%@${tag}.example`, (page - 1) * 50],
        );
        const shown = await api(server.url, `/api/admin/bookings?q=@${tag}.example&page=${page}`, { headers: admin.headers });
        expect(shown.body.items.map((b: { bookingId: string }) => b.bookingId)).toEqual(rows.map((r) => r.booking_id));
        expect(rows.length).toBe(page === 21 ? 1 : 50);
      }
    } finally {
      await db.pool.query(`DELETE FROM bookings WHERE booking_id LIKE 'BULK%'`);
    }
  });

  test('a search asked again while nothing changed is answered from memory; any write, even straight into the table, is seen at once', async () => {
    let reads = 0;
    const search = cachedSearch(256, (...args) => {
      reads += 1;
      return searchBookings(...args);
    });
    const emails = (page: { items: Array<{ email: string }> }) => page.items.map((b) => b.email);
    const first = await search(db.pool, 'memo.check', 1, 50);
    expect(first.items).toEqual([]);
    // Other test files share the cluster, and any transaction ending anywhere makes an answer read
    // again: of five asks in a row, at least one must come from memory, each the same answer.
    for (let i = 0; i < 5; i++) expect(await search(db.pool, 'memo.check', 1, 50)).toEqual(first);
    expect(reads).toBeLessThan(6);

    await db.pool.query(
      `INSERT INTO bookings (booking_id, room_name, rooms, total_price, email) VALUES ('BK000777', 'Classic Room', 1, 3000, 'memo.check@example.com')`,
    );
    try {
      const readsBefore = reads;
      expect(emails(await search(db.pool, 'memo.check', 1, 50))).toEqual(['memo.check@example.com']);
      expect(reads).toBe(readsBefore + 1);
      await db.pool.query(`UPDATE bookings SET email = 'memo.check2@example.com' WHERE booking_id = 'BK000777'`);
      expect(emails(await search(db.pool, 'memo.check', 1, 50))).toEqual(['memo.check2@example.com']);
    } finally {
      await db.pool.query(`DELETE FROM bookings WHERE booking_id = 'BK000777'`);
    }
    expect(await search(db.pool, 'memo.check', 1, 50)).toMatchObject({ items: [], total: 0 });
  });

  test("a booking confirmed or deleted through a second server instance shows in the first one's next search", async () => {
    const second = await startTestServer(db);
    try {
      const admin = await signIn(server.url);
      const ask = async () =>
        (await api(server.url, '/api/admin/bookings?q=twin.instance', { headers: admin.headers })).body.items.map(
          (b: { bookingId: string }) => b.bookingId,
        );
      expect(await ask()).toEqual([]);
      expect(await ask()).toEqual([]);
      const made = await api(second.url, '/api/bookings', {
        method: 'POST',
        body: confirmBody({ email: 'twin.instance@example.com', roomId: 'deluxe', checkIn: daysFromNow(120), checkOut: daysFromNow(121) }),
      });
      expect(made.status).toBe(201);
      const bookingId = made.body.booking.bookingId as string;
      expect(await ask()).toEqual([bookingId]);
      const secondAdmin = await signIn(second.url);
      expect((await api(second.url, `/api/admin/bookings/${bookingId}`, { method: 'DELETE', headers: secondAdmin.headers })).status).toBe(
        200,
      );
      expect(await ask()).toEqual([]);
    } finally {
      await second.close();
    }
  });

  test('occupancy shows rooms booked per night; exports hold every live booking', async () => {
    const admin = await signIn(server.url);
    await api(server.url, '/api/bookings', {
      method: 'POST',
      body: confirmBody({ roomId: 'deluxe', rooms: 2, checkIn: daysFromNow(3), checkOut: daysFromNow(5), email: '=cmd@example.com' }),
    });
    const from = daysFromNow(0);
    const occupancy = await api(server.url, `/api/admin/occupancy?from=${from}&days=10`, { headers: admin.headers });
    const deluxe = occupancy.body.rooms.find((r: { roomId: string }) => r.roomId === 'deluxe');
    expect(deluxe).toMatchObject({ title: 'Classic Room', capacity: 8 });
    expect(deluxe.booked.slice(2, 6)).toEqual([0, 2, 2, 0]);
    const csv = await api(server.url, '/api/admin/export?format=csv', { headers: admin.headers });
    expect(csv.headers.get('content-disposition')).toMatch(/attachment; filename="hotel-bookings-.*\.csv"/);
    // A guest's text that a spreadsheet would run as a formula is made inert.
    expect(String(csv.body)).toContain("'=cmd@example.com");
    const json = await api(server.url, '/api/admin/export?format=json', { headers: admin.headers });
    const count = await db.pool.query('SELECT count(*)::int AS n FROM bookings WHERE deleted_at IS NULL');
    expect(json.body).toHaveLength(count.rows[0].n);
  });

  test('a browser backup imports with IDs kept, conflicts reported and nothing overwritten', async () => {
    const admin = await signIn(server.url);
    const existing = (
      await api(server.url, '/api/bookings', {
        method: 'POST',
        body: confirmBody({ email: 'keep@example.com', checkIn: daysFromNow(120), checkOut: daysFromNow(121) }),
      })
    ).body.booking;
    const backup = [
      {
        bookingId: 'BK700001',
        roomName: 'Classic Room',
        checkIn: '12/24/2030',
        checkOut: '12/26/2030',
        totalPrice: '6000',
        email: 'old@example.com',
      },
      {
        bookingId: existing.bookingId,
        roomName: 'Classic Room',
        checkIn: '2025-01-01',
        checkOut: '2025-01-02',
        totalPrice: 0,
        email: 'overwrite@example.com',
      },
      { nonsense: true },
    ];
    const reply = await api(server.url, '/api/admin/import', { method: 'POST', body: backup, headers: admin.headers });
    expect(reply.body.imported).toBe(1);
    expect(reply.body.conflicts).toEqual([
      { bookingId: existing.bookingId, reason: 'the hotel already has a booking with this ID' },
      { bookingId: 'record 3', reason: 'not a booking record (missing bookingId)' },
    ]);
    const kept = await db.pool.query('SELECT email FROM bookings WHERE booking_id = $1', [existing.bookingId]);
    expect(kept.rows[0].email).toBe('keep@example.com');
    const imported = await db.pool.query(`SELECT room_id, check_in, rooms FROM bookings WHERE booking_id = 'BK700001'`);
    expect(imported.rows[0]).toEqual({ room_id: 'deluxe', check_in: '2030-12-24', rooms: 1 });
  });
});
