import { existsSync, readFileSync } from 'node:fs';
import { mkdir, stat } from 'node:fs/promises';
import path from 'node:path';
import type pg from 'pg';
import { readConfig } from '../config';
import { BackupFileError, connectClient, readBackup, writeBackup } from './backupFile';
import type { BackupHeader } from './backupFile';
import { embeddedBinDir } from './database';
import { runningPostmaster, startCluster } from './postgresCluster';
import type { RunningCluster } from './postgresCluster';
import { checkMigrations, restoreBackup } from './restoreBackup';
import { countOf } from '../../src/domain/words';

/**
 * `npm run db:backup [FILE]` and `npm run db:restore FILE` for the embedded database (README.md,
 * "Backups"). A PostgreSQL server (DATABASE_URL) is backed up with pg_dump instead.
 */

// npm runs scripts in the project folder; a FILE the operator typed is relative to where they typed it.
const here = process.env.INIT_CWD ?? process.cwd();
const backupDir = path.resolve(process.env.HOTEL_BACKUP_DIR ?? path.join(__dirname, '..', '..', 'backups'));

function shown(file: string): string {
  const relative = path.relative(here, file);
  return relative && !relative.startsWith('..') && !path.isAbsolute(relative) ? relative : file;
}

/** backups/NAME-YYYYMMDD-HHMMSS.json.gz in local time, with -2, -3 … when two come in one second. */
async function freeName(name: string): Promise<string> {
  const now = new Date();
  const two = (n: number) => String(n).padStart(2, '0');
  const stamp = `${now.getFullYear()}${two(now.getMonth() + 1)}${two(now.getDate())}-${two(now.getHours())}${two(now.getMinutes())}${two(now.getSeconds())}`;
  await mkdir(backupDir, { recursive: true });
  for (let n = 1; ; n++) {
    const file = path.join(backupDir, `${name}-${stamp}${n > 1 ? `-${n}` : ''}.json.gz`);
    if (!existsSync(file) && !existsSync(`${file}.partial`)) return file;
  }
}

function bookingsText(header: BackupHeader): string {
  const live = countOf(header.bookings, 'booking');
  return header.deletedBookings > 0 ? `${live} (and ${header.deletedBookings} deleted, restorable)` : live;
}

/** Where a running cluster listens: the port and socket folder lines of its postmaster.pid. */
function socketOf(dataDir: string): pg.ClientConfig {
  const lines = readFileSync(path.join(dataDir, 'postmaster.pid'), 'utf8').split('\n');
  return { host: lines[4]?.trim() || dataDir, port: Number(lines[3]) || 5432, user: 'postgres', database: 'postgres' };
}

/** Starts the embedded cluster for this command alone, and stops it again whatever happens. */
async function withOwnCluster<T>(dataDir: string, work: (connection: pg.ClientConfig) => Promise<T>): Promise<T> {
  // postgres runs in its own process group, so Ctrl-C reaches only this process: stop it here, or
  // it would keep running and the next restore would take it for a server's. An unfinished
  // transaction is rolled back; a restore's half-loaded database is dropped by the next restore.
  let cluster: RunningCluster | null = null;
  let interrupted = false;
  const onSignal = () => {
    interrupted = true;
    if (cluster) void cluster.stop().finally(() => process.exit(130));
  };
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);
  try {
    cluster = await startCluster({ binDir: embeddedBinDir(), dataDir });
    if (interrupted) {
      // Ctrl-C came while it was starting.
      await cluster.stop();
      process.exit(130);
    }
    return await work(cluster.connection);
  } finally {
    process.off('SIGINT', onSignal);
    process.off('SIGTERM', onSignal);
    await cluster?.stop();
  }
}

async function dumpTo(connection: pg.ClientConfig, file: string): Promise<BackupHeader> {
  const client = await connectClient({ ...connection, application_name: 'hotel-site backup' });
  try {
    return await writeBackup(client, file);
  } finally {
    await client.end().catch(() => undefined);
  }
}

async function backup(dataDir: string, name: string | undefined): Promise<number> {
  if (!existsSync(path.join(dataDir, 'PG_VERSION'))) {
    console.error(`There is no embedded database in ${dataDir} yet: nothing to back up.`);
    return 1;
  }
  const file = name ? path.resolve(here, name) : await freeName('hotel');
  if (name && existsSync(file)) {
    console.error(`${shown(file)} already exists: give the backup another file name.`);
    return 1;
  }
  await mkdir(path.dirname(file), { recursive: true });
  // With a server running, read its database through its socket: the backup is one snapshot, so
  // bookings made meanwhile are simply not in it. Otherwise start the cluster just for this.
  const header =
    runningPostmaster(dataDir) !== null
      ? await dumpTo(socketOf(dataDir), file)
      : await withOwnCluster(dataDir, (connection) => dumpTo(connection, file));
  console.log(`Backup written to ${shown(file)}: ${bookingsText(header)}.`);
  return 0;
}

async function restore(dataDir: string, name: string | undefined): Promise<number> {
  if (!name) {
    console.error('Say which backup to restore: npm run db:restore FILE');
    return 1;
  }
  const file = path.resolve(here, name);
  const kind = await stat(file).then(
    (found) => (found.isFile() ? null : 'it is not a file'),
    (error: NodeJS.ErrnoException) => (error.code === 'ENOENT' ? 'there is no such file' : error.message),
  );
  if (kind) {
    console.error(`Cannot restore ${shown(file)}: ${kind}. The database was not changed.`);
    return 1;
  }
  // Restoring under a running server would swap its database away mid-request; and starting the
  // cluster here would stop the server's (a leftover postgres is stopped before a start).
  const pid = runningPostmaster(dataDir);
  if (pid !== null) {
    console.error(
      `The embedded database in ${dataDir} is in use (postgres, pid ${pid}), most likely by the running hotel server.\n` +
        `Stop the server first (Ctrl-C where npm start runs), then run npm run db:restore ${name} again.`,
    );
    return 1;
  }
  try {
    // The whole file is read and checked before anything is touched.
    const summary = await readBackup(file);
    const newer = await checkMigrations(summary);
    const existed = existsSync(path.join(dataDir, 'PG_VERSION'));
    await withOwnCluster(dataDir, async (connection) => {
      if (existed) {
        // A wrong file restored by mistake must lose nothing: what is there now is saved first.
        const safety = await freeName('before-restore');
        const current = await dumpTo(connection, safety);
        console.log(`Saved the current database first, to ${shown(safety)}: ${bookingsText(current)}.`);
      }
      await restoreBackup(connection, file, summary);
    });
    const made = new Date(summary.header.createdAt).toLocaleString();
    const next = newer > 0 ? `; npm start brings it up to date (${countOf(newer, 'newer migration')})` : '';
    console.log(`Restored ${shown(file)} (made ${made}): ${bookingsText(summary.header)}${next}.`);
    return 0;
  } catch (error) {
    if (!(error instanceof BackupFileError)) throw error;
    console.error(`Cannot restore ${shown(file)}: ${error.message}. The database was not changed.`);
    return 1;
  }
}

async function main(command: string | undefined, file: string | undefined, extra: string[]): Promise<number> {
  const config = readConfig();
  if (config.databaseUrl) {
    console.error(
      'DATABASE_URL is set: npm run db:backup and db:restore are for the embedded database. Back up a PostgreSQL server with pg_dump and pg_restore (README.md, "Backups").',
    );
    return 1;
  }
  if (extra.length > 0 || (command !== 'backup' && command !== 'restore')) {
    console.error('Usage: npm run db:backup [FILE], npm run db:restore FILE');
    return 1;
  }
  return command === 'backup' ? backup(config.dataDir, file) : restore(config.dataDir, file);
}

const [command, file, ...extra] = process.argv.slice(2);
main(command, file, extra).then(
  (code) => process.exit(code),
  (error: Error) => {
    // One plain line, never a stack: a failure before the swap leaves the database as it was.
    console.error(
      command === 'restore' ? `The restore failed: ${error.message}. The database was not changed.` : `The backup failed: ${error.message}`,
    );
    process.exit(1);
  },
);
