import { randomUUID } from 'node:crypto';
import { hotelToday } from '../../server/bookingRules';
import type { Database } from '../../server/db/database';
import { addDays } from '../../src/domain/dates';
import { bookingComCalendar, startFeedServer } from './support/feedServer';
import type { FeedServer, FeedStay } from './support/feedServer';
import { checkInventory } from './support/inventory';
import { confirmBody } from './support/stays';
import { databaseKinds, startTestDatabase } from './support/testDatabase';
import type { TestDatabase } from './support/testDatabase';
import { api, createAdmin, signIn, startTestServer } from './support/testServer';
import type { TestServer } from './support/testServer';

/**
 * Issue 38's races, really run, on two server instances sharing each kind of database: on the
 * last free room of a type, a guest's confirm, the desk's "Move to" and a channel's block arrive
 * at once, round after round. Whatever wins, PostgreSQL keeps every rule: no room is placed twice
 * on a night, the rooms placed per type per night are the rooms booked, the block is always
 * recorded (a channel's sale is never refused), and a booking shares a room with a block only
 * when no other room of its type was free.
 */

const rounds = 20;

describe.each(databaseKinds)('a confirm, a move and an import on the last room at once, on %s', (kind) => {
  let database: TestDatabase;
  let db: Database;
  let serverA: TestServer;
  let serverB: TestServer;
  let feeds: FeedServer;
  let owner: Awaited<ReturnType<typeof signIn>>;
  const today = hotelToday();

  beforeAll(async () => {
    database = await startTestDatabase(kind);
    db = await database.open();
    feeds = await startFeedServer();
    const channels = { syncMinutes: 10, fetch: { timeoutMs: 5_000, maxBytes: 1024 * 1024, maxRedirects: 3, allowPrivate: ['127.0.0.1'] } };
    serverA = await startTestServer(db, { channels });
    serverB = await startTestServer(db, { channels });
    await createAdmin(db);
    owner = await signIn(serverA.url);
  });
  afterAll(async () => {
    await serverA?.close();
    await serverB?.close();
    await feeds?.close();
    await database?.remove();
  });

  test(`${rounds} rounds: every rule holds whichever comes first`, async () => {
    const as = (server: TestServer, path: string, init: { method?: string; body?: unknown } = {}) =>
      api(server.url, path, { method: init.method, body: init.body, headers: owner.headers });
    const rooms = (await as(serverA, '/api/admin/rooms')).body.types.find((t: { typeId: string }) => t.typeId === 'executive')
      .rooms as Array<{
      id: number;
      number: string;
    }>;
    const id = (number: string) => rooms.find((r) => r.number === number)!.id;
    const stays: FeedStay[] = [];
    feeds.set('/last-room.ics', { calendar: bookingComCalendar(today, stays) });
    const feed = (
      await as(serverA, '/api/admin/channels/feeds', {
        method: 'POST',
        body: { roomId: id('204'), label: 'Booking.com', url: feeds.url('/last-room.ics') },
      })
    ).body.feed as { id: number };
    const tally = new Map<string, number>();
    const count = (key: string) => tally.set(key, (tally.get(key) ?? 0) + 1);

    for (let round = 0; round < rounds; round++) {
      const first = 20 + round * 3;
      const checkIn = addDays(today, first);
      const checkOut = addDays(today, first + 2);
      // Three Suit Rooms taken (201, 202, 203, first fit); 204 is the last one free.
      const held: string[] = [];
      for (let n = 0; n < 3; n++) {
        const reply = await as(serverA, '/api/admin/desk/bookings', {
          method: 'POST',
          body: {
            draftId: randomUUID(),
            channel: 'phone',
            roomId: 'executive',
            packageIndex: 0,
            rooms: 1,
            checkIn,
            checkOut,
            email: `held${n}@example.com`,
          },
        });
        expect(reply.status).toBe(201);
        held.push(reply.body.booking.bookingId);
      }
      const onFirstRoom = (
        await db.pool.query<{ booking_id: string }>('SELECT booking_id FROM room_placements WHERE room = $1 AND night = $2', [
          id('201'),
          checkIn,
        ])
      ).rows[0]!.booking_id;
      stays.push({ uid: `sale-${round}`, first, end: first + 2 });
      feeds.set('/last-room.ics', { calendar: bookingComCalendar(today, stays) });

      // All at once, on two instances: a guest's confirm, the desk's move to 204, Booking.com's sale
      // of 204. The import reads the feed over HTTP first, so the others start up to 40 ms later,
      // at random, for each of the three to come first in some rounds.
      const later = <T>(promise: () => Promise<T>) => new Promise((resolve) => setTimeout(resolve, Math.random() * 40)).then(promise);
      const [confirm, move, sync] = await Promise.all([
        later(() => api(serverA.url, '/api/bookings', { method: 'POST', body: confirmBody({ roomId: 'executive', checkIn, checkOut }) })),
        later(() =>
          as(serverB, `/api/admin/bookings/${onFirstRoom}/room`, { method: 'POST', body: { fromRoom: id('201'), toRoom: id('204') } }),
        ),
        as(round % 2 ? serverA : serverB, `/api/admin/channels/feeds/${feed.id}/sync`, { method: 'POST', body: {} }),
      ]);
      expect([201, 409]).toContain(confirm.status);
      expect([200, 409]).toContain(move.status);
      expect(sync.status).toBe(200);
      expect(sync.body.result).toMatchObject({ ok: true });
      count(
        `confirm ${confirm.status}, move ${move.status}, ${sync.body.result.overbooked.length ? 'overbooked' : sync.body.result.moved.length ? 'block moved a booking' : 'block on a free room'}`,
      );

      // The channel's sale is recorded whatever happened.
      const blocked = await db.pool.query<{ night: string }>(
        `SELECT to_char(night, 'YYYY-MM-DD') AS night FROM channel_block_nights WHERE room = $1 AND night >= $2 AND night < $3 AND NOT echo ORDER BY night`,
        [id('204'), checkIn, checkOut],
      );
      expect(blocked.rows.map((r) => r.night)).toEqual([checkIn, addDays(checkIn, 1)]);
      // A booking shares a room with a block only when no other Suit Room was free that night.
      const clashes = await db.pool.query<{ night: string; free: number }>(
        `SELECT to_char(p.night, 'YYYY-MM-DD') AS night,
                (SELECT count(*)::int FROM rooms r WHERE r.type_id = 'executive' AND r.retired_at IS NULL AND room_is_free(r.id, p.night)) AS free
           FROM room_placements p JOIN channel_block_nights k ON k.room = p.room AND k.night = p.night AND NOT k.echo
          WHERE p.night >= $1 AND p.night < $2`,
        [checkIn, checkOut],
      );
      for (const clash of clashes.rows) expect(clash).toEqual({ night: clash.night, free: 0 });
      const inventory = await checkInventory(db.pool);
      expect(inventory.problems).toEqual([]);
      expect(inventory.placementProblems).toEqual([]);
    }
    console.log(`races on ${kind}: ${[...tally].map(([outcome, n]) => `${n} × ${outcome}`).join('; ')}`);
  });
});
