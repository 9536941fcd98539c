import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import type pg from 'pg';
import { hotelToday } from '../bookingRules';

const migrationsDir = path.join(__dirname, 'migrations');
const functionsDir = path.join(__dirname, 'functions');
/** Any fixed number: instances starting together take turns, so each migration runs once. */
const migrationLock = 7_311_001;
/**
 * A migration may rewrite a table (019 rewrites bookings): its statements get this long, not the
 * pool's 5 s for a request, which a busy machine's start exceeded on the price cache alone.
 */
const schemaStatementTimeoutMs = 600_000;
/** node-postgres reads query_timeout per query too (its types name it only for the connection). */
type TimedQuery = pg.QueryConfig & { query_timeout: number };
const slow = (text: string): TimedQuery => ({ text, query_timeout: schemaStatementTimeoutMs });

/**
 * Brings the database up to date, under one lock, so that instances starting together take turns:
 *
 * 1. Migrations: migrations/NNN-name.sql in order, each in its own transaction, recorded in
 *    schema_migrations. They hold schema and data changes only. A file is never edited once
 *    released (a change is a new file), except that the functions they once defined moved out.
 * 2. Functions: every file of functions/ (applyFunctions), on every start.
 *
 * `upTo` stops after that migration and applies no functions, which are written for the newest
 * schema (a test builds the database a hotel upgrades from).
 */
export async function migrate(pool: pg.Pool, { upTo = Infinity }: { upTo?: number } = {}): Promise<string[]> {
  const files = (await readdir(migrationsDir))
    .filter((file) => /^\d{3}-[\w-]+\.sql$/.test(file) && Number(file.slice(0, 3)) <= upTo)
    .sort();
  const client = await pool.connect();
  const applied: string[] = [];
  try {
    // Waits while another instance migrates: as long as its statements may take.
    await client.query({ ...slow('SELECT pg_advisory_lock($1)'), values: [migrationLock] });
    await client.query(
      'CREATE TABLE IF NOT EXISTS schema_migrations (version integer PRIMARY KEY, name text NOT NULL, applied_at timestamptz NOT NULL DEFAULT now())',
    );
    const done = new Set((await client.query<{ version: number }>('SELECT version FROM schema_migrations')).rows.map((row) => row.version));
    for (const file of files) {
      const version = Number(file.slice(0, 3));
      if (done.has(version)) continue;
      const sql = await readFile(path.join(migrationsDir, file), 'utf8');
      await client.query('BEGIN');
      try {
        await client.query(slow(sql));
        await client.query('INSERT INTO schema_migrations (version, name) VALUES ($1, $2)', [version, file]);
        await client.query('COMMIT');
      } catch (error) {
        await client.query('ROLLBACK');
        throw new Error(`Migration ${file} failed: ${(error as Error).message}`, { cause: error });
      }
      applied.push(file);
    }
    if (upTo === Infinity) await applyFunctions(client);
  } finally {
    await client.query('SELECT pg_advisory_unlock($1)', [migrationLock]).catch(() => undefined);
    client.release();
  }
  return applied;
}

/**
 * Every SQL function has one home: functions/<area>.sql, which defines it (and the triggers that
 * call it) with CREATE OR REPLACE. All the files are applied in one transaction, in name order,
 * after the migrations, on every start, so the database runs exactly the functions this version
 * of the code was written against. CREATE OR REPLACE keeps each function's identity, so instances
 * already running on the database go on calling it; they run the new body from their next call.
 *
 * A SQL-language body is checked when it is created: it may call only what is defined before it
 * in its own file (or built in). PL/pgSQL bodies are resolved when they run.
 *
 * What CREATE OR REPLACE cannot do is done here or by a migration:
 * - A function given another argument list is a new function beside the old one: after the files,
 *   every other definition of a name the files define (one they did not write now) is dropped,
 *   so exactly one definition of each function exists.
 * - A change of a function's result type or argument names needs the old one dropped first: the
 *   migration that makes the change drops it (DROP FUNCTION IF EXISTS: a new database has none).
 * - A function removed from the files, or renamed, is dropped by a migration.
 *
 * Last, night_prices (the cache of the pricing rule's answers, functions/prices.sql) is worked
 * out again when the rule's definition (price_nights, gst_rates) is not what it was before the
 * files, or the cache is empty (a new database, a restored backup): otherwise triggers and the
 * hourly run keep it, and a start need not spend seconds on it.
 */
async function applyFunctions(client: pg.PoolClient): Promise<void> {
  const files = (await readdir(functionsDir)).filter((file) => file.endsWith('.sql')).sort();
  await client.query('BEGIN');
  try {
    const pricingRule = async () =>
      (
        await client.query<{ definition: string }>(
          `SELECT coalesce(string_agg(pg_get_functiondef(p.oid), '' ORDER BY p.oid::regprocedure::text), '') AS definition
             FROM pg_proc p WHERE p.pronamespace = 'public'::regnamespace AND p.proname IN ('price_nights', 'gst_rates')`,
        )
      ).rows[0]!.definition;
    const ruleBefore = await pricingRule();
    for (const file of files) {
      try {
        await client.query(slow(await readFile(path.join(functionsDir, file), 'utf8')));
      } catch (error) {
        throw new Error(`SQL functions in ${file} failed: ${(error as Error).message}`, { cause: error });
      }
    }
    // What this transaction wrote has its ID as xmin: the functions the files just defined.
    await client.query(`
      DO $$
      DECLARE
        v_old regprocedure;
      BEGIN
        FOR v_old IN
          SELECT p.oid::regprocedure FROM pg_proc p
           WHERE p.pronamespace = 'public'::regnamespace
             AND p.xmin <> pg_current_xact_id()::xid
             AND p.proname IN (SELECT q.proname FROM pg_proc q
                                WHERE q.pronamespace = 'public'::regnamespace AND q.xmin = pg_current_xact_id()::xid)
        LOOP
          EXECUTE format('DROP FUNCTION %s', v_old);
        END LOOP;
      END $$`);
    const cached = await client.query('SELECT 1 FROM night_prices LIMIT 1');
    if ((await pricingRule()) !== ruleBefore || cached.rowCount === 0)
      await client.query({ ...slow('SELECT refresh_night_prices($1::date)'), values: [hotelToday()] });
    await client.query('COMMIT');
  } catch (error) {
    await client.query('ROLLBACK');
    throw error;
  }
}
