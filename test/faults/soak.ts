/**
 * `npm run soak` (not in CI): a steady mix of traffic against a real server process for SOAK_S
 * seconds (default 600): availability, confirms, admin searches with a signed-in admin session,
 * and admin deletes. Prints the server's RSS at the start and the end (and each minute) and
 * p50/p99 latencies per minute. Runs on a throwaway real PostgreSQL when one is installed, else
 * on the embedded database in a temporary folder; removes everything it made.
 *
 *   SOAK_S=30 npm run soak        SOAK_RPS=80 npm run soak (requests a second, default 40)
 *   SOAK_DB=embedded npm run soak (the embedded database even where PostgreSQL is installed)
 */
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { systemBinDir } from '../../server/db/database';
import { runSeed, seededRandom } from '../server/support/random';
import { daysFromNow } from '../server/support/stays';
import { freePort } from '../server/support/testDatabase';
import { embeddedDataFolder, startRestartableCluster } from './support/cluster';
import type { RestartableCluster } from './support/cluster';
import { percentile, randomConfirm, send, sleep, tally } from './support/http';
import type { Answer } from './support/http';
import { killStrays, startServerProcess, tinyDist } from './support/serverProcess';
import type { ServerProcess } from './support/serverProcess';

type Op = 'availability' | 'confirm' | 'search' | 'delete';
const ops: Op[] = ['availability', 'confirm', 'search', 'delete'];
/** Of every 20 requests: 10 availability, 5 confirms, 3 admin searches, 2 deletes. */
const mix: Op[] = [
  ...Array<Op>(10).fill('availability'),
  ...Array<Op>(5).fill('confirm'),
  ...Array<Op>(3).fill('search'),
  ...Array<Op>(2).fill('delete'),
];

interface Sample {
  minute: number;
  op: Op;
  status: number;
  ms: number;
  error?: string;
}

function rssMb(pid: number): number {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8')
    .split('\n')
    .find((l) => l.startsWith('VmRSS:'));
  return Math.round(Number(/(\d+)/.exec(line ?? '')?.[1] ?? 0) / 102.4) / 10;
}

async function main(): Promise<number> {
  const seconds = Number(process.env.SOAK_S ?? 600);
  const rps = Number(process.env.SOAK_RPS ?? 40);
  if (!(seconds > 0) || !(rps > 0)) throw new Error('SOAK_S and SOAK_RPS must be positive numbers');
  const seed = runSeed();
  const random = seededRandom(seed);
  const adminPassword = randomBytes(18).toString('base64url');

  const dist = await tinyDist();
  let cluster: RestartableCluster | undefined;
  let folder: Awaited<ReturnType<typeof embeddedDataFolder>> | undefined;
  let server: ServerProcess | undefined;
  const cleanup = async () => {
    await server?.stop();
    killStrays();
    await cluster?.remove();
    await folder?.remove();
    await dist.remove();
  };
  let interrupted = false;
  process.once('SIGINT', () => (interrupted = true));
  process.once('SIGTERM', () => (interrupted = true));

  try {
    const port = await freePort();
    if (systemBinDir() && process.env.SOAK_DB !== 'embedded') {
      cluster = await startRestartableCluster('postgresql');
      server = await startServerProcess({ port, distDir: dist.dir, databaseUrl: cluster.url, adminPassword });
    } else {
      folder = await embeddedDataFolder();
      server = await startServerProcess({ port, distDir: dist.dir, dataDir: folder.dataDir, adminPassword, readyWithinMs: 120_000 });
    }
    const { url, pid } = server;
    const database = cluster ? 'real PostgreSQL' : 'the embedded database';

    // The admin the server made on its first start from ADMIN_PASSWORD.
    const signIn = await send(url, '/api/admin/sign-in', { method: 'POST', body: { username: 'admin', password: adminPassword } });
    if (signIn.status !== 200) throw new Error(`admin sign-in failed: ${signIn.status} ${JSON.stringify(signIn.body)}`);
    const admin = { cookie: signIn.cookie ?? '', 'x-csrf-token': String(signIn.body!.csrfToken) };

    const rssStart = rssMb(pid);
    console.log(
      `soak (seed ${seed}): ${seconds} s at ${rps} requests/s against server pid ${pid} on ${database}; RSS at start ${rssStart} MB`,
    );

    const samples: Sample[] = [];
    const stored: string[] = [];
    const started = performance.now();
    const pending = new Set<Promise<void>>();
    const rssByMinute: number[] = [];

    async function one(op: Op, minute: number): Promise<void> {
      let answer: Answer;
      if (op === 'availability') {
        const start = 1 + Math.floor(random() * 300);
        answer = await send(
          url,
          `/api/availability?checkIn=${daysFromNow(start)}&checkOut=${daysFromNow(start + 1 + Math.floor(random() * 5))}`,
        );
      } else if (op === 'confirm') {
        answer = await send(url, '/api/bookings', {
          method: 'POST',
          body: { ...randomConfirm(random, { firstDay: 1, nights: 365, maxLength: 5 }), email: 'soak@example.com' },
        });
        if (answer.status === 201) stored.push(String(answer.body!.booking.bookingId));
      } else if (op === 'search') {
        const queries = ['', 'soak', 'suit', 'classic', 'BK1', stored[Math.floor(random() * stored.length)] ?? 'BK'];
        const q = queries[Math.floor(random() * queries.length)]!;
        answer = await send(url, `/api/admin/bookings?q=${encodeURIComponent(q)}&page=1&pageSize=20`, { headers: admin });
      } else {
        const id = stored.splice(Math.floor(random() * stored.length), 1)[0];
        answer = id ? await send(url, `/api/admin/bookings/${id}`, { method: 'DELETE', headers: admin }) : await send(url, '/api/ready');
      }
      samples.push({ minute, op, status: answer.status, ms: answer.ms, error: answer.error });
    }

    function report(minute: number): void {
      const list = samples.filter((s) => s.minute === minute);
      if (list.length === 0) return;
      const ms = (op?: Op) => list.filter((s) => !op || s.op === op).map((s) => s.ms);
      const bad = list.filter((s) => s.status === 0 || s.status >= 500).length;
      const perOp = ops.map((op) => `${op} ${Math.round(percentile(ms(op), 50))}/${Math.round(percentile(ms(op), 99))}`).join(', ');
      console.log(
        `minute ${minute + 1}: ${list.length} requests, errors ${bad}, p50 ${percentile(ms(), 50).toFixed(1)} ms, p99 ${percentile(ms(), 99).toFixed(1)} ms ` +
          `(p50/p99 ms: ${perOp}); RSS ${rssByMinute[minute]} MB`,
      );
    }

    // Open loop: one request every 1000/rps ms whatever the answers take, so slowness shows as latency.
    const interval = 1000 / rps;
    let reported = 0;
    for (let i = 0; !interrupted; i++) {
      const due = started + i * interval;
      if (due - started >= seconds * 1000) break;
      const wait = due - performance.now();
      if (wait > 0) await sleep(wait);
      const minute = Math.floor((performance.now() - started) / 60_000);
      while (reported < minute) {
        rssByMinute[reported] = rssMb(pid);
        report(reported++);
      }
      const request = one(mix[Math.floor(random() * mix.length)]!, minute).finally(() => pending.delete(request));
      pending.add(request);
    }
    await Promise.all(pending);
    const rssEnd = rssMb(pid);
    rssByMinute[reported] = rssEnd;
    report(reported);

    const bad = samples.filter((s) => s.status === 0 || s.status >= 500);
    console.log(
      [
        `soak done: ${samples.length} requests in ${Math.round((performance.now() - started) / 1000)} s; answers ${tally(samples.map((s) => `${s.op} ${s.status || s.error}`))}`,
        `overall p50 ${percentile(
          samples.map((s) => s.ms),
          50,
        ).toFixed(1)} ms, p99 ${percentile(
          samples.map((s) => s.ms),
          99,
        ).toFixed(1)} ms; errors (5xx or no answer) ${bad.length}`,
        `server RSS: start ${rssStart} MB, end ${rssEnd} MB (${rssEnd >= rssStart ? '+' : ''}${Math.round((rssEnd - rssStart) * 10) / 10} MB)`,
      ].join('\n'),
    );
    return bad.length > 0 || interrupted ? 1 : 0;
  } finally {
    await cleanup();
  }
}

main().then(
  (code) => process.exit(code),
  (error: Error) => {
    console.error(`soak failed: ${error.stack ?? error.message}`);
    killStrays();
    process.exit(1);
  },
);
