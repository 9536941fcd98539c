import { readFileSync } from 'node:fs';
import { setTimeout as pause } from 'node:timers/promises';
import type { Database } from '../../server/db/database';
import { addDays } from '../../src/domain/dates';
import { hotelToday } from '../../server/bookingRules';
import { killStrays, startServerProcess, tinyDist, waitFor } from '../faults/support/serverProcess';
import type { ServerProcess } from '../faults/support/serverProcess';
import { genericCalendar, startFeedServer } from './support/feedServer';
import type { FeedServer, TimedEvent } from './support/feedServer';
import { databaseKinds, freePort, startTestDatabase } from './support/testDatabase';
import type { TestDatabase } from './support/testDatabase';
import { adminPassword, api, signIn } from './support/testServer';

/**
 * Calendars made to stop the hotel, read by the real server process (server/main.ts) while this
 * test times GET /api/health over real HTTP: a repeat rule that never falls on a date, 300 daily
 * repeats from the year 1600, a NUL byte, a DTSTART that is not a date. Each feed must end
 * Failing with its reason, every health answer must come within 200 ms, and the server's memory
 * must stay bounded. The server runs in a process of its own, so that a calendar that stops its
 * event loop fails this test instead of stopping the test runner with it.
 */
jest.setTimeout(240_000);

type Session = Awaited<ReturnType<typeof signIn>>;
const parseSeconds = 2;
const today = hotelToday();
const compact = (iso: string) => iso.replace(/-/g, '');

/** BYMONTH=2;BYMONTHDAY=30: a day that never comes, so a naive expansion looks for it for ever. */
const neverComes = genericCalendar([
  {
    uid: 'never@pms.example',
    start: `;VALUE=DATE:${compact(addDays(today, 3))}`,
    end: `;VALUE=DATE:${compact(addDays(today, 4))}`,
    summary: 'Closed',
    extra: ['RRULE:FREQ=DAILY;BYMONTH=2;BYMONTHDAY=30'],
  },
]);
/** 300 finite daily repeats from 1 Jan 1600: each is worked out from its start, centuries before today. */
const fromThe1600s = genericCalendar(
  Array.from<unknown, TimedEvent>({ length: 300 }, (_, i) => ({
    uid: `old-${i}@pms.example`,
    start: ';VALUE=DATE:16000101',
    end: ';VALUE=DATE:16000102',
    extra: ['RRULE:FREQ=DAILY;COUNT=1000'],
  })),
);
const withNul = genericCalendar([
  { uid: 'nul@pms.example', start: `;VALUE=DATE:${compact(addDays(today, 5))}`, end: `;VALUE=DATE:${compact(addDays(today, 7))}` },
]).replace('SUMMARY:Busy', 'SUMMARY:Bu\u0000sy');
const notADate = genericCalendar([{ uid: 'bad-date@pms.example', start: ':not-a-date', end: `;VALUE=DATE:${compact(addDays(today, 7))}` }]);
const harmless = genericCalendar([
  { uid: 'fine@pms.example', start: `;VALUE=DATE:${compact(addDays(today, 9))}`, end: `;VALUE=DATE:${compact(addDays(today, 11))}` },
]);

/** The server's resident memory in MB (Linux), or null when it cannot be read. */
function residentMb(pid: number): number | null {
  try {
    const line = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return line ? Number(line[1]) / 1024 : null;
  } catch {
    return null;
  }
}

/**
 * GET /api/health one after another (a 20 ms sampling interval between them) until stopped: how
 * long each answer took, what went wrong, and the server's memory at each.
 */
function probeHealth(server: ServerProcess) {
  const timings: number[] = [];
  const memory: number[] = [];
  const failures: string[] = [];
  let running = true;
  const done = (async () => {
    while (running) {
      const started = performance.now();
      try {
        const response = await fetch(`${server.url}/api/health`, { signal: AbortSignal.timeout(3_000) });
        await response.arrayBuffer();
        if (response.status !== 200) failures.push(`answered ${response.status}`);
      } catch (error) {
        failures.push((error as Error).message);
      }
      timings.push(performance.now() - started);
      const rss = residentMb(server.pid);
      if (rss !== null) memory.push(rss);
      await pause(20);
    }
  })();
  return {
    timings,
    memory,
    failures,
    async stop() {
      running = false;
      await done;
    },
  };
}

describe.each(databaseKinds)('hostile calendars on %s', (kind) => {
  let database: TestDatabase;
  let db: Database;
  let dist: Awaited<ReturnType<typeof tinyDist>>;
  let feeds: FeedServer;
  let server: ServerProcess;
  let owner: Session;

  const start = async () =>
    startServerProcess({
      port: await freePort(),
      distDir: dist.dir,
      databaseUrl: database.url,
      adminPassword,
      readyWithinMs: 30_000,
      env: { CHANNEL_FEEDS_ALLOW_PRIVATE: '127.0.0.1', CHANNEL_PARSE_SECONDS: String(parseSeconds), BOOKING_HORIZON_DAYS: '365' },
    });
  const as = (path: string, init: { method?: string; body?: unknown } = {}) => api(server.url, path, { ...init, headers: owner.headers });
  async function roomId(number: string): Promise<number> {
    const reply = await as('/api/admin/rooms');
    const rooms = (reply.body.types as Array<{ rooms: Array<{ id: number; number: string }> }>).flatMap((t) => t.rooms);
    return rooms.find((room) => room.number === number)!.id;
  }
  const addFeed = async (number: string, label: string, path: string) =>
    as('/api/admin/channels/feeds', { method: 'POST', body: { roomId: await roomId(number), label, url: feeds.url(path) } });
  /** The feed as the Channels screen gets it. */
  async function shown(feedId: number) {
    const reply = await as('/api/admin/channels');
    return (reply.body.rooms as Array<{ feeds: Array<{ id: number; lastError: string | null }> }>)
      .flatMap((room) => room.feeds)
      .find((feed) => feed.id === feedId)!;
  }
  function expectResponsive(probe: ReturnType<typeof probeHealth>, baselineMb: number) {
    expect(probe.failures).toEqual([]);
    expect(probe.timings.length).toBeGreaterThan(20);
    expect(probe.timings.filter((ms) => ms >= 200).map(Math.round)).toEqual([]);
    // The calendar is worked out in a worker thread with a memory cap: the process stays small.
    expect(Math.max(...probe.memory) - baselineMb).toBeLessThan(400);
  }

  beforeAll(async () => {
    database = await startTestDatabase(kind);
    dist = await tinyDist();
    feeds = await startFeedServer();
    server = await start();
    owner = await signIn(server.url);
    db = await database.open();
  });
  afterAll(async () => {
    await server?.stop();
    killStrays();
    await feeds?.close();
    await dist?.remove();
    await database?.remove();
  });

  test('a repeat rule that never falls on a date and 300 daily repeats from 1600: health answers within 200 ms throughout, each feed Failing with why', async () => {
    feeds.set('/never.ics', { calendar: neverComes });
    feeds.set('/1600.ics', { calendar: fromThe1600s });
    const baseline = residentMb(server.pid)!;
    const probe = probeHealth(server);
    await waitFor(async () => probe.timings.length >= 5, 10_000);
    const started = Date.now();
    const never = await addFeed('101', 'Never', '/never.ics');
    const took = Date.now() - started;
    const old = await addFeed('102', 'Old', '/1600.ics');
    await probe.stop();

    expect(never.status).toBe(201);
    const neverReason = new RegExp(`longer than ${parseSeconds} s.*"Closed".*FREQ=DAILY;BYMONTH=2;BYMONTHDAY=30`);
    expect(never.body.result).toMatchObject({ ok: false, error: expect.stringMatching(neverReason), added: 0 });
    expect(old.status).toBe(201);
    // Stopped by the bound on dates, or by the deadline first on a slow machine: either way, said.
    const oldReason = new RegExp(
      `more than 20,000 dates.*"Busy" \\(UID old-\\d+@pms\\.example\\) repeats from 1 January 1600|longer than ${parseSeconds} s.*"Busy" \\(UID old-\\d+@pms\\.example\\), from 1 January 1600`,
    );
    expect(old.body.result).toMatchObject({ ok: false, error: expect.stringMatching(oldReason), added: 0 });
    // The Channels screen shows both as Failing, with the reason.
    expect(await shown(never.body.feed.id)).toMatchObject({ lastError: expect.stringMatching(neverReason) });
    expect(await shown(old.body.feed.id)).toMatchObject({ lastError: expect.stringMatching(oldReason) });
    // Answered once the deadline stopped it (the rest is fetching it and starting the worker).
    expect(took).toBeGreaterThanOrEqual(parseSeconds * 1000);
    expect(took).toBeLessThan(parseSeconds * 1000 + 8_000);
    expectResponsive(probe, baseline);
  });

  test.each([
    ['a NUL byte', '/nul.ics', withNul, /NUL character \(byte 0\) on line \d+/],
    ['a DTSTART that is not a date', '/not-a-date.ics', notADate, /"Busy" \(UID bad-date@pms\.example\): its DTSTART is not a valid date/],
  ])('a calendar with %s: answered with why (not 500), recorded on the feed, shown Failing', async (_name, path, calendar, reason) => {
    feeds.set(path, { calendar });
    const added = await addFeed('103', path, path);
    expect(added.status).toBe(201);
    expect(added.body.result).toMatchObject({ ok: false, error: expect.stringMatching(reason), events: 0 });
    expect(added.body.feed).toMatchObject({ lastError: expect.stringMatching(reason), lastSuccessAt: null });
    const again = await as(`/api/admin/channels/feeds/${added.body.feed.id}/sync`, { method: 'POST', body: {} });
    expect(again.status).toBe(200);
    expect(again.body.result).toMatchObject({ ok: false, error: expect.stringMatching(reason) });
    expect(await shown(added.body.feed.id)).toMatchObject({ lastError: expect.stringMatching(reason) });
    const log = (await as('/api/admin/channels')).body.log as Array<{ kind: string; feedLabel: string; message: string }>;
    expect(log.filter((entry) => entry.feedLabel === path && entry.kind === 'failed')).toEqual([
      expect.objectContaining({ message: expect.stringMatching(reason) }),
    ]);
    await as(`/api/admin/channels/feeds/${added.body.feed.id}`, { method: 'DELETE' });
  });

  test('the schedule reads a stored feed that turned hostile through the same worker and deadline: health answers within 200 ms, the feed Failing', async () => {
    feeds.set('/turns.ics', { calendar: harmless });
    const added = await addFeed('104', 'Turns', '/turns.ics');
    expect(added.body.result).toMatchObject({ ok: true, events: 1 });
    // The channel's calendar turns hostile; the next start reads every due feed at once.
    feeds.set('/turns.ics', { calendar: neverComes });
    await server.stop();
    await db.pool.query('UPDATE channel_feeds SET next_fetch_at = now()');
    const reads = feeds.hits.get('/turns.ics') ?? 0;
    server = await start();
    const baseline = residentMb(server.pid)!;
    const probe = probeHealth(server);
    const failed = await waitFor(async () => {
      const { rows } = await db.pool.query<{ last_error: string | null }>('SELECT last_error FROM channel_feeds WHERE id = $1', [
        added.body.feed.id,
      ]);
      return rows[0]?.last_error ? { error: rows[0].last_error, samples: probe.timings.length } : null;
    }, 60_000);
    await probe.stop();
    expect(feeds.hits.get('/turns.ics')).toBeGreaterThan(reads);
    expect(failed.error).toMatch(new RegExp(`longer than ${parseSeconds} s.*FREQ=DAILY;BYMONTH=2;BYMONTHDAY=30`));
    // Health was being timed while the schedule's read ran.
    expect(failed.samples).toBeGreaterThan(10);
    expectResponsive(probe, baseline);
    owner = await signIn(server.url);
    expect(await shown(added.body.feed.id)).toMatchObject({ lastError: failed.error });
    // Its block from when it was harmless stays: a failing feed changes nothing.
    const { rows } = await db.pool.query('SELECT 1 FROM channel_blocks WHERE feed_id = $1', [added.body.feed.id]);
    expect(rows).toHaveLength(1);
  });
});
