import { systemBinDir } from '../../server/db/database';
import { checkInventory } from '../server/support/inventory';
import { runSeed, seededRandom } from '../server/support/random';
import { daysFromNow } from '../server/support/stays';
import { freePort } from '../server/support/testDatabase';
import { startRestartableCluster } from './support/cluster';
import type { RestartableCluster } from './support/cluster';
import { percentile, randomConfirm, send, sleep, tally } from './support/http';
import type { Answer } from './support/http';
import { killStrays, startServerProcess, tinyDist } from './support/serverProcess';
import type { ServerProcess } from './support/serverProcess';

/**
 * PostgreSQL stopped and started again under a steady load, the server process left running:
 * while the database is away every answer is a quick 503 with a JSON message (never another
 * 5xx, never a hanging request), health and readiness say 503, and once the database is back
 * the same process serves again within 5 s.
 */
// jest.config.js's per-project testTimeout is not read by Jest (testTimeout is a global option).
jest.setTimeout(300_000);

const realPostgres = systemBinDir();
if (!realPostgres)
  console.log('database stop and start SKIPPED: no PostgreSQL server installed (apt-get install postgresql); CI installs it.');

type Phase = 'before' | 'down' | 'after';
interface Timed extends Answer {
  phase: Phase;
  what: string;
}

(realPostgres ? describe : describe.skip)('PostgreSQL stopped and started under load', () => {
  let cluster: RestartableCluster | undefined;
  let dist: Awaited<ReturnType<typeof tinyDist>> | undefined;
  let server: ServerProcess | undefined;

  afterAll(async () => {
    await server?.stop();
    killStrays();
    await cluster?.remove();
    await dist?.remove();
  });

  test('503 within 2 s while it is away, health and ready say so, recovery without a restart within 5 s', async () => {
    const seed = runSeed();
    const random = seededRandom(seed);
    cluster = await startRestartableCluster('postgresql');
    dist = await tinyDist();
    server = await startServerProcess({ port: await freePort(), distDir: dist.dir, databaseUrl: cluster.url });
    const url = server.url;

    let phase: Phase = 'before';
    let done = false;
    const answers: Timed[] = [];
    async function load(worker: number): Promise<void> {
      for (let i = 0; !done; i++) {
        const what = (i + worker) % 2 === 0 ? 'availability' : 'confirm';
        const at = phase;
        const answer =
          what === 'availability'
            ? await send(url, `/api/availability?checkIn=${daysFromNow(10)}&checkOut=${daysFromNow(12)}`, { timeoutMs: 5_000 })
            : await send(url, '/api/bookings', {
                method: 'POST',
                body: randomConfirm(random, { firstDay: 1, nights: 600, maxLength: 3 }),
                timeoutMs: 5_000,
              });
        // An answer belongs to the worse of the phases it started and ended in.
        answers.push({ ...answer, what, phase: at === 'down' || phase === 'down' ? 'down' : at });
        await sleep(20);
      }
    }
    const loaders = [0, 1, 2, 3].map((worker) => load(worker));

    const probes: Timed[] = [];
    let stopMs: number;
    let startMs: number;
    let recoveryMs: number;
    try {
      await sleep(1_500);
      phase = 'down';
      const stopping = performance.now();
      await cluster.stop();
      stopMs = performance.now() - stopping;
      // Away for 3 s: health and readiness are asked twice a second.
      const downUntil = performance.now() + 3_000;
      while (performance.now() < downUntil) {
        for (const path of ['/api/health', '/api/ready'])
          probes.push({ ...(await send(url, path, { timeoutMs: 5_000 })), what: path, phase: 'down' });
        await sleep(500);
      }
      const starting = performance.now();
      await cluster.start();
      const started = performance.now();
      startMs = started - starting;
      // Recovered: ready says so and a confirm is stored, by the same server process.
      for (;;) {
        const ready = await send(url, '/api/ready', { timeoutMs: 5_000 });
        const confirm =
          ready.status === 200
            ? await send(url, '/api/bookings', { method: 'POST', body: randomConfirm(random, { firstDay: 700, nights: 10, maxLength: 1 }) })
            : null;
        if (confirm?.status === 201) break;
        if (performance.now() - started > 30_000) throw new Error(`no recovery in 30 s: ready ${ready.status}, confirm ${confirm?.status}`);
        await sleep(50);
      }
      recoveryMs = performance.now() - started;
      phase = 'after';
      await sleep(1_500);
    } finally {
      done = true;
      await Promise.all(loaders);
    }

    const db = await cluster.connect();
    const inventory = await checkInventory(db).finally(() => db.end());
    const processAlive = server.child.exitCode === null && server.child.signalCode === null;
    const byPhase = (p: Phase) => answers.filter((answer) => answer.phase === p);
    const line = (p: Phase) => {
      const list = byPhase(p);
      return `  ${p}: ${list.length} answers (${tally(list.map((a) => a.status || a.error!))}), p50 ${Math.round(
        percentile(
          list.map((a) => a.ms),
          50,
        ),
      )} ms, max ${Math.round(
        percentile(
          list.map((a) => a.ms),
          100,
        ),
      )} ms`;
    };
    console.log(
      [
        `database stop and start under load (seed ${seed}): real PostgreSQL stopped (fast shutdown took ${Math.round(stopMs)} ms), away ~3 s, started again (${Math.round(startMs)} ms)`,
        line('before'),
        line('down'),
        line('after'),
        `  health/ready while away: ${tally(probes.map((p) => `${p.what} ${p.status || p.error}`))}, max ${Math.round(
          percentile(
            probes.map((p) => p.ms),
            100,
          ),
        )} ms`,
        `  recovery after the database accepted connections: ${Math.round(recoveryMs)} ms, same server process (pid ${server.pid}, alive: ${processAlive})`,
        `  invariant checked on ${inventory.nights} nights: ${inventory.problems.length} problems`,
      ].join('\n'),
    );

    const wrong = (answer: Timed) => {
      if (answer.status === 0) return true;
      if (answer.status === 503)
        return answer.body?.error !== 'Service Unavailable' || typeof answer.body?.message !== 'string' || answer.body.message === '';
      return !((answer.status >= 200 && answer.status < 300) || answer.status === 409);
    };
    expect(answers.filter(wrong).map((a) => `${a.phase} ${a.what} ${a.status || a.error} ${JSON.stringify(a.body)}`)).toEqual([]);
    expect(answers.filter((answer) => answer.ms >= 2_000).map((a) => `${a.phase} ${a.what} ${Math.round(a.ms)} ms`)).toEqual([]);
    // The outage was seen, and only while it lasted.
    expect(byPhase('down').some((answer) => answer.status === 503)).toBe(true);
    expect(
      byPhase('before')
        .concat(byPhase('after'))
        .filter((answer) => answer.status >= 500),
    ).toEqual([]);
    expect(byPhase('after').length).toBeGreaterThan(10);
    expect(probes.length).toBeGreaterThanOrEqual(8);
    for (const probe of probes) {
      expect(probe.status).toBe(503);
      expect(probe.body).toMatchObject({ error: 'Service Unavailable', message: expect.any(String) });
      expect(probe.ms).toBeLessThan(2_000);
    }
    expect(recoveryMs).toBeLessThan(5_000);
    expect(processAlive).toBe(true);
    expect(inventory.problems).toEqual([]);
  });
});
