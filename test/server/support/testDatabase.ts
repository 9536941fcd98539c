import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { embeddedBinDir, openDatabase, systemBinDir } from '../../../server/db/database';
import type { Database, DatabaseKind } from '../../../server/db/database';
import { startCluster } from '../../../server/db/postgresCluster';
import type { RunningCluster } from '../../../server/db/postgresCluster';

// Starting a cluster takes seconds, more while other test files start theirs, and jest.config.js's
// per-project testTimeout is not read by Jest (a global option): every file that starts one gets a
// minute per test and hook. A file may still set its own; outside Jest (npm run soak) there is none.
if (typeof jest !== 'undefined') jest.setTimeout(60_000);

/**
 * The API tests run on every kind of database this machine has: always the embedded one (its
 * binaries come with `npm ci`), and a real PostgreSQL server when Debian's `postgresql` is
 * installed (.ci/run installs it). Each test file gets throwaway clusters in temporary folders,
 * removed afterwards.
 */
export const databaseKinds: DatabaseKind[] = ['embedded', ...(systemBinDir() ? (['postgresql'] as const) : [])];

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

export interface TestDatabase {
  kind: DatabaseKind;
  /** What a server process would get as DATABASE_URL (also set for the embedded kind's socket). */
  url: string;
  cluster: RunningCluster;
  dataDir: string;
  /** A connection pool with the schema migrated, as the server opens it. */
  open(): Promise<Database>;
  remove(): Promise<void>;
}

/**
 * A port found free can be taken by another test's cluster before this one binds it (test files
 * start clusters at once): the cluster then does not start (startCluster checks that the server
 * answering is its own), and it is tried again on another port.
 */
async function startOnFreePort(binDir: string, dataDir: string): Promise<RunningCluster> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await startCluster({ binDir, dataDir, port: await freePort() });
    } catch (error) {
      if (attempt >= 3) throw error;
    }
  }
}

/** Starts a cluster of this kind in a new temporary folder (mode 0755 so the postgres user can enter it). */
export async function startTestDatabase(kind: DatabaseKind): Promise<TestDatabase> {
  const parent = await mkdtemp(path.join(os.tmpdir(), `hotel-${kind}-`));
  const { chmod } = await import('node:fs/promises');
  await chmod(parent, 0o755);
  const dataDir = path.join(parent, 'data');
  const binDir = kind === 'embedded' ? embeddedBinDir() : systemBinDir()!;
  // The real server listens on TCP like any PostgreSQL a hotel would run; the embedded one on its socket.
  const cluster = kind === 'postgresql' ? await startOnFreePort(binDir, dataDir) : await startCluster({ binDir, dataDir });
  const databases: Database[] = [];
  return {
    kind,
    url: cluster.url,
    cluster,
    dataDir,
    async open() {
      const db = await openDatabase({ databaseUrl: cluster.url, dataDir });
      const opened: Database = { ...db, kind };
      databases.push(opened);
      return opened;
    },
    async remove() {
      for (const db of databases) await db.pool.end().catch(() => undefined);
      await cluster.stop();
      await rm(parent, { recursive: true, force: true });
    },
  };
}
