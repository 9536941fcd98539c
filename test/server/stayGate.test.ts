import { randomUUID } from 'node:crypto';
import { addDays } from '../../src/domain/dates';
import { saveMailSettings } from '../../server/mail/outbox';
import { createPayments } from '../../server/payments/payments';
import type { PaymentsService } from '../../server/payments/payments';
import { saveGatewayReady } from '../../server/payments/paymentQueries';
import { createStayGate } from '../../server/stayGate';
import { startRazorpayStandIn } from '../../scripts/razorpayStandIn';
import type { RazorpayStandIn } from '../../scripts/razorpayStandIn';
import type { Database } from '../../server/db/database';
import { paymentsConfig, razorpaySecrets } from './support/payments';
import { confirmBody } from './support/stays';
import { databaseKinds, startTestDatabase } from './support/testDatabase';
import type { TestDatabase } from './support/testDatabase';
import { api, createAdmin, signIn, startTestServer } from './support/testServer';
import type { TestServer } from './support/testServer';

/**
 * One gate for a stay (server/stayGate.ts): every rule's bad case, sent to every path that takes
 * nights, over real HTTP against a real database, is refused alike: the same status and the same
 * words. The hotel's clock is set: 12:00 on 10 March 2027 in India.
 *
 * Where a rule does not apply to a path, the table says why: the availability lists every room type
 * at once (no rooms asked; each type's closed nights and minimum stay are in its answer, and its
 * rows below check that); a stay already stored cannot hold more than 3 rooms or no nights (the
 * database's own constraints); a backup's record may lie in the past (it records a stay made). A
 * channel's calendar takes no stay request: its blocks are accepted, never refused (README,
 * "Channels"), so it has no row.
 */
const today = '2027-03-10';
const day = (n: number) => addDays(today, n);
/** The night the owner closes for Classic Rooms, and the arrival day with a 3-night minimum. */
const closedNight = day(20);
const minStayArrival = day(30);

interface Rule {
  rule: string;
  stay: { checkIn: string; checkOut: string; rooms: number };
  status: 400 | 409;
  message: string;
}

const rules: Rule[] = [
  {
    rule: 'a check-in in the past',
    stay: { checkIn: day(-1), checkOut: day(1), rooms: 1 },
    status: 400,
    message: 'checkIn: must not be in the past',
  },
  {
    rule: 'a check-out beyond the horizon',
    stay: { checkIn: day(400), checkOut: day(402), rooms: 1 },
    status: 409,
    message: 'Bookings open 365 days ahead: please choose a check-out on or before 9 March 2028.',
  },
  { rule: 'no nights', stay: { checkIn: day(10), checkOut: day(10), rooms: 1 }, status: 400, message: 'checkOut: must be after checkIn' },
  {
    rule: 'too many nights',
    stay: { checkIn: day(10), checkOut: day(101), rooms: 1 },
    status: 400,
    message: 'checkOut: a stay can be at most 90 nights',
  },
  { rule: 'too many rooms', stay: { checkIn: day(10), checkOut: day(12), rooms: 4 }, status: 400, message: 'rooms: must be 1 to 3' },
  {
    rule: 'too many room-nights',
    stay: { checkIn: day(10), checkOut: day(25), rooms: 3 },
    status: 409,
    message:
      'One booking can hold at most 42 room-nights (rooms × nights); this one holds 45. Please book fewer rooms or nights, or call the hotel.',
  },
  {
    rule: 'a closed night',
    stay: { checkIn: day(19), checkOut: day(21), rooms: 1 },
    status: 409,
    message: 'Classic Rooms cannot be booked for the night of 30 March 2027: the hotel is closed. Please choose other dates.',
  },
  {
    rule: 'below the minimum stay',
    stay: { checkIn: minStayArrival, checkOut: day(32), rooms: 1 },
    status: 409,
    message: 'Stays arriving on 9 April 2027 must be at least 3 nights. Please choose a later check-out.',
  },
];

/** What a path answered: an HTTP status (none for a record of a backup or a webhook's payment) and the words. */
type Answer = { status?: number; message: string };

/** Rules a stored booking cannot break: the database refuses to store them. */
const unstorable = new Set(['no nights', 'too many rooms']);

describe.each(databaseKinds)('one gate for a stay, on %s', (kind) => {
  let database: TestDatabase;
  let db: Database;
  let server: TestServer;
  let standIn: RazorpayStandIn;
  let payments: PaymentsService;
  let owner: Awaited<ReturnType<typeof signIn>>;
  const clock = new Date('2027-03-10T06:30:00Z');
  const limits = { horizonDays: 365, maxRoomNights: 42 };
  /** Per rule, the expired booking (with its link) that Pay again asks for, and the one whose payment comes late. */
  const payAgainOf = new Map<string, { bookingId: string; guestKey: string }>();
  const lateOf = new Map<string, string>();
  let manageToken = '';
  /** Bookings made before the closure and the minimum stay: deleted (restore) and cancelled (undo). */
  const restoreOf = new Map<string, string>();
  const undoOf = new Map<string, string>();

  const owned = (path: string, init: { method?: string; body?: unknown } = {}) =>
    api(server.url, path, { ...init, headers: owner.headers });
  const answerOf = (reply: { status: number; body: Record<string, unknown> }): Answer => ({
    status: reply.status,
    message: String(reply.body.message),
  });
  const deskBooking = (stay: Rule['stay'], email = 'desk.guest@example.com') =>
    owned('/api/admin/desk/bookings', {
      method: 'POST',
      body: { draftId: randomUUID(), channel: 'walk-in', roomId: 'deluxe', packageIndex: 0, email, ...stay },
    });
  /** A stored booking's stay rewritten, as time and the owner's changes would leave it (it holds no nights: its hold ended). */
  const storeStay = (bookingId: string, stay: Rule['stay']) =>
    db.pool.query('UPDATE bookings SET check_in = $2, check_out = $3, rooms = $4 WHERE booking_id = $1', [
      bookingId,
      stay.checkIn,
      stay.checkOut,
      stay.rooms,
    ]);

  beforeAll(async () => {
    database = await startTestDatabase(kind);
    db = await database.open();
    await saveMailSettings(db.pool, { hotelEmail: null, deliver: false });
    standIn = await startRazorpayStandIn({ ...razorpaySecrets, webhookRetryMs: [200, 400, 800] });
    await saveGatewayReady(db.pool, true);
    // The app and the payments share one gate, on the test's clock.
    const gate = createStayGate({ now: () => clock, limits });
    let url = '';
    payments = createPayments({ pool: db.pool, config: paymentsConfig(standIn.url), publicUrl: () => url, gate });
    server = await startTestServer(db, { now: () => clock, limits, payments, gate });
    url = server.url;
    standIn.webhookUrl = `${server.url}/api/payments/razorpay/webhook`;
    await createAdmin(db);
    owner = await signIn(server.url);

    // A booking to change through its manage link, and the ones the owner's later rules catch.
    const managed = await deskBooking({ checkIn: day(50), checkOut: day(52), rooms: 1 });
    expect(managed.status).toBe(201);
    const mail = await owned('/api/admin/outbox?limit=50');
    const confirmation = (mail.body.items as Array<{ bookingId: string; kind: string; text: string }>).find(
      (item) => item.bookingId === managed.body.booking.bookingId && item.kind === 'confirmed',
    );
    manageToken = /\/manage#([A-Za-z0-9_.-]+)/.exec(confirmation!.text)![1]!;
    for (const rule of rules.filter((r) => r.rule === 'a closed night' || r.rule === 'below the minimum stay')) {
      const deleted = await deskBooking(rule.stay);
      expect(deleted.status).toBe(201);
      restoreOf.set(rule.rule, deleted.body.booking.bookingId);
      expect((await owned(`/api/admin/bookings/${deleted.body.booking.bookingId}`, { method: 'DELETE' })).status).toBe(200);
      const cancelled = await deskBooking(rule.stay);
      expect(cancelled.status).toBe(201);
      undoOf.set(rule.rule, cancelled.body.booking.bookingId);
      const cancel = await owned(`/api/admin/bookings/${cancelled.body.booking.bookingId}/status`, {
        method: 'POST',
        body: { to: 'cancelled' },
      });
      expect(cancel.status).toBe(200);
    }

    // Guests' bookings held for their payment (the owner's default policy with Razorpay: the first
    // night), each with its link; one per rule for Pay again, one per rule paid after its hold ended.
    const storable = rules.filter((r) => !unstorable.has(r.rule));
    let offset = 100;
    const held = async () => {
      offset += 4;
      const body = confirmBody({ roomId: 'deluxe', checkIn: day(offset), checkOut: day(offset + 2) });
      const made = await api(server.url, '/api/bookings', { method: 'POST', body });
      expect(made.body.booking?.status).toBe('awaiting_payment');
      const bookingId = made.body.booking.bookingId as string;
      const link = await api(server.url, `/api/bookings/${bookingId}/payment`, {
        method: 'POST',
        headers: { 'x-guest-key': body.guestKey },
      });
      expect(link.status).toBe(200);
      return { bookingId, guestKey: body.guestKey };
    };
    for (const rule of storable) payAgainOf.set(rule.rule, await held());
    for (const rule of storable) lateOf.set(rule.rule, (await held()).bookingId);
    // The late ones are paid just before their holds end; Razorpay's webhooks come after.
    standIn.switches.holdWebhooks = true;
    for (const bookingId of lateOf.values()) {
      const link = [...standIn.links.values()].find((l) => l.reference_id === bookingId)!;
      await standIn.pay(link.id);
    }
    await standIn.down();
    const everyHeld = [...[...payAgainOf.values()].map((b) => b.bookingId), ...lateOf.values()];
    await db.pool.query(`UPDATE bookings SET hold_expires_at = now() - interval '1 second' WHERE booking_id = ANY($1)`, [everyHeld]);
    await payments.reconcile();
    const statuses = await db.pool.query<{ status: string }>('SELECT DISTINCT status FROM bookings WHERE booking_id = ANY($1)', [
      everyHeld,
    ]);
    expect(statuses.rows).toEqual([{ status: 'expired' }]);

    // The owner closes a night and sets a minimum stay.
    expect(
      (await owned('/api/admin/closures', { method: 'POST', body: { roomId: 'deluxe', firstNight: closedNight, lastNight: closedNight } }))
        .status,
    ).toBe(201);
    expect(
      (
        await owned('/api/admin/min-stays', {
          method: 'POST',
          body: { roomId: 'deluxe', firstNight: minStayArrival, lastNight: minStayArrival, nights: 3 },
        })
      ).status,
    ).toBe(201);

    // Each stored stay now breaks its rule (its dates passed, or the owner's rules changed); then
    // the late payments arrive.
    for (const rule of storable) {
      await storeStay(payAgainOf.get(rule.rule)!.bookingId, rule.stay);
      await storeStay(lateOf.get(rule.rule)!, rule.stay);
    }
    await standIn.up();
    await standIn.releaseWebhooks();
    // Each webhook is handled as it comes, or (when that takes long) by the reconciler's next pass.
    for (let pass = 0; ; pass++) {
      await payments.settled();
      const { rows } = await db.pool.query<{ n: number }>('SELECT count(*)::int AS n FROM refunds WHERE booking_id = ANY($1)', [
        [...lateOf.values()],
      ]);
      if (rows[0]!.n >= lateOf.size || pass >= 50) break;
      await payments.reconcile();
    }
  }, 240_000);

  afterAll(async () => {
    await standIn?.close();
    await payments?.settled();
    await server?.close();
    await database?.remove();
  });

  const stayQuery = (rule: Rule) => `roomId=deluxe&rooms=${rule.stay.rooms}&checkIn=${rule.stay.checkIn}&checkOut=${rule.stay.checkOut}`;
  const importRecord = (rule: Rule) => ({
    bookingId: `BK${700_000 + rules.indexOf(rule)}`,
    roomName: 'Classic Room',
    email: 'old.guest@example.com',
    totalPrice: 6000,
    ...rule.stay,
  });
  const ownersRules = new Set(['a closed night', 'below the minimum stay']);
  /** Each path, and the rules it does not take (each with why, the table's exceptions). */
  const paths: Record<string, { ask: (rule: Rule) => Promise<Answer>; exempt?: (rule: Rule) => boolean }> = {
    'web confirm': {
      ask: async (rule) =>
        answerOf(await api(server.url, '/api/bookings', { method: 'POST', body: confirmBody({ roomId: 'deluxe', ...rule.stay }) })),
    },
    availability: {
      ask: async (rule) => answerOf(await api(server.url, `/api/availability?checkIn=${rule.stay.checkIn}&checkOut=${rule.stay.checkOut}`)),
      // Every room type at once, no rooms asked: each type's closed nights and minimum stay are in
      // its answer (a test below), and the rooms are the booking's.
      exempt: (rule) => ownersRules.has(rule.rule) || rule.rule === 'too many rooms' || rule.rule === 'too many room-nights',
    },
    'stay quote': { ask: async (rule) => answerOf(await api(server.url, `/api/stay-quote?packageIndex=0&${stayQuery(rule)}`)) },
    'payment policy quote': { ask: async (rule) => answerOf(await api(server.url, `/api/payment-policy?${stayQuery(rule)}`)) },
    'desk phone or walk-in booking': { ask: async (rule) => answerOf(await deskBooking(rule.stay)) },
    'manage change': {
      ask: async (rule) =>
        answerOf(await api(server.url, '/api/manage', { method: 'PUT', body: rule.stay, headers: { 'x-manage-token': manageToken } })),
    },
    'manage quote': {
      ask: async (rule) =>
        answerOf(
          await api(server.url, '/api/manage/quote', { method: 'POST', body: rule.stay, headers: { 'x-manage-token': manageToken } }),
        ),
    },
    'pay again': {
      ask: async (rule) => {
        const booking = payAgainOf.get(rule.rule)!;
        const headers = { 'x-guest-key': booking.guestKey };
        const reply = await api(server.url, `/api/bookings/${booking.bookingId}/payment`, { method: 'POST', headers });
        // Refused: nothing held, no new link, and the booking's page says it cannot be paid for.
        const { rows } = await db.pool.query<{ status: string }>('SELECT status FROM bookings WHERE booking_id = $1', [booking.bookingId]);
        expect(rows[0]!.status).toBe('expired');
        expect([...standIn.links.values()].filter((link) => link.reference_id.startsWith(booking.bookingId))).toHaveLength(1);
        const summary = await api(server.url, `/api/bookings/${booking.bookingId}/payment`, { headers });
        expect(summary.body.payment).toMatchObject({ status: 'expired', canPayAgain: false });
        return answerOf(reply);
      },
      exempt: (rule) => unstorable.has(rule.rule),
    },
    'payment after the hold ended': {
      ask: async (rule) => {
        const bookingId = lateOf.get(rule.rule)!;
        const { rows } = await db.pool.query<{ status: string; reasons: string[]; outcomes: string[] }>(
          `SELECT b.status,
                  (SELECT array_agg(r.reason) FROM refunds r WHERE r.booking_id = b.booking_id) AS reasons,
                  (SELECT array_agg(e.outcome) FROM payment_events e
                    WHERE e.payload #>> '{payload,payment_link,entity,reference_id}' = b.booking_id
                       OR e.payload #>> '{payload,payment,entity,notes,reference_id}' = b.booking_id) AS outcomes
             FROM bookings b WHERE b.booking_id = $1`,
          [bookingId],
        );
        // Not confirmed, and the whole payment refunded; the Payments screen's outcome says why.
        expect(rows[0]).toMatchObject({ status: 'expired', reasons: ['late_payment'] });
        const refused = rows[0]!.outcomes.map((o) => /^paid after the hold, refused \((.*)\): refunded$/.exec(o)?.[1]).find(Boolean);
        return { message: refused ?? `no refusal among ${JSON.stringify(rows[0]!.outcomes)}` };
      },
      exempt: (rule) => unstorable.has(rule.rule),
    },
    'backup import': {
      ask: async (rule) => {
        const reply = await owned('/api/admin/import', { method: 'POST', body: [importRecord(rule)] });
        expect(reply.status).toBe(200);
        expect(reply.body.imported).toBe(0);
        return { message: String(reply.body.conflicts[0]?.reason) };
      },
      // A backup records stays made: a past one is imported as it was (a test below).
      exempt: (rule) => rule.rule === 'a check-in in the past',
    },
    // A stored booking taking its nights again: only the owner's rules can have changed.
    'restore of a deleted booking': {
      ask: async (rule) => answerOf(await owned(`/api/admin/bookings/${restoreOf.get(rule.rule)}/restore`, { method: 'POST' })),
      exempt: (rule) => !ownersRules.has(rule.rule),
    },
    'undo of a cancel': {
      ask: async (rule) => answerOf(await owned(`/api/admin/bookings/${undoOf.get(rule.rule)}/undo`, { method: 'POST' })),
      exempt: (rule) => !ownersRules.has(rule.rule),
    },
  };

  const cases = Object.entries(paths).flatMap(([path, { exempt }]) =>
    rules.filter((rule) => !exempt?.(rule)).map((rule) => [path, rule.rule, rule] as const),
  );
  test.each(cases)('%s: %s is refused as everywhere else', async (path, _name, rule) => {
    const answer = await paths[path]!.ask(rule);
    expect(answer.message).toBe(rule.message);
    if (answer.status !== undefined) expect(answer.status).toBe(rule.status);
  });

  test("the availability lists every room type: a type's closed night and minimum stay are in its answer", async () => {
    for (const rule of rules.filter((r) => ownersRules.has(r.rule))) {
      const reply = await api(server.url, `/api/availability?checkIn=${rule.stay.checkIn}&checkOut=${rule.stay.checkOut}`);
      expect(reply.status).toBe(200);
      const rooms = reply.body.rooms as Array<{ roomId: string; minNights: number | null; nights: { night: string; closed: boolean }[] }>;
      const classic = rooms.find((room) => room.roomId === 'deluxe')!;
      if (rule.rule === 'a closed night') expect(classic.nights.find((n) => n.night === closedNight)?.closed).toBe(true);
      else expect(classic.minNights).toBe(3);
    }
  });

  test('a backup’s record of a stay in the past is imported as it was', async () => {
    const past = rules.find((rule) => rule.rule === 'a check-in in the past')!;
    const reply = await owned('/api/admin/import', { method: 'POST', body: [importRecord(past)] });
    expect(reply.body).toEqual({ imported: 1, conflicts: [] });
  });

  test('nothing a refusal touched holds a night: the only nights taken are the bookings stored', async () => {
    const { rows } = await db.pool.query<{ held: number; taken: number }>(
      `SELECT (SELECT coalesce(sum(rooms * (check_out - check_in)), 0)::int FROM bookings
                WHERE deleted_at IS NULL AND status IN ('confirmed', 'awaiting_payment', 'checked_in')) AS held,
              (SELECT coalesce(sum(booked), 0)::int FROM room_nights) AS taken`,
    );
    expect(rows[0]!.taken).toBe(rows[0]!.held);
  });
});
