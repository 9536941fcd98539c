import { chmod, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { embeddedBinDir, systemBinDir } from '../../../server/db/database';
import type { DatabaseKind } from '../../../server/db/database';
import { startCluster } from '../../../server/db/postgresCluster';
import type { ClusterOptions, RunningCluster } from '../../../server/db/postgresCluster';
import { freePort } from '../../server/support/testDatabase';

/**
 * A throwaway cluster that a fault test can stop and start again on the same folder and port
 * (startTestDatabase's clusters cannot be restarted). Server processes reach it through `url`;
 * the test reads the tables through `connect()`.
 */
export interface RestartableCluster {
  kind: DatabaseKind;
  url: string;
  dataDir: string;
  options: ClusterOptions;
  /** The running postgres (replaced by start()). */
  current: RunningCluster | null;
  stop(): Promise<void>;
  start(): Promise<void>;
  connect(): Promise<pg.Client>;
  remove(): Promise<void>;
}

/** Debian's PostgreSQL on a loopback port when installed (kind "postgresql"), else the embedded binaries. */
export async function startRestartableCluster(kind: DatabaseKind): Promise<RestartableCluster> {
  const parent = await mkdtemp(path.join(os.tmpdir(), `hotel-faults-${kind}-`));
  await chmod(parent, 0o755); // the postgres user must reach the data folder
  const options: ClusterOptions = {
    binDir: kind === 'postgresql' ? systemBinDir()! : embeddedBinDir(),
    dataDir: path.join(parent, 'data'),
    port: await freePort(),
  };
  const first = await startCluster(options);
  const cluster: RestartableCluster = {
    kind,
    url: first.url,
    dataDir: options.dataDir,
    options,
    current: first,
    async stop() {
      await cluster.current?.stop();
      cluster.current = null;
    },
    async start() {
      cluster.current = await startCluster(options);
    },
    async connect() {
      const client = new pg.Client({ connectionString: cluster.url });
      client.on('error', () => undefined);
      await client.connect();
      return client;
    },
    async remove() {
      await cluster.stop().catch(() => undefined);
      await rm(parent, { recursive: true, force: true });
    },
  };
  return cluster;
}

/** A folder for the embedded database a server process starts itself (HOTEL_DATA_DIR). */
export async function embeddedDataFolder(): Promise<{ dataDir: string; remove(): Promise<void> }> {
  const parent = await mkdtemp(path.join(os.tmpdir(), 'hotel-faults-embedded-'));
  await chmod(parent, 0o755);
  return { dataDir: path.join(parent, 'data'), remove: () => rm(parent, { recursive: true, force: true }) };
}

/** A client on the embedded database's socket in its data folder (as the server connects). */
export async function connectToFolder(dataDir: string): Promise<pg.Client> {
  const client = new pg.Client({ host: dataDir, port: 5432, user: 'postgres', database: 'postgres' });
  client.on('error', () => undefined);
  await client.connect();
  return client;
}
