import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import pg from 'pg';
import type { Database } from '../../server/db/database';
import { checkInventory } from './support/inventory';
import { confirmBody, daysFromNow } from './support/stays';
import { databaseKinds, startTestDatabase } from './support/testDatabase';
import type { TestDatabase } from './support/testDatabase';
import { api, createAdmin, signIn, startTestServer } from './support/testServer';
import type { TestServer } from './support/testServer';

const dbDir = path.resolve(__dirname, '../../server/db');
const fixture = path.join(__dirname, 'fixtures/hotel-at-017.sql');

/** Every function server/db/functions/ defines, by name (CREATE OR REPLACE FUNCTION name(...)). */
async function definedFunctions(): Promise<Map<string, string[]>> {
  const defined = new Map<string, string[]>();
  for (const file of (await readdir(path.join(dbDir, 'functions'))).filter((name) => name.endsWith('.sql'))) {
    const sql = await readFile(path.join(dbDir, 'functions', file), 'utf8');
    for (const [, name] of sql.matchAll(/^CREATE OR REPLACE FUNCTION (\w+)\(/gm)) defined.set(name!, [...(defined.get(name!) ?? []), file]);
  }
  return defined;
}

/** Our functions in the database (not an extension's): name and argument list of each definition. */
async function functionsInDatabase(pool: pg.Pool) {
  const { rows } = await pool.query<{ name: string; signature: string }>(
    `SELECT p.proname AS name, p.oid::regprocedure::text AS signature FROM pg_proc p
      WHERE p.pronamespace = 'public'::regnamespace
        AND NOT EXISTS (SELECT 1 FROM pg_depend d WHERE d.classid = 'pg_proc'::regclass AND d.objid = p.oid AND d.deptype = 'e')
      ORDER BY 1, 2`,
  );
  return rows;
}

describe('every SQL function has one home', () => {
  test('each is defined in exactly one file of server/db/functions/, and no migration defines one or a trigger', async () => {
    const defined = await definedFunctions();
    expect(defined.get('confirm_booking')).toEqual(['bookings.sql']);
    for (const [name, files] of defined) expect([name, files.length]).toEqual([name, 1]);
    for (const file of (await readdir(path.join(dbDir, 'migrations'))).filter((name) => name.endsWith('.sql'))) {
      const sql = (await readFile(path.join(dbDir, 'migrations', file), 'utf8')).replace(/--.*$/gm, '');
      expect([file, /CREATE (OR REPLACE )?FUNCTION|ALTER FUNCTION|CREATE (OR REPLACE )?TRIGGER/i.test(sql)]).toEqual([file, false]);
    }
  });
});

// A hotel running the release before functions moved home (migrations 001-017, functions defined
// across them) upgrades: test/server/fixtures/hotel-at-017.sql is that database as pg_dump wrote
// it, with its bookings (made by that release's SQL: confirmed, cancelled, checked in, imported).
describe.each(databaseKinds)('upgrading a hotel database from migration 017 on %s', (kind) => {
  let database: TestDatabase;
  let db: Database;
  let server: TestServer;
  let admin: Awaited<ReturnType<typeof signIn>>;

  beforeAll(async () => {
    database = await startTestDatabase(kind);
    const loader = new pg.Client({ connectionString: database.url });
    await loader.connect();
    try {
      await loader.query(await readFile(fixture, 'utf8'));
    } finally {
      await loader.end();
    }
    // As `npm start` opens it: the newer migrations, then the functions.
    db = await database.open();
    server = await startTestServer(db);
    await createAdmin(db);
    admin = await signIn(server.url);
  });
  afterAll(async () => {
    await server?.close();
    await database?.remove();
  });

  test('each function exists once, as its file defines it, and the price cache is filled again', async () => {
    const defined = await definedFunctions();
    const inDatabase = await functionsInDatabase(db.pool);
    expect(inDatabase.map((row) => row.name)).toEqual([...defined.keys()].sort());
    const bodies = await db.pool.query<{ src: string }>(`SELECT prosrc AS src FROM pg_proc WHERE proname = 'confirm_booking'`);
    const file = await readFile(path.join(dbDir, 'functions/bookings.sql'), 'utf8');
    expect(file).toContain(bodies.rows[0]!.src.trim());
    // The cache was left out of the dump: the functions step worked it out again.
    const cached = await db.pool.query<{ n: number }>('SELECT count(*)::int AS n FROM night_prices');
    expect(cached.rows[0]!.n).toBeGreaterThan(2 * 1000);
  });

  test("the release's bookings read as they were: prices, invoice numbers, statuses and nights", async () => {
    const found = await api(server.url, '/api/admin/bookings?q=BK5000', { headers: admin.headers });
    const byId = Object.fromEntries((found.body.items as Array<{ bookingId: string }>).map((b) => [b.bookingId, b]));
    expect(byId.BK500002).toMatchObject({
      status: 'confirmed',
      taxablePaise: 3_000_000,
      cgstPaise: 179_000,
      invoiceNumber: 'INV-2627-000002',
    });
    expect(byId.BK500003).toMatchObject({ status: 'cancelled' });
    expect(byId.BK500004).toMatchObject({ status: 'checked_in' });
    expect(byId.BK500005).toMatchObject({ status: 'confirmed', totalPrice: 8000 });
    expect(byId.BK500005).not.toHaveProperty('invoiceNumber');
    expect((await checkInventory(db.pool)).problems).toEqual([]);
  });

  test('a booking is confirmed, changed by its link and cancelled; the desk cancels one the release made', async () => {
    const confirmed = await api(server.url, '/api/bookings', {
      method: 'POST',
      body: confirmBody({ roomId: 'deluxe', checkIn: daysFromNow(40), checkOut: daysFromNow(42), email: 'after.upgrade@example.com' }),
    });
    expect(confirmed.status).toBe(201);
    const bookingId = confirmed.body.booking.bookingId as string;
    expect(confirmed.body.booking.invoiceNumber).toMatch(/^INV-\d{4}-\d{6}$/);

    const outbox = await api(server.url, '/api/admin/outbox?limit=200', { headers: admin.headers });
    const message = (outbox.body.items as Array<{ bookingId: string; kind: string; text: string }>).find(
      (item) => item.bookingId === bookingId && item.kind === 'confirmed',
    );
    const token = /\/manage#([A-Za-z0-9_.-]+)/.exec(message!.text)![1]!;
    const manage = (method: string, route: string, body?: unknown) =>
      api(server.url, `/api/manage${route}`, { method, body, headers: { 'x-manage-token': token } });

    const changed = await manage('PUT', '', { checkIn: daysFromNow(40), checkOut: daysFromNow(43), rooms: 2 });
    expect(changed.status).toBe(200);
    expect(changed.body.booking).toMatchObject({ checkOut: daysFromNow(43), rooms: 2, taxablePaise: 3 * 2 * 300_000 });
    const cancelled = await manage('POST', '/cancel');
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.booking.status).toBe('cancelled');

    const desk = await api(server.url, '/api/admin/bookings/BK500001/status', {
      method: 'POST',
      body: { to: 'cancelled' },
      headers: admin.headers,
    });
    expect(desk.status).toBe(200);
    expect(desk.body.booking.status).toBe('cancelled');
    expect((await checkInventory(db.pool)).problems).toEqual([]);
    const nights = await db.pool.query<{ booked: number }>(
      `SELECT booked FROM room_nights WHERE room_id = 'deluxe' AND night BETWEEN '2027-01-10' AND '2027-01-12'`,
    );
    expect(nights.rows.map((row) => row.booked)).toEqual([0, 0, 0]);
  });

  test('the next start leaves one definition of each function, dropping an old argument list left behind', async () => {
    const before = await functionsInDatabase(db.pool);
    // confirm_booking as migration 007 declared it: an overload the release's own migrations dropped.
    await db.pool
      .query(`CREATE FUNCTION confirm_booking(uuid, text, bytea, text, text, integer, integer, date, date, integer, text, integer, text)
                         RETURNS TABLE (replayed boolean, booking_id text) LANGUAGE sql AS 'SELECT true, NULL::text'`);
    expect((await functionsInDatabase(db.pool)).length).toBe(before.length + 1);
    const again = await database.open();
    expect(await functionsInDatabase(again.pool)).toEqual(before);
  });
});
