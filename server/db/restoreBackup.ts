import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import type pg from 'pg';
import { BackupFileError, connectClient, readBackup, sequencesOf, tablesOf } from './backupFile';
import type { BackupSummary } from './backupFile';

const migrationsDir = path.join(__dirname, 'migrations');
/** Where a restore is loaded, and where the database it replaces goes until it is dropped. */
const restoring = 'hotel_restoring';
const replaced = 'hotel_replaced';

/** This version's migration files by number: the same folder and naming rule as migrate.ts. */
async function migrationFiles(): Promise<Map<number, string>> {
  const files = (await readdir(migrationsDir)).filter((file) => /^\d{3}-[\w-]+\.sql$/.test(file));
  return new Map(files.map((file) => [Number(file.slice(0, 3)), file]));
}

/**
 * A backup is restored at the schema it was made with (its migrations, run on an empty database),
 * so this version must have every one of them; the newer ones run at the next server start.
 * Returns how many migrations the next start will apply.
 */
export async function checkMigrations(summary: BackupSummary): Promise<number> {
  const files = await migrationFiles();
  for (const { version, name } of summary.header.migrations) {
    const ours = files.get(version);
    if (ours !== name)
      throw new BackupFileError(
        ours
          ? `it was made by another version of the site (its migration ${version} is ${name}, this site's is ${ours})`
          : `it was made by a newer version of the site (migration ${name}, which this version does not have): update the site first`,
      );
  }
  return files.size - summary.header.migrations.length;
}

/**
 * Restores a checked backup over the database `connection` names. Everything is loaded into a new
 * database in one transaction, and only then do the two databases swap names (one more
 * transaction): a file that turns out bad, or any failure before the swap, leaves the current
 * database as it was. Nobody may be connected to it (the caller made sure no server runs).
 */
export async function restoreBackup(connection: pg.ClientConfig, file: string, summary: BackupSummary): Promise<void> {
  const target = connection.database ?? 'postgres';
  const admin = await connectClient({ ...connection, database: 'template1', application_name: 'hotel-site restore' });
  try {
    // Left by an earlier restore that was interrupted; neither is the live database.
    await admin.query(`DROP DATABASE IF EXISTS ${restoring}`);
    await admin.query(`DROP DATABASE IF EXISTS ${replaced}`);
    // template0: nothing anyone added to template1 comes along; its encoding and locale are initdb's.
    await admin.query(`CREATE DATABASE ${restoring} TEMPLATE template0`);
    try {
      await load({ ...connection, database: restoring }, file, summary);
      await admin.query('BEGIN');
      await admin.query(`ALTER DATABASE ${admin.escapeIdentifier(target)} RENAME TO ${replaced}`);
      await admin.query(`ALTER DATABASE ${restoring} RENAME TO ${admin.escapeIdentifier(target)}`);
      await admin.query('COMMIT');
    } catch (error) {
      await admin.query('ROLLBACK').catch(() => undefined);
      await admin.query(`DROP DATABASE IF EXISTS ${restoring}`).catch(() => undefined);
      throw error;
    }
    // The replaced data is in the safety backup the caller wrote first. The restore is done by
    // now: if this drop fails, the next restore drops it.
    await admin.query(`DROP DATABASE ${replaced}`).catch(() => undefined);
  } finally {
    await admin.end().catch(() => undefined);
  }
}

async function load(connection: pg.ClientConfig, file: string, summary: BackupSummary): Promise<void> {
  const client = await connectClient({ ...connection, application_name: 'hotel-site restore' });
  const name = (identifier: string) => `public.${client.escapeIdentifier(identifier)}`;
  try {
    await client.query('BEGIN');
    const files = await migrationFiles();
    for (const { version } of summary.header.migrations)
      await client.query(await readFile(path.join(migrationsDir, files.get(version)!), 'utf8'));
    // The statement migrate.ts starts with; the backup fills it with the versions it had.
    await client.query(
      'CREATE TABLE IF NOT EXISTS schema_migrations (version integer PRIMARY KEY, name text NOT NULL, applied_at timestamptz NOT NULL DEFAULT now())',
    );
    const tables = await tablesOf(client);
    const sequences = await sequencesOf(client);
    const unknown = Object.keys(summary.tables).find((table) => !tables.includes(table));
    if (unknown) throw new BackupFileError(`it holds a table "${unknown}" that its migrations do not create: it does not fit this site`);
    // The backup is the whole truth: rows a migration may have added go.
    if (tables.length > 0) await client.query(`TRUNCATE ${tables.map(name).join(', ')}`);
    // Tables load one after another, not in the order foreign keys need: replica mode skips their
    // checks for this transaction (as pg_dump's --disable-triggers), the rows came from one consistent snapshot.
    await client.query('SET LOCAL session_replication_role = replica');
    // Generated columns (bookings.search_text) are computed again, never loaded.
    const columns = new Map<string, string>();
    for (const table of tables) {
      const { rows } = await client.query<{ list: string }>(
        `SELECT string_agg(quote_ident(attname), ', ' ORDER BY attnum) AS list FROM pg_attribute
          WHERE attrelid = $1::regclass AND attnum > 0 AND NOT attisdropped AND attgenerated = ''`,
        [name(table)],
      );
      columns.set(table, rows[0]!.list);
    }
    await readBackup(file, async (line) => {
      if ('table' in line) {
        const list = columns.get(line.table)!;
        // PostgreSQL parses the line's JSON itself: values keep their exact text.
        await client.query(
          `INSERT INTO ${name(line.table)} (${list}) OVERRIDING SYSTEM VALUE
           SELECT ${list} FROM json_populate_recordset(NULL::${name(line.table)}, $1::json -> 'rows')`,
          [line.raw],
        );
      } else {
        if (!sequences.includes(line.sequence))
          throw new BackupFileError(`it holds a sequence "${line.sequence}" that its migrations do not create`);
        await client.query('SELECT setval($1::regclass, $2::bigint, $3)', [name(line.sequence), line.lastValue, line.isCalled]);
      }
    });
    for (const [table, expected] of Object.entries(summary.tables)) {
      const { rows } = await client.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${name(table)}`);
      if (rows[0]!.n !== expected) throw new Error(`table ${table} has ${rows[0]!.n} rows after loading, the backup ${expected}`);
    }
    // Sessions signed out after the backup was made must not come back to life with it: after a
    // restore every admin signs in again. Sign-in throttling and rate limits start afresh too.
    if (tables.includes('admin_sessions')) await client.query('DELETE FROM admin_sessions');
    if (tables.includes('sign_in_failures')) await client.query('DELETE FROM sign_in_failures');
    if (tables.includes('rate_limits')) await client.query('DELETE FROM rate_limits');
    await client.query('COMMIT');
    // Planner statistics are not in a backup: without them the first searches would plan blind.
    await client.query('ANALYZE');
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  } finally {
    await client.end().catch(() => undefined);
  }
}
