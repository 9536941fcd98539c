import { request as httpRequest } from 'node:http';
import type pg from 'pg';
import { embeddedBinDir, systemBinDir } from '../../server/db/database';
import type { DatabaseKind } from '../../server/db/database';
import { startCluster } from '../../server/db/postgresCluster';
import { checkInventory } from '../server/support/inventory';
import { confirmBody, daysFromNow } from '../server/support/stays';
import { freePort } from '../server/support/testDatabase';
import { connectToFolder, embeddedDataFolder, startRestartableCluster } from './support/cluster';
import type { RestartableCluster } from './support/cluster';
import { send, sleep } from './support/http';
import { killStrays, postmasterPid, startServerProcess, tinyDist, waitFor } from './support/serverProcess';
import type { ServerProcess, ServerProcessOptions } from './support/serverProcess';

/**
 * SIGTERM with confirms in flight (held in the database behind a row lock the test owns, so
 * they are surely mid-request): the listening socket closes at once, the confirms in flight
 * finish and are stored, and the process exits 0 (having stopped its embedded database).
 */
// jest.config.js's per-project testTimeout is not read by Jest (testTimeout is a global option).
jest.setTimeout(300_000);

const inFlight = 6;
const kinds: DatabaseKind[] = [...(systemBinDir() ? (['postgresql'] as const) : []), 'embedded'];

/** A brand-new TCP connection (no keep-alive reuse): "refused", or the status it got. */
function freshRequest(port: number): Promise<string | number> {
  return new Promise((resolve) => {
    const request = httpRequest({ host: '127.0.0.1', port, path: '/api/health', agent: false, timeout: 2_000 }, (response) => {
      response.resume();
      resolve(response.statusCode ?? 0);
    });
    request.on('timeout', () => request.destroy(new Error('timeout')));
    request.on('error', (error: NodeJS.ErrnoException) =>
      resolve(error.code === 'ECONNREFUSED' ? 'refused' : (error.code ?? error.message)),
    );
    request.end();
  });
}

describe.each(kinds)('graceful stop on %s', (kind) => {
  let cluster: RestartableCluster | undefined;
  let folder: Awaited<ReturnType<typeof embeddedDataFolder>> | undefined;
  let dist: Awaited<ReturnType<typeof tinyDist>> | undefined;
  let server: ServerProcess | undefined;
  let holder: pg.Client | undefined;

  afterAll(async () => {
    await holder?.end().catch(() => undefined);
    await server?.stop();
    killStrays();
    await cluster?.remove();
    await folder?.remove();
    await dist?.remove();
  });

  test(`SIGTERM with ${inFlight} confirms in flight: they finish, new connections are refused, exit 0`, async () => {
    dist = await tinyDist();
    let options: ServerProcessOptions;
    if (kind === 'postgresql') {
      cluster = await startRestartableCluster('postgresql');
      options = { port: await freePort(), distDir: dist.dir, databaseUrl: cluster.url };
    } else {
      folder = await embeddedDataFolder();
      options = { port: await freePort(), distDir: dist.dir, dataDir: folder.dataDir };
    }
    server = await startServerProcess(options);
    holder = kind === 'postgresql' ? await cluster!.connect() : await connectToFolder(options.dataDir!);

    // The test holds the night's row; the confirms wait for it inside the database.
    const night = daysFromNow(30);
    await holder.query(`INSERT INTO room_nights (room_id, night, booked) VALUES ('deluxe', $1, 0) ON CONFLICT DO NOTHING`, [night]);
    await holder.query('BEGIN');
    await holder.query(`SELECT booked FROM room_nights WHERE room_id = 'deluxe' AND night = $1 FOR UPDATE`, [night]);
    const bodies = Array.from({ length: inFlight }, () =>
      confirmBody({ roomId: 'deluxe', rooms: 1, checkIn: night, checkOut: daysFromNow(31) }),
    );
    const confirms = bodies.map((body) => send(server!.url, '/api/bookings', { method: 'POST', body, timeoutMs: 20_000 }));
    // (pg_stat_activity is read once per transaction: the holder's own view would never change.)
    await waitFor(async () => {
      await holder!.query('SELECT pg_stat_clear_snapshot()');
      const { rows } = await holder!.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM pg_stat_activity WHERE application_name = 'hotel-site' AND wait_event_type = 'Lock'`,
      );
      return rows[0]!.n >= inFlight;
    }, 10_000);

    const terminated = performance.now();
    server.child.kill('SIGTERM');
    await sleep(300);
    const whileStopping = await freshRequest(options.port);
    const stillRunning = server.child.exitCode === null && server.child.signalCode === null;
    // Let the confirms through.
    await holder.query('COMMIT');
    await holder.end();
    holder = undefined;
    const answers = await Promise.all(confirms);
    const exit = await server.exited;
    const exitMs = performance.now() - terminated;
    const afterExit = await freshRequest(options.port);
    server = undefined;

    // What was stored, read after the exit (the embedded database stopped with the server: start it to look).
    let stored: number;
    let problems: number;
    if (kind === 'postgresql') {
      const db = await cluster!.connect();
      stored = (await db.query<{ n: number }>('SELECT count(*)::int AS n FROM bookings WHERE check_in = $1', [night])).rows[0]!.n;
      problems = (await checkInventory(db)).problems.length;
      await db.end();
    } else {
      expect(postmasterPid(options.dataDir!)).toBeNull();
      const again = await startCluster({ binDir: embeddedBinDir(), dataDir: options.dataDir! });
      try {
        const db = await connectToFolder(options.dataDir!);
        stored = (await db.query<{ n: number }>('SELECT count(*)::int AS n FROM bookings WHERE check_in = $1', [night])).rows[0]!.n;
        problems = (await checkInventory(db)).problems.length;
        await db.end();
      } finally {
        await again.stop();
      }
    }

    console.log(
      [
        `graceful stop on ${kind}: SIGTERM with ${inFlight} confirms in flight (held behind a row lock)`,
        `  300 ms after SIGTERM: process running ${stillRunning}, a new connection: ${whileStopping}`,
        `  in-flight answers: ${answers.map((a) => a.status || a.error).join(', ')}; stored ${stored}; inventory problems ${problems}`,
        `  exit ${JSON.stringify(exit)} ${Math.round(exitMs)} ms after SIGTERM; a new connection after exit: ${afterExit}`,
      ].join('\n'),
    );

    expect(stillRunning).toBe(true);
    expect(whileStopping).toBe('refused');
    expect(answers.map((answer) => answer.status)).toEqual(new Array(inFlight).fill(201));
    expect(stored).toBe(inFlight);
    expect(problems).toBe(0);
    expect(exit).toEqual({ code: 0, signal: null });
    expect(afterExit).toBe('refused');
  });
});
