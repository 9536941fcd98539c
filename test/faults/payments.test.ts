import type pg from 'pg';
import { systemBinDir } from '../../server/db/database';
import type { DatabaseKind } from '../../server/db/database';
import { startRazorpayStandIn } from '../../scripts/razorpayStandIn';
import type { RazorpayStandIn } from '../../scripts/razorpayStandIn';
import { checkInventory } from '../server/support/inventory';
import { razorpaySecrets } from '../server/support/payments';
import { confirmBody, daysFromNow } from '../server/support/stays';
import { freePort } from '../server/support/testDatabase';
import { startRestartableCluster } from './support/cluster';
import type { RestartableCluster } from './support/cluster';
import { send, sleep, tally } from './support/http';
import { killStrays, startServerProcess, tinyDist, waitFor } from './support/serverProcess';
import type { ServerProcess } from './support/serverProcess';

/**
 * Payments when things fail (issue 37), with the real server process (server/main.ts) talking to
 * a Razorpay stand-in in this process: the server SIGKILLed between Razorpay's answer and its own
 * write; Razorpay down or slow when a link is made; webhooks lost, ended by the server's own
 * reconciler; and 200 guests racing for the last rooms with payments, through two server processes.
 */
jest.setTimeout(300_000);

const kinds: DatabaseKind[] = [...(systemBinDir() ? (['postgresql'] as const) : []), 'embedded'];

describe.each(kinds)('payments under faults on %s', (kind) => {
  let cluster: RestartableCluster;
  let dist: Awaited<ReturnType<typeof tinyDist>>;
  let standIn: RazorpayStandIn;
  let db: pg.Client;
  const servers: ServerProcess[] = [];
  let stayOffset = 400;

  const env = () => ({
    RAZORPAY_KEY_ID: razorpaySecrets.keyId,
    RAZORPAY_KEY_SECRET: razorpaySecrets.keySecret,
    RAZORPAY_WEBHOOK_SECRET: razorpaySecrets.webhookSecret,
    RAZORPAY_API_URL: standIn.url,
    RAZORPAY_TIMEOUT_MS: '2000',
    PAYMENTS_RECONCILE_SECONDS: '1',
  });
  async function startServer(port?: number): Promise<ServerProcess> {
    const server = await startServerProcess({ port: port ?? (await freePort()), distDir: dist.dir, databaseUrl: cluster.url, env: env() });
    servers.push(server);
    return server;
  }
  function nextStay(nights = 2) {
    stayOffset += nights + 2;
    return { checkIn: daysFromNow(stayOffset), checkOut: daysFromNow(stayOffset + nights) };
  }
  const statusOf = async (bookingId: string) =>
    (await db.query<{ status: string }>('SELECT status FROM bookings WHERE booking_id = $1', [bookingId])).rows[0]?.status;
  const linksFor = (reference: string) => [...standIn.links.values()].filter((link) => link.reference_id === reference);

  beforeAll(async () => {
    cluster = await startRestartableCluster(kind);
    dist = await tinyDist();
    standIn = await startRazorpayStandIn({ ...razorpaySecrets, webhookRetryMs: [300, 600, 1200, 2400] });
    db = await cluster.connect();
  });
  afterAll(async () => {
    await Promise.all(servers.map((server) => server.stop().catch(() => undefined)));
    killStrays();
    await standIn?.close();
    await db?.end().catch(() => undefined);
    await cluster?.remove();
    await dist?.remove();
  });
  afterEach(() => {
    Object.assign(standIn.switches, { delayMs: 0, loseWebhooks: false, failCancels: false });
    standIn.onLinkCreated = null;
  });

  test('SIGKILL between Razorpay making the link and the server writing it: asked again, and by the reconciler, that one link is found; the guest pays it and is confirmed', async () => {
    const port = await freePort();
    let server = await startServer(port);
    standIn.webhookUrl = `${server.url}/api/payments/razorpay/webhook`;
    const retried = confirmBody(nextStay());
    const abandoned = confirmBody(nextStay());
    const linkRequest = (body: typeof retried) =>
      send(server.url, `/api/bookings/${body.bookingId}/payment`, {
        method: 'POST',
        headers: { 'x-guest-key': body.guestKey },
        timeoutMs: 10_000,
      });
    for (const body of [retried, abandoned]) {
      expect((await send(server.url, '/api/bookings', { method: 'POST', body })).status).toBe(201);
      // Razorpay has made the link; before its answer reaches the server, the server dies.
      standIn.onLinkCreated = () => {
        server.child.kill('SIGKILL');
      };
      expect((await linkRequest(body)).status).toBe(0);
      standIn.onLinkCreated = null;
      await server.exited;
      server = await startServer(port);
    }
    // The payment row was written before Razorpay was asked: the rooms are still held.
    expect(await statusOf(retried.bookingId)).toBe('awaiting_payment');
    // The payment page asks again: the same link, not a second one.
    const again = await linkRequest(retried);
    expect(again.status).toBe(200);
    expect(linksFor(retried.bookingId)).toHaveLength(1);
    expect(again.body!.payment.payUrl).toBe(linksFor(retried.bookingId)[0]!.short_url);
    // The guest who closed the tab: the reconciler finds the link by its reference and records it.
    const adopted = await waitFor(async () => {
      const { rows } = await db.query<{ link_id: string | null; state: string }>(
        'SELECT link_id, state FROM payments WHERE reference_id = $1',
        [abandoned.bookingId],
      );
      return rows[0]?.state === 'open' ? rows[0] : null;
    }, 60_000);
    expect(adopted.link_id).toBe(linksFor(abandoned.bookingId)[0]!.id);
    expect(linksFor(abandoned.bookingId)).toHaveLength(1);
    // Both pay; the webhooks confirm them.
    for (const body of [retried, abandoned]) await standIn.pay(linksFor(body.bookingId)[0]!.id);
    await standIn.webhooksDelivered();
    for (const body of [retried, abandoned]) await waitFor(async () => (await statusOf(body.bookingId)) === 'confirmed', 20_000);
    const confirmations = await db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM outbox WHERE kind = 'confirmed' AND booking_id = ANY($1)`,
      [[retried.bookingId, abandoned.bookingId]],
    );
    expect(confirmations.rows[0]!.n).toBe(2);
    expect((await checkInventory(db)).problems).toEqual([]);
  });

  test('Razorpay down, then slow, when the link is made: refused with a clear message within the bound, no hold left', async () => {
    const server = servers.at(-1) ?? (await startServer());
    for (const trouble of ['down', 'slow'] as const) {
      if (trouble === 'down') await standIn.down();
      else standIn.switches.delayMs = 5_000;
      const body = confirmBody(nextStay());
      expect((await send(server.url, '/api/bookings', { method: 'POST', body })).status).toBe(201);
      const answer = await send(server.url, `/api/bookings/${body.bookingId}/payment`, {
        method: 'POST',
        headers: { 'x-guest-key': body.guestKey },
        timeoutMs: 10_000,
      });
      expect(answer.status).toBe(503);
      expect(answer.body!.message).toContain('so your booking was not made and no rooms are held for you');
      expect(answer.ms).toBeLessThan(trouble === 'slow' ? 4_500 : 2_500);
      expect(await statusOf(body.bookingId)).toBe('expired');
      const held = await db.query<{ n: number }>(
        'SELECT coalesce(sum(booked), 0)::int AS n FROM room_nights WHERE room_id = $1 AND night >= $2 AND night < $3',
        [body.roomId, body.checkIn, body.checkOut],
      );
      expect(held.rows[0]!.n).toBe(0);
      if (trouble === 'down') await standIn.up();
    }
    standIn.switches.delayMs = 0;
  });

  test('webhooks lost: the server’s own reconciler asks Razorpay and confirms the booking within seconds', async () => {
    const server = servers.at(-1) ?? (await startServer());
    standIn.webhookUrl = `${server.url}/api/payments/razorpay/webhook`;
    standIn.switches.loseWebhooks = true;
    const body = confirmBody(nextStay());
    expect((await send(server.url, '/api/bookings', { method: 'POST', body })).status).toBe(201);
    expect(
      (await send(server.url, `/api/bookings/${body.bookingId}/payment`, { method: 'POST', headers: { 'x-guest-key': body.guestKey } }))
        .status,
    ).toBe(200);
    await standIn.pay(linksFor(body.bookingId)[0]!.id);
    const started = Date.now();
    await waitFor(async () => (await statusOf(body.bookingId)) === 'confirmed', 30_000);
    console.log(
      `lost webhook on ${kind}: confirmed by the reconciler ${Date.now() - started} ms after the payment (PAYMENTS_RECONCILE_SECONDS=1)`,
    );
  });

  test('200 guests racing for the last rooms with payments, on two server processes: never more rooms than exist, no paid booking without its room, every late payment refunded', async () => {
    while (servers.length < 2) await startServer();
    const [a, b] = servers.slice(-2) as [ServerProcess, ServerProcess];
    standIn.webhookUrl = `${a.url}/api/payments/razorpay/webhook`;
    const stay = nextStay(3);
    const capacity = 4; // Suit Rooms
    const race = async (count: number, label: string) => {
      const bodies = Array.from({ length: count }, (_, i) =>
        confirmBody({ ...stay, email: `${label}${i}@example.com`, rooms: 1 + (i % 2) }),
      );
      const answers = await Promise.all(
        bodies.map(async (body, i) => {
          const server = i % 2 ? b : a;
          const headers = { 'x-forwarded-for': `203.0.${i >> 8}.${i & 255}` };
          const answer = await send(server.url, '/api/bookings', { method: 'POST', body, timeoutMs: 60_000, headers });
          // Each holder's payment page asks for its link at once.
          if (answer.status === 201) {
            const link = await send(server.url, `/api/bookings/${body.bookingId}/payment`, {
              method: 'POST',
              headers: { ...headers, 'x-guest-key': body.guestKey },
            });
            expect(link.status).toBe(200);
          }
          return answer;
        }),
      );
      return { bodies, answers };
    };
    // 1. 200 guests at once: holds for the rooms there are, 409 for the rest.
    const first = await race(200, 'first');
    console.log(`race with payments on ${kind}, first wave: ${tally(first.answers.map((x) => x.status || x.error!))}`);
    expect(first.answers.every((x) => x.status === 201 || x.status === 409)).toBe(true);
    const holders = first.bodies.filter((_, i) => first.answers[i]!.status === 201);
    expect(holders.reduce((sum, body) => sum + body.rooms, 0)).toBeLessThanOrEqual(capacity);
    expect(holders.length).toBeGreaterThan(0);
    // 2. The first holder pays in time; the others go quiet. Razorpay cannot cancel links for a while,
    // so theirs stay payable after their holds end.
    const [payer, ...quiet] = holders;
    await standIn.pay(linksFor(payer!.bookingId)[0]!.id);
    await standIn.webhooksDelivered();
    await waitFor(async () => (await statusOf(payer!.bookingId)) === 'confirmed', 20_000);
    standIn.switches.failCancels = true;
    if (quiet.length > 0) {
      await db.query(`UPDATE bookings SET hold_expires_at = now() - interval '1 second' WHERE booking_id = ANY($1)`, [
        quiet.map((q) => q.bookingId),
      ]);
      for (const q of quiet) await waitFor(async () => (await statusOf(q.bookingId)) === 'expired', 30_000);
    }
    // 3. The rooms came back: another 200 race for them, and every new holder pays.
    const second = await race(200, 'second');
    console.log(`race with payments on ${kind}, second wave: ${tally(second.answers.map((x) => x.status || x.error!))}`);
    const newHolders = second.bodies.filter((_, i) => second.answers[i]!.status === 201);
    for (const holder of newHolders) await standIn.pay(linksFor(holder.bookingId)[0]!.id);
    // 4. The quiet ones pay now, late: their rooms are gone (or some are, if the second wave left any).
    for (const q of quiet) await standIn.pay(linksFor(q.bookingId)[0]!.id);
    await standIn.webhooksDelivered();
    const everyone = [payer!, ...quiet, ...newHolders];
    await waitFor(async () => {
      const { rows } = await db.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM payments p
          WHERE p.booking_id = ANY($1) AND p.state = 'paid'
            AND NOT EXISTS (SELECT 1 FROM bookings b WHERE b.booking_id = p.booking_id AND b.status = 'confirmed')
            AND coalesce((SELECT sum(r.amount_paise) FROM refunds r WHERE r.payment_id = p.id AND r.state = 'processed'), 0) < p.amount_paise`,
        [everyone.map((e) => e.bookingId)],
      );
      return rows[0]!.n === 0;
    }, 60_000);
    const paid = await db.query<{ booking_id: string; status: string; amount: string; refunded: string }>(
      `SELECT p.booking_id, b.status, p.amount_paise::text AS amount,
              coalesce((SELECT sum(r.amount_paise) FROM refunds r WHERE r.payment_id = p.id AND r.state = 'processed'), 0)::text AS refunded
         FROM payments p JOIN bookings b ON b.booking_id = p.booking_id
        WHERE p.booking_id = ANY($1) AND p.state = 'paid'`,
      [everyone.map((e) => e.bookingId)],
    );
    const kept = paid.rows.filter((row) => row.status === 'confirmed');
    const refunded = paid.rows.filter((row) => row.status !== 'confirmed');
    console.log(
      `race with payments on ${kind}: ${paid.rows.length} paid; ${kept.length} confirmed with their rooms (${newHolders.length} of the second wave), ${refunded.length} paid late and refunded in full`,
    );
    expect(paid.rows).toHaveLength(everyone.length);
    for (const row of kept) expect(row.refunded).toBe('0');
    for (const row of refunded) expect(row.refunded).toBe(row.amount);
    const roomsConfirmed = kept.reduce((sum, row) => sum + everyone.find((e) => e.bookingId === row.booking_id)!.rooms, 0);
    expect(roomsConfirmed).toBeLessThanOrEqual(capacity);
    const nights = await db.query<{ booked: number }>(
      `SELECT booked FROM room_nights WHERE room_id = 'executive' AND night >= $1 AND night < $2`,
      [stay.checkIn, stay.checkOut],
    );
    for (const night of nights.rows) expect(night.booked).toBeLessThanOrEqual(capacity);
    expect((await checkInventory(db)).problems).toEqual([]);
    await sleep(0);
  });
});
