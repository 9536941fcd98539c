import type pg from 'pg';
import { systemBinDir } from '../../server/db/database';
import type { DatabaseKind } from '../../server/db/database';
import { checkInventory, roomsLeftPattern } from '../server/support/inventory';
import { randomInt, runSeed, seededRandom } from '../server/support/random';
import { freePort } from '../server/support/testDatabase';
import { connectToFolder, embeddedDataFolder, startRestartableCluster } from './support/cluster';
import type { RestartableCluster } from './support/cluster';
import { percentile, randomConfirm, send, sleep, tally } from './support/http';
import type { Answer, ConfirmBody } from './support/http';
import { killStrays, postmasterPid, startServerProcess, tinyDist } from './support/serverProcess';
import type { ServerProcess, ServerProcessOptions } from './support/serverProcess';

/**
 * SIGKILL the server process at random moments while confirms stream in, restart it, and
 * re-send every confirm whose answer was lost (same draftId: the retry must find the booking if
 * it was stored). In the end no acknowledged booking may be missing and every night must hold
 * exactly the rooms of the live bookings covering it. On the embedded database the postgres
 * postmaster is SIGKILLed at the same moment, so the database itself crashes and recovers.
 */
// jest.config.js's per-project testTimeout is not read by Jest (testTimeout is a global option).
jest.setTimeout(300_000);

const kills = 20;
const workers = 8;

const kinds: DatabaseKind[] = [...(systemBinDir() ? (['postgresql'] as const) : []), 'embedded'];
if (!systemBinDir())
  console.log('kill-and-restart on real PostgreSQL SKIPPED: no PostgreSQL server installed (apt-get install postgresql); CI installs it.');

interface Draft {
  body: ConfirmBody;
  state: 'sending' | 'acked' | 'refused' | 'lost';
  bookingId?: string;
}

describe.each(kinds)('kill and restart under load on %s', (kind) => {
  let cluster: RestartableCluster | undefined;
  let folder: Awaited<ReturnType<typeof embeddedDataFolder>> | undefined;
  let dist: Awaited<ReturnType<typeof tinyDist>> | undefined;
  let server: ServerProcess | undefined;

  afterAll(async () => {
    await server?.stop();
    killStrays();
    await cluster?.remove();
    await folder?.remove();
    await dist?.remove();
  });

  test(`${kills} SIGKILLs: no acknowledged booking lost, none broken, every lost answer settled by its retry`, async () => {
    const seed = runSeed();
    const random = seededRandom(seed);
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

    const drafts: Draft[] = [];
    const anomalies: string[] = [];
    let up = true;
    let killing = false;
    let done = false;
    let inFlight = 0;
    const answersDuringKills: Answer[] = [];

    /** What an answer means for its draft; anything but 200/201/409 "left" (or no answer, or 503 as the process dies) is wrong. */
    function settle(draft: Draft, answer: Answer, retry: boolean): void {
      if (answer.status === 201 || answer.status === 200) {
        if (answer.status === 200 && !retry) anomalies.push(`a fresh draft answered 200: ${JSON.stringify(answer.body)}`);
        if (draft.bookingId && draft.bookingId !== answer.body?.booking?.bookingId)
          anomalies.push(`draft ${draft.body.draftId} answered ${answer.body?.booking?.bookingId}, before ${draft.bookingId}`);
        draft.state = 'acked';
        draft.bookingId = answer.body!.booking.bookingId as string;
      } else if (answer.status === 409 && roomsLeftPattern.test(String(answer.body?.message))) {
        draft.state = 'refused';
      } else if ((answer.status === 0 || answer.status === 503) && killing && !retry) {
        draft.state = 'lost';
        answersDuringKills.push(answer);
      } else {
        anomalies.push(`${retry ? 'retry' : 'confirm'} answered ${answer.status || answer.error} ${JSON.stringify(answer.body)}`);
        draft.state = 'lost';
      }
    }

    async function load(): Promise<void> {
      while (!done) {
        if (!up) {
          await sleep(5);
          continue;
        }
        const draft: Draft = { body: randomConfirm(random, { firstDay: 1, nights: 600, maxLength: 4 }), state: 'sending' };
        drafts.push(draft);
        inFlight++;
        const answer = await send(server!.url, '/api/bookings', { method: 'POST', body: draft.body, timeoutMs: 15_000 });
        inFlight--;
        settle(draft, answer, false);
      }
    }

    const loaders = Array.from({ length: workers }, () => load());
    const restartMs: number[] = [];
    let retried = 0;
    const retryAnswers: number[] = [];
    let replaysChecked = 0;
    try {
      for (let k = 0; k < kills; k++) {
        await sleep(randomInt(random, 150, 1_200));
        up = false;
        killing = true;
        const postmaster = kind === 'embedded' ? postmasterPid(options.dataDir!) : null;
        if (kind === 'embedded' && !postmaster) anomalies.push(`kill ${k + 1}: no running postmaster in ${options.dataDir}`);
        // The same moment: the server and (embedded) its database.
        server.child.kill('SIGKILL');
        if (postmaster) process.kill(postmaster, 'SIGKILL');
        await server.exited;
        while (inFlight > 0) await sleep(5);
        const restarting = performance.now();
        server = await startServerProcess(options);
        restartMs.push(performance.now() - restarting);
        killing = false;

        // Every confirm whose answer was lost is sent again, as the client's retry would be.
        const lost = drafts.filter((draft) => draft.state === 'lost');
        retried += lost.length;
        const answers = await Promise.all(
          lost.map((draft) => send(server!.url, '/api/bookings', { method: 'POST', body: draft.body, timeoutMs: 15_000 })),
        );
        lost.forEach((draft, i) => {
          retryAnswers.push(answers[i]!.status);
          settle(draft, answers[i]!, true);
        });
        // And a few acknowledged ones: a retry of a stored draft answers 200 with the same booking.
        const acked = drafts.filter((draft) => draft.state === 'acked');
        for (let i = 0; i < 3 && acked.length > 0; i++) {
          const draft = acked[randomInt(random, 0, acked.length - 1)]!;
          const again = await send(server.url, '/api/bookings', { method: 'POST', body: draft.body, timeoutMs: 15_000 });
          replaysChecked++;
          if (again.status !== 200 || again.body?.booking?.bookingId !== draft.bookingId)
            anomalies.push(`replay of ${draft.bookingId} answered ${again.status} ${JSON.stringify(again.body)}`);
        }
        up = true;
      }
    } finally {
      done = true;
      up = true;
      await Promise.all(loaders);
    }

    const db: pg.Client = kind === 'postgresql' ? await cluster!.connect() : await connectToFolder(options.dataDir!);
    let stored: { booking_id: string; draft_id: string; deleted_at: Date | null }[];
    let inventory: Awaited<ReturnType<typeof checkInventory>>;
    try {
      stored = (
        await db.query<{ booking_id: string; draft_id: string; deleted_at: Date | null }>(
          'SELECT booking_id, draft_id::text, deleted_at FROM bookings',
        )
      ).rows;
      inventory = await checkInventory(db);
    } finally {
      await db.end();
    }
    const byDraft = new Map(stored.map((row) => [row.draft_id, row]));
    const acked = drafts.filter((draft) => draft.state === 'acked');
    const refused = drafts.filter((draft) => draft.state === 'refused');
    const lostAcked = acked.filter(
      (draft) => byDraft.get(draft.body.draftId)?.booking_id !== draft.bookingId || byDraft.get(draft.body.draftId)?.deleted_at,
    );
    const storedRefusals = refused.filter((draft) => byDraft.has(draft.body.draftId));
    const stopped = await server.stop();
    server = undefined;

    console.log(
      [
        `kill and restart on ${kind} (seed ${seed}): ${kills} SIGKILLs of the server process${kind === 'embedded' ? ' and its postgres postmaster' : ''} under ${workers} streams of confirms`,
        `  confirms sent ${drafts.length}: acknowledged ${acked.length} (201/200), refused 409 ${refused.length}, unsettled ${drafts.filter((d) => d.state === 'lost' || d.state === 'sending').length}`,
        `  answers lost to a kill ${retried} (${tally(answersDuringKills.map((a) => a.status || a.error!))}); their retries answered ${tally(retryAnswers)}; replays of stored drafts checked ${replaysChecked}`,
        `  restart to first healthy answer: p50 ${Math.round(percentile(restartMs, 50))} ms, max ${Math.round(percentile(restartMs, 100))} ms`,
        `  stored bookings ${stored.length}; acknowledged but missing ${lostAcked.length}; refused but stored ${storedRefusals.length}; invariant checked on ${inventory.nights} nights: ${inventory.problems.length} problems; last stop exit ${stopped.code}`,
      ].join('\n'),
    );

    expect(anomalies).toEqual([]);
    expect(retried).toBeGreaterThan(0);
    expect(drafts.filter((draft) => draft.state === 'lost' || draft.state === 'sending')).toEqual([]);
    expect(lostAcked.map((draft) => draft.bookingId)).toEqual([]);
    expect(storedRefusals.map((draft) => draft.body.draftId)).toEqual([]);
    // Every stored booking was acknowledged (the lost answers were all retried), one per draft.
    expect(stored.length).toBe(acked.length);
    expect(new Set(stored.map((row) => row.draft_id)).size).toBe(stored.length);
    expect(inventory.problems).toEqual([]);
    expect(stopped).toEqual({ code: 0, signal: null });
    if (kind === 'embedded') expect(postmasterPid(options.dataDir!)).toBeNull();
  });
});
