import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import type pg from 'pg';

const migrationsDir = path.join(__dirname, 'migrations');
/** Any fixed number: instances starting together take turns, so each migration runs once. */
const migrationLock = 7_311_001;

/**
 * Applies migrations/NNN-name.sql in order, each in its own transaction, and records them in
 * schema_migrations. A file is never edited once released: a change is a new file.
 * `upTo` stops after that version (a test builds the database a hotel upgrades from).
 */
export async function migrate(pool: pg.Pool, { upTo = Infinity }: { upTo?: number } = {}): Promise<string[]> {
  const files = (await readdir(migrationsDir))
    .filter((file) => /^\d{3}-[\w-]+\.sql$/.test(file) && Number(file.slice(0, 3)) <= upTo)
    .sort();
  const client = await pool.connect();
  const applied: string[] = [];
  try {
    await client.query('SELECT pg_advisory_lock($1)', [migrationLock]);
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
        await client.query(sql);
        await client.query('INSERT INTO schema_migrations (version, name) VALUES ($1, $2)', [version, file]);
        await client.query('COMMIT');
      } catch (error) {
        await client.query('ROLLBACK');
        throw new Error(`Migration ${file} failed: ${(error as Error).message}`, { cause: error });
      }
      applied.push(file);
    }
  } finally {
    await client.query('SELECT pg_advisory_unlock($1)', [migrationLock]).catch(() => undefined);
    client.release();
  }
  return applied;
}
