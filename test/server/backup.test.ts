import { execFile } from 'node:child_process';
import { chmod, mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import pg from 'pg';
import { embeddedBinDir, openDatabase } from '../../server/db/database';
import type { Database } from '../../server/db/database';
import { runningPostmaster, startCluster } from '../../server/db/postgresCluster';
import { checkInventory } from './support/inventory';
import { confirmBody, daysFromNow } from './support/stays';
import { adminPassword, api, createAdmin, signIn, startTestServer } from './support/testServer';
import type { TestServer } from './support/testServer';

// Each step starts tsx and a PostgreSQL cluster; on a busy 2-core machine that is seconds each.
jest.setTimeout(240_000);

const root = path.resolve(__dirname, '../..');

interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

/** `npm run db:backup` / `db:restore` as an operator runs them (the same command package.json runs). */
function runScript(args: string[], settings: Record<string, string>): Promise<Run> {
  const env = { ...process.env };
  for (const name of ['DATABASE_URL', 'HOTEL_DATA_DIR', 'HOTEL_BACKUP_DIR', 'INIT_CWD']) delete env[name];
  return new Promise((resolve) => {
    execFile(
      path.join(root, 'node_modules', '.bin', 'tsx'),
      ['server/db/backup.ts', ...args],
      { cwd: root, env: { ...env, ...settings } },
      (error, stdout, stderr) => resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr }),
    );
  });
}

/** Everything a restore must bring back exactly, as text: timestamps, guest key hashes and all. */
async function snapshot(db: Database) {
  const rows = async (sql: string) => (await db.pool.query<{ r: string }>(sql)).rows.map((row) => row.r);
  return {
    bookings: await rows('SELECT row_to_json(b)::text AS r FROM bookings b ORDER BY booking_id'),
    roomNights: await rows(`SELECT room_id || ' ' || night || ' ' || booked AS r FROM room_nights ORDER BY room_id, night`),
    audit: await rows('SELECT row_to_json(a)::text AS r FROM audit_log a ORDER BY id'),
    admins: await rows('SELECT row_to_json(a)::text AS r FROM admins a ORDER BY username'),
  };
}

/** The lines of a backup file, to make damaged and older ones from a real one. */
async function backupLines(file: string): Promise<string[]> {
  return gunzipSync(await readFile(file))
    .toString('utf8')
    .trimEnd()
    .split('\n');
}

describe('npm run db:backup and db:restore on the embedded database', () => {
  let parent: string;
  let dataDir: string;
  let backupDir: string;
  let db: Database | null = null;
  let server: TestServer | null = null;
  const settings = () => ({ HOTEL_DATA_DIR: dataDir, HOTEL_BACKUP_DIR: backupDir });

  /** The hotel as `npm start` runs it on this data folder (migrations included). */
  async function startHotel() {
    db = await openDatabase({ dataDir });
    server = await startTestServer(db);
    return { db, url: server.url };
  }
  async function stopHotel() {
    await server?.close();
    await db?.close();
    server = null;
    db = null;
    expect(runningPostmaster(dataDir)).toBeNull();
  }
  async function snapshotNow() {
    const hotel = await startHotel();
    try {
      return await snapshot(hotel.db);
    } finally {
      await stopHotel();
    }
  }
  async function book(url: string, overrides: Record<string, unknown>) {
    const body = confirmBody(overrides);
    const answer = await api(url, '/api/bookings', { method: 'POST', body });
    expect(answer.status).toBe(201);
    return { bookingId: answer.body.booking.bookingId as string, guestKey: body.guestKey };
  }

  let backupWhileRunning: string;
  let backupWhileStopped: string;
  let backedUp: Awaited<ReturnType<typeof snapshot>>;
  let kept: { bookingId: string; guestKey: string };

  beforeAll(async () => {
    parent = await mkdtemp(path.join(os.tmpdir(), 'hotel-backup-'));
    await chmod(parent, 0o755); // the postgres user must reach the folder when the tests run as root
    dataDir = path.join(parent, 'data');
    backupDir = path.join(parent, 'backups');
  });
  afterAll(async () => {
    await server?.close().catch(() => undefined);
    await db?.close().catch(() => undefined);
    // A step that failed half-way may have left its cluster running: it must not outlive the test.
    for (const folder of [dataDir, path.join(parent, 'old-data')]) {
      const pid = runningPostmaster(folder);
      if (pid !== null) process.kill(pid, 'SIGINT');
    }
    await rm(parent, { recursive: true, force: true });
  });

  test('a backup made while the server runs and one made while it is stopped hold the same bookings; restore refuses while it runs', async () => {
    const hotel = await startHotel();
    await createAdmin(hotel.db);
    kept = await book(hotel.url, { roomId: 'deluxe', rooms: 2, checkIn: daysFromNow(20), checkOut: daysFromNow(23) });
    await book(hotel.url, { roomId: 'deluxe', rooms: 1, checkIn: daysFromNow(21), checkOut: daysFromNow(25) });
    await book(hotel.url, { roomId: 'executive', rooms: 3, checkIn: daysFromNow(20), checkOut: daysFromNow(22) });
    await book(hotel.url, {
      roomId: 'executive',
      rooms: 1,
      checkIn: daysFromNow(40),
      checkOut: daysFromNow(41),
      email: "o'reilly@example.com",
    });
    const gone = await book(hotel.url, { roomId: 'deluxe', rooms: 1, checkIn: daysFromNow(22), checkOut: daysFromNow(24) });
    const admin = await signIn(hotel.url);
    expect((await api(hotel.url, `/api/admin/bookings/${gone.bookingId}`, { method: 'DELETE', headers: admin.headers })).status).toBe(200);
    backedUp = await snapshot(hotel.db);
    expect(backedUp.bookings).toHaveLength(5);
    expect(backedUp.audit).toHaveLength(1);

    const running = await runScript(['backup'], settings());
    expect(running).toMatchObject({ code: 0, stderr: '' });
    const written = /^Backup written to (.+): 4 bookings \(and 1 deleted, restorable\)\.\n$/.exec(running.stdout);
    expect(written).not.toBeNull();
    backupWhileRunning = written![1]!;
    expect(path.dirname(backupWhileRunning)).toBe(backupDir);
    expect(path.basename(backupWhileRunning)).toMatch(/^hotel-\d{8}-\d{6}\.json\.gz$/);

    const owner = runningPostmaster(dataDir);
    const refused = await runScript(['restore', backupWhileRunning], settings());
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain(`is in use (postgres, pid ${owner})`);
    expect(refused.stderr).toContain('Stop the server first');
    expect(runningPostmaster(dataDir)).toBe(owner);
    expect(await snapshot(hotel.db)).toEqual(backedUp);
    await stopHotel();

    backupWhileStopped = path.join(parent, 'stopped.json.gz');
    const stopped = await runScript(['backup', backupWhileStopped], settings());
    expect(stopped).toEqual({
      code: 0,
      stdout: `Backup written to ${backupWhileStopped}: 4 bookings (and 1 deleted, restorable).\n`,
      stderr: '',
    });
    expect(runningPostmaster(dataDir)).toBeNull();
    // The same file name again is refused rather than overwritten.
    expect(await runScript(['backup', backupWhileStopped], settings())).toMatchObject({ code: 1, stdout: '' });
    const header = JSON.parse((await backupLines(backupWhileStopped))[0]!);
    expect(header).toMatchObject({ format: 'hotel-site backup', formatVersion: 1, bookings: 4, deletedBookings: 1 });
  });

  test('restore saves the current database first, then brings back exactly the bookings and nights of the backup', async () => {
    let hotel = await startHotel();
    const admin = await signIn(hotel.url);
    expect((await api(hotel.url, `/api/admin/bookings/${kept.bookingId}`, { method: 'DELETE', headers: admin.headers })).status).toBe(200);
    await book(hotel.url, { roomId: 'executive', rooms: 2, checkIn: daysFromNow(30), checkOut: daysFromNow(33) });
    const changed = await snapshot(hotel.db);
    expect(changed).not.toEqual(backedUp);
    await stopHotel();

    const restored = await runScript(['restore', backupWhileRunning], settings());
    expect(restored).toMatchObject({ code: 0, stderr: '' });
    const [saved, done, ...rest] = restored.stdout.trimEnd().split('\n');
    expect(rest).toEqual([]);
    const safety = /^Saved the current database first, to (.+): 4 bookings \(and 2 deleted, restorable\)\.$/.exec(saved!)?.[1];
    expect(path.basename(safety!)).toMatch(/^before-restore-\d{8}-\d{6}\.json\.gz$/);
    expect(done).toMatch(
      new RegExp(
        `^Restored ${backupWhileRunning.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} \\(made .+\\): 4 bookings \\(and 1 deleted, restorable\\)\\.$`,
      ),
    );
    expect(runningPostmaster(dataDir)).toBeNull();

    hotel = await startHotel();
    expect(await snapshot(hotel.db)).toEqual(backedUp);
    expect((await checkInventory(hotel.db.pool)).problems).toEqual([]);
    // The backup held the session signed in while it was made; none comes back, every admin signs in anew.
    expect((await hotel.db.pool.query('SELECT count(*)::int AS n FROM admin_sessions')).rows[0].n).toBe(0);
    expect((await api(hotel.url, '/api/admin/session', { headers: { cookie: admin.cookie } })).status).toBe(401);
    // The guest's device still opens its booking (the key's hash came back), the admin signs in
    // with the password of the backup, and new writes get fresh IDs (sequences came back too).
    const guest = await api(hotel.url, `/api/bookings/${kept.bookingId}`, { headers: { 'x-guest-key': kept.guestKey } });
    expect(guest.body.booking).toMatchObject({ bookingId: kept.bookingId, email: 'guest@example.com', rooms: 2 });
    const again = await signIn(hotel.url, 'admin', adminPassword);
    expect((await api(hotel.url, `/api/admin/bookings/${kept.bookingId}`, { method: 'DELETE', headers: again.headers })).status).toBe(200);
    expect((await snapshot(hotel.db)).audit).toHaveLength(2);
    await stopHotel();

    // Restoring the wrong file lost nothing: the safety backup brings back what was there.
    expect(await runScript(['restore', safety!], settings())).toMatchObject({ code: 0, stderr: '' });
    expect(await snapshotNow()).toEqual(changed);
  });

  test('a missing, foreign, cut or damaged file is refused in one line with exit code 1, and the data stays as it was', async () => {
    const before = await snapshotNow();
    const lines = await backupLines(backupWhileStopped);
    const bytes = await readFile(backupWhileStopped);
    const flipped = Buffer.from(bytes);
    // In the second half only: the header line stays readable, so the file is known as a damaged backup.
    for (let i = Math.floor(flipped.length / 2); i < flipped.length - 8; i += 7) flipped[i]! ^= 0x5a;
    const bad = path.join(parent, 'bad');
    await mkdir(bad);
    const files: Array<[string, Buffer | null, RegExp]> = [
      ['missing.json.gz', null, /there is no such file/],
      ['text.txt', Buffer.from('hello\n'), /it is not a backup made by npm run db:backup/],
      ['pg_dump.dump', Buffer.from('PGDMP\x01\x0f\x00'), /a pg_dump file is restored with pg_restore/],
      ['cut.json.gz', bytes.subarray(0, Math.floor(bytes.length / 2)), /it is damaged or incomplete \(unexpected end of file\)/],
      ['flipped.json.gz', flipped, /it is damaged or incomplete/],
      ['no-end.json.gz', gzipSync(lines.slice(0, -1).join('\n')), /its end is missing/],
      ['lost-line.json.gz', gzipSync([lines[0], ...lines.slice(2)].join('\n')), /it is damaged or incomplete \(table .+ should have/],
      ['not-json.json.gz', gzipSync(`${lines[0]}\n{"table":\n${lines.slice(1).join('\n')}`), /a line is not JSON/],
    ];
    const safetyBackups = (await readdir(backupDir)).length;
    for (const [name, content, message] of files) {
      const file = path.join(bad, name);
      if (content) await writeFile(file, content);
      const run = await runScript(['restore', file], settings());
      expect({ name, ...run }).toMatchObject({ name, code: 1, stdout: '' });
      expect(run.stderr).toMatch(message);
      expect(run.stderr).toMatch(/^Cannot restore .+: .+\. The database was not changed\.\n$/);
    }
    expect((await runScript(['restore', bad], settings())).stderr).toBe(
      `Cannot restore ${bad}: it is not a file. The database was not changed.\n`,
    );
    expect((await runScript(['restore'], settings())).code).toBe(1);
    // All refused before anything started: no safety backup was needed.
    expect(await readdir(backupDir)).toHaveLength(safetyBackups);
    expect(await snapshotNow()).toEqual(before);
  });

  test('a file that reads well but breaks a rule of the schema is rolled back whole', async () => {
    const before = await snapshotNow();
    const lines = await backupLines(backupWhileStopped);
    // Every booking gets 9 rooms (the schema allows 0 to 3); the tables loaded before it have gone in by then.
    const bookings = lines.findIndex((line) => line.startsWith('{"table":"bookings"'));
    lines[bookings] = lines[bookings]!.replace(/"rooms":\d/g, '"rooms":9');
    const file = path.join(parent, 'breaks-a-rule.json.gz');
    await writeFile(file, gzipSync(lines.join('\n')));
    const run = await runScript(['restore', file], settings());
    expect(run.code).toBe(1);
    expect(run.stdout).toMatch(/^Saved the current database first, to .+\.\n$/);
    expect(run.stderr).toMatch(/^The restore failed: .*check constraint.*\. The database was not changed\.\n$/);
    expect(runningPostmaster(dataDir)).toBeNull();
    expect(await snapshotNow()).toEqual(before);
  });

  test('a backup from an older schema comes up: the next start applies the newer migrations to it', async () => {
    // A database as the first release left it: migration 001 only, one booking and its nights.
    const oldDir = path.join(parent, 'old-data');
    const cluster = await startCluster({ binDir: embeddedBinDir(), dataDir: oldDir });
    const client = new pg.Client(cluster.connection);
    try {
      await client.connect();
      await client.query(await readFile(path.join(root, 'server/db/migrations/001-bookings.sql'), 'utf8'));
      await client.query(
        'CREATE TABLE schema_migrations (version integer PRIMARY KEY, name text NOT NULL, applied_at timestamptz NOT NULL DEFAULT now())',
      );
      await client.query(`INSERT INTO schema_migrations (version, name) VALUES (1, '001-bookings.sql')`);
      await client.query(
        `INSERT INTO bookings (booking_id, room_id, room_name, rooms, check_in, check_out, total_price, email)
         VALUES ('BK424242', 'deluxe', 'Classic Room', 1, $1, $2, 9000, 'first.release@example.com')`,
        [daysFromNow(50), daysFromNow(52)],
      );
      await client.query(`INSERT INTO room_nights VALUES ('deluxe', $1, 1), ('deluxe', $2, 1)`, [daysFromNow(50), daysFromNow(51)]);
    } finally {
      await client.end();
      await cluster.stop();
    }
    const oldFile = path.join(parent, 'first-release.json.gz');
    expect(await runScript(['backup', oldFile], { HOTEL_DATA_DIR: oldDir, HOTEL_BACKUP_DIR: backupDir })).toMatchObject({ code: 0 });

    const migrations = (await readdir(path.join(root, 'server/db/migrations'))).filter((file) => /^\d{3}-[\w-]+\.sql$/.test(file)).length;
    const run = await runScript(['restore', oldFile], settings());
    expect(run).toMatchObject({ code: 0, stderr: '' });
    expect(run.stdout).toContain(
      `: 1 booking; npm start brings it up to date (${migrations - 1} newer migration${migrations === 2 ? '' : 's'}).\n`,
    );

    const hotel = await startHotel();
    expect((await hotel.db.pool.query('SELECT count(*)::int AS n FROM schema_migrations')).rows[0].n).toBe(migrations);
    expect((await checkInventory(hotel.db.pool)).problems).toEqual([]);
    await createAdmin(hotel.db);
    const admin = await signIn(hotel.url);
    const found = await api(hotel.url, '/api/admin/bookings?q=first.release', { headers: admin.headers });
    expect(found.body.items).toEqual([expect.objectContaining({ bookingId: 'BK424242', email: 'first.release@example.com' })]);
    await stopHotel();
  });

  test('with DATABASE_URL set, both commands point to pg_dump and pg_restore and touch nothing', async () => {
    for (const args of [['backup'], ['restore', backupWhileStopped]]) {
      const run = await runScript(args, { DATABASE_URL: 'postgres://hotel@127.0.0.1:1/hotel', HOTEL_BACKUP_DIR: backupDir });
      expect(run).toMatchObject({ code: 1, stdout: '' });
      expect(run.stderr).toContain('Back up a PostgreSQL server with pg_dump and pg_restore');
    }
  });
});
