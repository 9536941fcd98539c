import { chmod, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { embeddedBinDir } from '../../server/db/database';
import { startCluster } from '../../server/db/postgresCluster';
import type { RunningCluster } from '../../server/db/postgresCluster';
import { freePort } from './support/testDatabase';

// Two clusters initialised and started one after the other: seconds each on a busy machine.
jest.setTimeout(120_000);

describe('starting a database cluster on a TCP port', () => {
  let parent: string;
  let first: RunningCluster | undefined;

  beforeAll(async () => {
    parent = await mkdtemp(path.join(os.tmpdir(), 'hotel-cluster-'));
    // As in support/testDatabase.ts: the postgres user must enter it when the tests run as root.
    await chmod(parent, 0o755);
  });
  afterAll(async () => {
    await first?.stop();
    await rm(parent, { recursive: true, force: true });
  });

  test('a port another cluster holds is refused: the other cluster answering is never taken for this one', async () => {
    const port = await freePort();
    first = await startCluster({ binDir: embeddedBinDir(), dataDir: path.join(parent, 'first'), port });
    await expect(startCluster({ binDir: embeddedBinDir(), dataDir: path.join(parent, 'second'), port })).rejects.toThrow(
      'The database server did not start',
    );
  });
});
