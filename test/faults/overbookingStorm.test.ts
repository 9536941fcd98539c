import { systemBinDir } from '../../server/db/database';
import { checkInventory, roomsLeftPattern } from '../server/support/inventory';
import { runSeed, seededRandom } from '../server/support/random';
import { freePort } from '../server/support/testDatabase';
import { startRestartableCluster } from './support/cluster';
import type { RestartableCluster } from './support/cluster';
import { percentile, randomConfirm, send, tally } from './support/http';
import { killStrays, startServerProcess, tinyDist } from './support/serverProcess';
import type { ServerProcess } from './support/serverProcess';

/**
 * 500 confirms at once for random overlapping stays (both room types, 1-3 rooms, 1-5 nights in a
 * 20-night window: far more than the 240 room-nights there are), through two server processes
 * on one real PostgreSQL database. Nothing may be overbooked, lost or half-written.
 */
// jest.config.js's per-project testTimeout is not read by Jest (testTimeout is a global option).
jest.setTimeout(300_000);

const realPostgres = systemBinDir();
if (!realPostgres) console.log('overbooking storm SKIPPED: no PostgreSQL server installed (apt-get install postgresql); CI installs it.');

(realPostgres ? describe : describe.skip)('overbooking storm on real PostgreSQL, two server processes', () => {
  let cluster: RestartableCluster | undefined;
  let dist: Awaited<ReturnType<typeof tinyDist>> | undefined;
  const servers: ServerProcess[] = [];

  beforeAll(async () => {
    cluster = await startRestartableCluster('postgresql');
    dist = await tinyDist();
    // One after the other: the second finds the schema migrated.
    for (let i = 0; i < 2; i++)
      servers.push(await startServerProcess({ port: await freePort(), distDir: dist.dir, databaseUrl: cluster.url }));
  });
  afterAll(async () => {
    await Promise.all(servers.map((server) => server.stop()));
    killStrays();
    await cluster?.remove();
    await dist?.remove();
  });

  test('500 simultaneous confirms: invariant on every night, every 201 stored, every refusal a 409 "left", no 5xx', async () => {
    const seed = runSeed();
    const random = seededRandom(seed);
    const bodies = Array.from({ length: 500 }, () => randomConfirm(random, { firstDay: 20, nights: 20, maxLength: 5 }));

    const started = performance.now();
    const answers = await Promise.all(
      bodies.map((body, i) =>
        // Each from a guest's address of its own: from one address every confirm would queue on that address's limit row.
        send(servers[i % 2]!.url, '/api/bookings', {
          method: 'POST',
          body,
          timeoutMs: 30_000,
          headers: { 'x-forwarded-for': `198.51.${Math.floor(i / 250)}.${i % 250}` },
        }),
      ),
    );
    const elapsed = performance.now() - started;

    const created = answers.filter((answer) => answer.status === 201).length;
    const refused = answers.filter((answer) => answer.status === 409).length;
    const db = await cluster!.connect();
    try {
      const inventory = await checkInventory(db);
      const full = await db.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM room_nights WHERE booked = CASE room_id WHEN 'deluxe' THEN 8 ELSE 4 END`,
      );
      const sold = await db.query<{ n: number }>('SELECT coalesce(sum(booked), 0)::int AS n FROM room_nights');
      console.log(
        [
          `overbooking storm (seed ${seed}): 500 confirms at once through 2 server processes on real PostgreSQL in ${Math.round(elapsed)} ms`,
          `  answers: ${tally(answers.map((answer) => answer.status || answer.error!))}`,
          `  stored ${created}, refused 409 ${refused}, 5xx ${answers.filter((answer) => answer.status >= 500).length}, no answer ${answers.filter((answer) => answer.status === 0).length}`,
          `  latency p50 ${Math.round(
            percentile(
              answers.map((a) => a.ms),
              50,
            ),
          )} ms, p99 ${Math.round(
            percentile(
              answers.map((a) => a.ms),
              99,
            ),
          )} ms, max ${Math.round(
            percentile(
              answers.map((a) => a.ms),
              100,
            ),
          )} ms`,
          `  room-nights sold ${sold.rows[0]!.n} of 240; full nights ${full.rows[0]!.n} of 40; invariant checked on ${inventory.nights} nights: ${inventory.problems.length} problems`,
        ].join('\n'),
      );

      expect(
        answers
          .filter((answer) => answer.status !== 201 && answer.status !== 409)
          .map((a) => `${a.status || a.error} ${JSON.stringify(a.body)}`),
      ).toEqual([]);
      answers.forEach((answer, i) => {
        if (answer.status !== 409) return;
        const body = bodies[i]!;
        expect(answer.body).toMatchObject({ error: 'Conflict', roomId: body.roomId });
        expect(answer.body!.message).toMatch(roomsLeftPattern);
        expect(answer.body!.message).toContain(body.roomId === 'deluxe' ? 'Classic Room' : 'Suit Room');
        expect(answer.body!.left).toBeLessThan(body.rooms);
      });
      expect(inventory.problems).toEqual([]);
      // Every 201 is stored as answered, for its own draft, with its own stay; nothing else is.
      const stored = await db.query<{
        booking_id: string;
        draft_id: string;
        room_id: string;
        rooms: number;
        check_in: string;
        check_out: string;
      }>('SELECT booking_id, draft_id, room_id, rooms, check_in, check_out FROM bookings WHERE deleted_at IS NULL');
      expect(stored.rows.length).toBe(created);
      const byId = new Map(stored.rows.map((row) => [row.booking_id, row]));
      answers.forEach((answer, i) => {
        if (answer.status !== 201) return;
        const body = bodies[i]!;
        expect(byId.get(answer.body!.booking.bookingId)).toEqual({
          booking_id: answer.body!.booking.bookingId,
          draft_id: body.draftId,
          room_id: body.roomId,
          rooms: body.rooms,
          check_in: body.checkIn,
          check_out: body.checkOut,
        });
      });
    } finally {
      await db.end();
    }
  });
});
