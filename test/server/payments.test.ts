import fc from 'fast-check';
import { setAdminPassword } from '../../server/auth/adminQueries';
import type { Database } from '../../server/db/database';
import { manageSecret, manageToken } from '../../server/mail/manageLink';
import { saveMailSettings } from '../../server/mail/outbox';
import { bookedNights, checkInventory } from './support/inventory';
import { postWebhook, signedWebhook, startPaymentsStand } from './support/payments';
import type { PaymentsStand } from './support/payments';
import { confirmBody, daysFromNow } from './support/stays';
import { databaseKinds, startTestDatabase } from './support/testDatabase';
import type { TestDatabase } from './support/testDatabase';
import { api, createAdmin, signIn, startTestServer } from './support/testServer';
import { roomsAtFirstStart } from '../../src/domain/rooms';

/**
 * Payments (issue 37) over real HTTP against real PostgreSQL, with a Razorpay stand-in on loopback
 * (scripts/razorpayStandIn.ts) that the hotel's own client talks to and that sends signed webhooks.
 */
describe.each(databaseKinds)('payments through Razorpay on %s', (kind) => {
  let database: TestDatabase;
  let db: Database;
  let stand: PaymentsStand;
  let base: string;
  let owner: Awaited<ReturnType<typeof signIn>>;
  let desk: Awaited<ReturnType<typeof signIn>>;
  let stayOffset = 40;

  /** A stay of its own for each test: nights no other test books. */
  function nextStay(nights = 2) {
    stayOffset += nights + 3;
    return { checkIn: daysFromNow(stayOffset), checkOut: daysFromNow(stayOffset + nights) };
  }
  const guestHeaders = (guestKey: string) => ({ 'x-guest-key': guestKey });
  /**
   * A guest's confirm, then (as the booking's payment page does for a booking held for its
   * payment) the request for the link to pay: `payment` is its answer's summary.
   */
  async function book(overrides: Record<string, unknown> = {}, { link = true } = {}) {
    const body = confirmBody({ ...nextStay(), ...overrides });
    const reply = await api(base, '/api/bookings', { method: 'POST', body });
    let payment: Record<string, any> | undefined; // eslint-disable-line @typescript-eslint/no-explicit-any -- as api() answers
    if (link && reply.body?.booking?.status === 'awaiting_payment')
      payment = (
        await api(base, `/api/bookings/${reply.body.booking.bookingId}/payment`, { method: 'POST', headers: guestHeaders(body.guestKey) })
      ).body.payment;
    return { body, reply, payment };
  }
  async function setPolicy(policy: Record<string, unknown>) {
    const reply = await api(base, '/api/admin/payment-settings', {
      method: 'PUT',
      body: { policy: 'first_night', percent: 30, holdMinutes: 20, lateRefundPercent: 0, ...policy },
      headers: owner.headers,
    });
    expect(reply.status).toBe(200);
  }
  const outbox = async (bookingId: string) =>
    (
      await db.pool.query<{ kind: string; booking: Record<string, unknown> }>(
        'SELECT kind, booking FROM outbox WHERE booking_id = $1 ORDER BY id',
        [bookingId],
      )
    ).rows;
  const bookingRow = async (bookingId: string) =>
    (await db.pool.query<{ status: string }>('SELECT status FROM bookings WHERE booking_id = $1', [bookingId])).rows[0];
  const linkOf = (reference: string) => [...stand.standIn.links.values()].find((link) => link.reference_id === reference)!;
  const paymentOf = async (bookingId: string, guestKey: string) =>
    api(base, `/api/bookings/${bookingId}/payment`, { headers: guestHeaders(guestKey) });
  /** The hold ends now (as if its minutes had passed): the reconciler's next pass ends it. */
  const endHold = (bookingId: string) =>
    db.pool.query(`UPDATE bookings SET hold_expires_at = now() - interval '1 second' WHERE booking_id = $1`, [bookingId]);
  const capacity = roomsAtFirstStart.executive;
  const tokenOf = async (bookingId: string) => manageToken(await manageSecret(db.pool), bookingId, 1);

  beforeAll(async () => {
    database = await startTestDatabase(kind);
    db = await database.open();
    await saveMailSettings(db.pool, { hotelEmail: 'frontdesk@hotel.example', deliver: false });
    stand = await startPaymentsStand(db);
    base = stand.server.url;
    await createAdmin(db);
    owner = await signIn(base);
    await setAdminPassword(db.pool, 'Priya', 'front desk password 1', 'desk');
    desk = await signIn(base, 'Priya', 'front desk password 1');
  });
  afterEach(async () => {
    // Each test leaves the stand-in as it found it.
    await stand.standIn.up().catch(() => undefined);
    Object.assign(stand.standIn.switches, {
      delayMs: 0,
      loseWebhooks: false,
      webhookCopies: 1,
      holdWebhooks: false,
      refundAfterMs: 0,
      failRefunds: false,
      failNextCalls: 0,
      failCancels: false,
    });
    await stand.standIn.releaseWebhooks();
    await stand.payments.settled();
    await setPolicy({});
  });
  afterAll(async () => {
    await stand?.close();
    await database?.remove();
  });

  test('with keys and no choice made, a booking holds its rooms for the first night with GST; paid on the hosted page, the guest comes back confirmed, once', async () => {
    const policy = await api(base, '/api/payment-policy');
    expect(policy.body).toMatchObject({ kind: 'first_night', holdMinutes: 20 });
    expect(policy.body.sentence).toContain("the first night's price (with GST)");
    const stay = nextStay();
    const quote = await api(base, `/api/payment-policy?roomId=executive&rooms=2&checkIn=${stay.checkIn}&checkOut=${stay.checkOut}`);
    // ₹4,000 a night, 5% GST (2.5% + 2.5%), two rooms: the first night is ₹8,400.00 of ₹16,800.00.
    expect(quote.body.due).toEqual({ totalPaise: 1_680_000, dueNowPaise: 840_000, laterPaise: 840_000 });

    const before = await bookedNights(db.pool, 'executive', stay.checkIn, stay.checkOut);
    const calls = stand.standIn.calls.length;
    const { body, reply } = await book({ ...stay, rooms: 2 }, { link: false });
    expect(reply.status).toBe(201);
    const bookingId = reply.body.booking.bookingId as string;
    expect(reply.body.booking).toMatchObject({ status: 'awaiting_payment', holdExpiresAt: expect.any(String) });
    // The confirm holds the rooms and answers without waiting for Razorpay: the payment page asks for the link.
    expect(stand.standIn.calls.length).toBe(calls);
    const linked = await api(base, `/api/bookings/${bookingId}/payment`, { method: 'POST', headers: guestHeaders(body.guestKey) });
    expect(linked.status).toBe(200);
    expect(linked.body.payment).toMatchObject({ status: 'awaiting_payment', dueNowPaise: 840_000, totalPaise: 1_680_000, paidPaise: 0 });
    expect(linked.body.payment.payUrl).toMatch(/\/pay\/plink_/);
    // Asked again (a reload): the same link, not a second one.
    const again = await api(base, `/api/bookings/${bookingId}/payment`, { method: 'POST', headers: guestHeaders(body.guestKey) });
    expect(again.body.payment.payUrl).toBe(linked.body.payment.payUrl);
    // The rooms are held; no confirmation and no invoice before the money.
    expect(await bookedNights(db.pool, 'executive', stay.checkIn, stay.checkOut)).toEqual(before.map((n) => n + 2));
    expect(await outbox(bookingId)).toEqual([]);
    const link = linkOf(bookingId);
    expect(link).toMatchObject({ amount: 840_000, currency: 'INR', status: 'created', callback_method: 'get' });
    expect(link.callback_url).toBe(`${base}/api/payments/razorpay/return`);

    // The guest pays on Razorpay's page and is sent back with the signed fields.
    const paid = await stand.standIn.pay(link.id);
    const back = await fetch(paid.callbackUrl!, { redirect: 'manual' });
    expect(back.status).toBe(303);
    expect(back.headers.get('location')).toBe(`/booking-payment/${bookingId}?result=paid`);
    await stand.standIn.webhooksDelivered();
    const status = await api(base, `/api/bookings/${bookingId}/payment`, { headers: guestHeaders(body.guestKey) });
    expect(status.status).toBe(200);
    expect(status.body.booking.status).toBe('confirmed');
    expect(status.body.payment).toMatchObject({ paidPaise: 840_000, duePaise: 840_000, payUrl: null });
    expect(status.body.payment.vouchers).toEqual([
      expect.objectContaining({ kind: 'receipt', amountPaise: 840_000, taxablePaise: 800_000, cgstPaise: 20_000, sgstPaise: 20_000 }),
    ]);
    expect(status.body.payment.vouchers[0].voucherNumber).toMatch(/^RCV-\d{4}-\d{6}$/);
    // One payment, one confirmation with its receipt voucher, one hotel copy, however many ways it was learnt of.
    const mails = await outbox(bookingId);
    expect(mails.map((m) => m.kind)).toEqual(['confirmed', 'hotel-new']);
    expect(mails[0]!.booking.receipt).toMatchObject({
      amountPaise: 840_000,
      voucherNumber: status.body.payment.vouchers[0].voucherNumber,
      duePaise: 840_000,
    });
    const invoice = await api(base, `/api/bookings/${bookingId}/invoice`, { headers: guestHeaders(body.guestKey) });
    expect(invoice.body).toMatchObject({ totalPaise: 1_680_000, advancePaise: 840_000, duePaise: 840_000 });
    const events = await db.pool.query('SELECT event, outcome FROM payment_events ORDER BY id');
    expect(events.rows.filter((e) => e.outcome === 'booking confirmed')).toHaveLength(1);
    expect((await checkInventory(db.pool)).problems).toEqual([]);
  });

  test('a webhook with a bad signature is refused with 400 and changes nothing', async () => {
    const { reply } = await book();
    const bookingId = reply.body.booking.bookingId as string;
    const link = linkOf(bookingId);
    const forged = {
      event: 'payment_link.paid',
      payload: {
        payment_link: { entity: { id: link.id, reference_id: bookingId, status: 'paid' } },
        payment: { entity: { id: 'pay_Forged00000001', amount: link.amount, status: 'captured', method: 'upi' } },
      },
    };
    const events = Number((await db.pool.query('SELECT count(*) FROM payment_events')).rows[0].count);
    for (const webhook of [
      signedWebhook(forged, 'not-the-secret'),
      { ...signedWebhook(forged), headers: { ...signedWebhook(forged).headers, 'x-razorpay-signature': '00' } },
    ]) {
      const answer = await postWebhook(base, webhook);
      expect(answer.status).toBe(400);
      expect(answer.body.message).toBe('The webhook signature does not match.');
    }
    // The body changed after signing: refused too.
    const signed = signedWebhook(forged);
    expect((await postWebhook(base, { ...signed, text: signed.text.replace('captured', 'captured ') })).status).toBe(400);
    expect(Number((await db.pool.query('SELECT count(*) FROM payment_events')).rows[0].count)).toBe(events);
    expect((await bookingRow(bookingId))!.status).toBe('awaiting_payment');
  });

  test('the same webhook 10 times, out of order and before the guest returns: one payment, one confirmation, one email', async () => {
    const { body, reply } = await book();
    const bookingId = reply.body.booking.bookingId as string;
    stand.standIn.switches.holdWebhooks = true;
    stand.standIn.switches.webhookCopies = 10;
    const paid = await stand.standIn.pay(linkOf(bookingId).id);
    stand.standIn.switches.webhookCopies = 1;
    // 20 deliveries (payment.captured and payment_link.paid, 10 each), shuffled, all before the return.
    await stand.standIn.releaseWebhooks((held) => [...held].sort(() => Math.random() - 0.5));
    expect(stand.standIn.webhooks.slice(-2).every((w) => w.answers.length === 10 && w.answers.every((a) => a === 200))).toBe(true);
    await fetch(paid.callbackUrl!, { redirect: 'manual' });
    const status = await api(base, `/api/bookings/${bookingId}/payment`, { headers: guestHeaders(body.guestKey) });
    expect(status.body.booking.status).toBe('confirmed');
    expect(status.body.payment.payments.filter((p: { state: string }) => p.state === 'paid')).toHaveLength(1);
    expect(status.body.payment.vouchers).toHaveLength(1);
    expect((await outbox(bookingId)).filter((m) => m.kind === 'confirmed')).toHaveLength(1);
    const deliveries = await db.pool.query<{ deliveries: number }>(
      `SELECT deliveries FROM payment_events WHERE source = 'webhook' AND payload #>> '{payload,payment,entity,id}' = $1`,
      [paid.payment.id],
    );
    expect(deliveries.rows.map((r) => r.deliveries).sort()).toEqual([10, 10]);
  });

  test('a hold not paid in time ends: its nights are free again, the guest is told, its link is cancelled; paying again takes the rooms again while they are free', async () => {
    const stay = nextStay();
    const before = await bookedNights(db.pool, 'executive', stay.checkIn, stay.checkOut);
    const { body, reply } = await book({ ...stay });
    const bookingId = reply.body.booking.bookingId as string;
    const first = linkOf(bookingId);
    await endHold(bookingId);
    await stand.payments.reconcile();
    expect((await bookingRow(bookingId))!.status).toBe('expired');
    expect(await bookedNights(db.pool, 'executive', stay.checkIn, stay.checkOut)).toEqual(before);
    expect(first.status).toBe('cancelled');
    expect((await outbox(bookingId)).map((m) => m.kind)).toEqual(['hold-expired']);
    const expired = await paymentOf(bookingId, body.guestKey);
    expect(expired.body.payment).toMatchObject({ status: 'expired', canPayAgain: true, payUrl: null });

    const again = await api(base, `/api/bookings/${bookingId}/payment`, { method: 'POST', headers: guestHeaders(body.guestKey) });
    expect(again.status).toBe(200);
    expect(again.body.booking.status).toBe('awaiting_payment');
    expect(again.body.payment.payUrl).toContain(linkOf(`${bookingId}-2`).id);
    expect(await bookedNights(db.pool, 'executive', stay.checkIn, stay.checkOut)).toEqual(before.map((n) => n + 1));

    // Ended again, and the rooms taken meanwhile by others: paying again is refused, nothing held.
    await endHold(bookingId);
    await stand.payments.reconcile();
    await setPolicy({ policy: 'pay_at_hotel' });
    for (let i = 0; i < capacity; i++) expect((await book({ ...stay })).reply.status).toBe(201);
    const refused = await api(base, `/api/bookings/${bookingId}/payment`, { method: 'POST', headers: guestHeaders(body.guestKey) });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe('No Suit Rooms are left for those dates. Please choose other dates.');
    expect((await paymentOf(bookingId, body.guestKey)).body.payment.canPayAgain).toBe(false);
    expect((await checkInventory(db.pool)).problems).toEqual([]);
  });

  test('paying again after a hold ended takes the booking limits as a new booking does: one address cannot keep rooms held for ever', async () => {
    // A server of its own with a low limit: two bookings a day for one email (the shared one allows any number).
    const strict = await startPaymentsStand(db, { limits: { bookingsPerEmailPerDay: 2 } });
    try {
      const stay = nextStay();
      const before = await bookedNights(db.pool, 'executive', stay.checkIn, stay.checkOut);
      const body = confirmBody({ ...stay, email: 'holder@example.com' });
      const made = await api(strict.server.url, '/api/bookings', { method: 'POST', body });
      expect(made.status).toBe(201);
      const bookingId = made.body.booking.bookingId as string;
      const payAgain = () =>
        api(strict.server.url, `/api/bookings/${bookingId}/payment`, { method: 'POST', headers: guestHeaders(body.guestKey) });
      const expire = async () => {
        await endHold(bookingId);
        await strict.payments.reconcile();
        expect((await bookingRow(bookingId))!.status).toBe('expired');
      };
      // The first link (no hold renewed) takes nothing; the first renewal is the email's second booking.
      expect((await payAgain()).status).toBe(200);
      await expire();
      expect((await payAgain()).body.booking.status).toBe('awaiting_payment');
      await expire();
      const refused = await payAgain();
      expect(refused.status).toBe(429);
      expect(refused.body.message).toBe('Too many bookings for this email address today. Please try again in 24 hours, or call the hotel.');
      expect((await bookingRow(bookingId))!.status).toBe('expired');
      expect(await bookedNights(db.pool, 'executive', stay.checkIn, stay.checkOut)).toEqual(before);
    } finally {
      await strict.close();
    }
  });

  test('a payment that comes after its hold ended is kept: the booking is confirmed when its rooms are still free, otherwise refunded at once and the owner told', async () => {
    const stay = nextStay();
    // Two guests pay just before their holds end; Razorpay's webhooks and its answers are late.
    const a = await book({ ...stay, rooms: 1 });
    const c = await book({ ...stay, rooms: 1 });
    const aId = a.reply.body.booking.bookingId as string;
    const cId = c.reply.body.booking.bookingId as string;
    stand.standIn.switches.holdWebhooks = true;
    await stand.standIn.pay(linkOf(aId).id);
    await stand.standIn.pay(linkOf(cId).id);
    await stand.standIn.down();
    await endHold(aId);
    await endHold(cId);
    await stand.payments.reconcile();
    expect((await bookingRow(aId))!.status).toBe('expired');
    expect((await bookingRow(cId))!.status).toBe('expired');
    // Meanwhile all the stay's rooms but one go to a guest paying at the hotel.
    await setPolicy({ policy: 'pay_at_hotel' });
    const taker = await book({ ...stay, rooms: capacity - 1 });
    expect(taker.reply.status).toBe(201);
    await stand.standIn.up();
    // a's payment comes first: one room is still free, so a is confirmed; c's finds none left.
    await stand.standIn.releaseWebhooks((held) => [...held].sort((x, y) => Number(y.body.includes(aId)) - Number(x.body.includes(aId))));
    await stand.payments.settled();
    expect((await bookingRow(aId))!.status).toBe('confirmed');
    expect((await bookingRow(cId))!.status).toBe('expired');
    const cMoney = await paymentOf(cId, c.body.guestKey);
    expect(cMoney.body.payment.refunds).toEqual([
      expect.objectContaining({ reason: 'late_payment', state: 'processed', amountPaise: 420_000 }),
    ]);
    expect(cMoney.body.payment.paidPaise).toBe(0);
    expect(cMoney.body.payment.vouchers.map((v: { kind: string }) => v.kind)).toEqual(['receipt', 'refund']);
    expect(
      [...stand.standIn.refunds.values()].filter((r) => r.payment_id === cMoney.body.payment.payments[0].razorpayPaymentId),
    ).toHaveLength(1);
    expect((await outbox(cId)).map((m) => m.kind)).toEqual(['hold-expired', 'late-refund', 'hotel-late-refund', 'refunded']);
    const listing = await api(base, '/api/admin/payments', { headers: owner.headers });
    expect(listing.body.attention).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ bookingId: cId, message: expect.stringContaining('after its hold ended and its rooms were taken') }),
      ]),
    );
    const deskDay = await api(base, `/api/admin/desk?date=${stay.checkIn}`, { headers: desk.headers });
    expect(deskDay.body.attention).toEqual(expect.arrayContaining([expect.objectContaining({ bookingId: cId })]));
    expect((await checkInventory(db.pool)).problems).toEqual([]);
  });

  test('webhooks lost and the tab closed: the reconciler asks Razorpay and confirms the booking, once', async () => {
    const { body, reply } = await book();
    const bookingId = reply.body.booking.bookingId as string;
    stand.standIn.switches.loseWebhooks = true;
    await stand.standIn.pay(linkOf(bookingId).id);
    expect((await bookingRow(bookingId))!.status).toBe('awaiting_payment');
    // The timer's next pass (every PAYMENTS_RECONCILE_SECONDS, 1 s here), and one more.
    await new Promise((resolve) => setTimeout(resolve, 1_200));
    await stand.payments.reconcile();
    await stand.payments.reconcile();
    expect((await paymentOf(bookingId, body.guestKey)).body.booking.status).toBe('confirmed');
    expect((await outbox(bookingId)).map((m) => m.kind)).toEqual(['confirmed', 'hotel-new']);
  });

  test('Razorpay down or slow when the link is made: the booking is refused with a clear message and no hold is left; a link made too late is cancelled', async () => {
    const stay = nextStay();
    const before = await bookedNights(db.pool, 'executive', stay.checkIn, stay.checkOut);
    await stand.standIn.down();
    const { body, reply } = await book({ ...stay }, { link: false });
    expect(reply.status).toBe(201);
    const bookingId = reply.body.booking.bookingId as string;
    const linkFor = () => api(base, `/api/bookings/${bookingId}/payment`, { method: 'POST', headers: guestHeaders(body.guestKey) });
    const down = await linkFor();
    expect(down.status).toBe(503);
    expect(down.body).toEqual({
      error: 'Payment Unavailable',
      message:
        'The payment service is not answering just now, so your booking was not made and no rooms are held for you. Please try again in a few minutes.',
    });
    expect(await bookedNights(db.pool, 'executive', stay.checkIn, stay.checkOut)).toEqual(before);
    expect((await bookingRow(bookingId))!.status).toBe('expired');
    // Razorpay back: trying again holds the rooms anew (they are free) with a link of its own.
    await stand.standIn.up();
    const retried = await linkFor();
    expect(retried.status).toBe(200);
    expect(retried.body.booking.status).toBe('awaiting_payment');
    expect(retried.body.payment.payUrl).toContain(linkOf(`${bookingId}-2`).id);
    expect(await bookedNights(db.pool, 'executive', stay.checkIn, stay.checkOut)).toEqual(before.map((n) => n + 1));

    stand.standIn.switches.delayMs = 3_000; // past the hotel's 2 s bound
    const slowStay = nextStay();
    const slowBefore = await bookedNights(db.pool, 'executive', slowStay.checkIn, slowStay.checkOut);
    const slow = await book({ ...slowStay });
    expect(slow.payment).toBeUndefined();
    expect(await bookedNights(db.pool, 'executive', slowStay.checkIn, slowStay.checkOut)).toEqual(slowBefore);
    // Razorpay made the link after the hotel stopped waiting: the reconciler finds it and cancels it.
    stand.standIn.switches.delayMs = 0;
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    const late = linkOf(slow.reply.body.booking.bookingId);
    expect(late.status).toBe('created');
    await stand.payments.reconcile({ force: true });
    expect(late.status).toBe('cancelled');
  });

  test('a guest who cancels within the free period gets back all they paid, by one refund however often it is asked for, with a refund voucher', async () => {
    const { body, reply } = await book();
    const bookingId = reply.body.booking.bookingId as string;
    const paid = await stand.standIn.pay(linkOf(bookingId).id);
    await fetch(paid.callbackUrl!, { redirect: 'manual' });
    // Razorpay is slow to answer the refund (and its webhooks are lost): the hotel stops waiting,
    // and asks again later with the same key.
    stand.standIn.switches.delayMs = 3_000;
    stand.standIn.switches.loseWebhooks = true;
    const cancelled = await api(base, '/api/manage/cancel', { method: 'POST', headers: { 'x-manage-token': await tokenOf(bookingId) } });
    expect(cancelled.status).toBe(200);
    await stand.payments.settled();
    let money = await paymentOf(bookingId, body.guestKey);
    expect(money.body.payment.refunds).toEqual([expect.objectContaining({ state: 'pending', amountPaise: 420_000, reason: 'cancelled' })]);
    stand.standIn.switches.delayMs = 0;
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    await stand.payments.reconcile({ force: true });
    await stand.standIn.webhooksDelivered();
    money = await paymentOf(bookingId, body.guestKey);
    expect(money.body.booking.status).toBe('cancelled');
    expect(money.body.payment.refunds).toEqual([expect.objectContaining({ state: 'processed', amountPaise: 420_000 })]);
    expect(money.body.payment.paidPaise).toBe(0);
    const keys = stand.standIn.calls
      .filter((c) => c.path.endsWith('/refund') && c.path.includes(paid.payment.id))
      .map((c) => c.idempotencyKey);
    expect(keys.length).toBeGreaterThanOrEqual(2);
    expect(new Set(keys).size).toBe(1);
    expect([...stand.standIn.refunds.values()].filter((r) => r.payment_id === paid.payment.id)).toHaveLength(1);
    const refundVoucher = money.body.payment.vouchers.find((v: { kind: string }) => v.kind === 'refund');
    expect(refundVoucher).toMatchObject({ amountPaise: 420_000, taxablePaise: 400_000, cgstPaise: 10_000, sgstPaise: 10_000 });
    const printed = await api(base, `/api/bookings/${bookingId}/vouchers/${refundVoucher.voucherNumber}`, {
      headers: guestHeaders(body.guestKey),
    });
    expect(printed.body).toMatchObject({
      kind: 'refund',
      sac: '996311',
      receiptVoucherNumber: money.body.payment.vouchers[0].voucherNumber,
    });
    expect((await api(base, `/api/bookings/${bookingId}/vouchers/${refundVoucher.voucherNumber}`)).status).toBe(404);
    expect((await outbox(bookingId)).map((m) => m.kind)).toEqual(['confirmed', 'hotel-new', 'cancelled', 'hotel-cancelled', 'refunded']);
  });

  test('after the free period the owner’s rule decides: the desk cancels, half of the advance comes back and the rest is kept', async () => {
    await setPolicy({ lateRefundPercent: 50 });
    const { reply } = await book({ checkIn: daysFromNow(1), checkOut: daysFromNow(3) });
    const bookingId = reply.body.booking.bookingId as string;
    await stand.standIn.pay(linkOf(bookingId).id);
    await stand.standIn.webhooksDelivered();
    const cancelled = await api(base, `/api/admin/bookings/${bookingId}/status`, {
      method: 'POST',
      body: { to: 'cancelled' },
      headers: desk.headers,
    });
    expect(cancelled.status).toBe(200);
    await stand.payments.settled();
    await stand.standIn.webhooksDelivered();
    const money = await api(base, `/api/admin/bookings/${bookingId}/payment`, { headers: desk.headers });
    expect(money.body.refunds).toEqual([expect.objectContaining({ amountPaise: 210_000, state: 'processed' })]);
    expect(money.body.paidPaise).toBe(210_000);
  });

  test('a phone booking gets a link the desk can copy and the guest is mailed; a walk-in is confirmed at once', async () => {
    const stay = nextStay();
    const phone = await api(base, '/api/admin/desk/bookings', {
      method: 'POST',
      body: {
        draftId: confirmBody().draftId,
        channel: 'phone',
        roomId: 'executive',
        packageIndex: 0,
        rooms: 1,
        ...stay,
        email: 'caller@example.com',
      },
      headers: desk.headers,
    });
    expect(phone.status).toBe(201);
    expect(phone.body.booking.status).toBe('awaiting_payment');
    expect(phone.body.payment.payUrl).toContain('/pay/plink_');
    const mails = await outbox(phone.body.booking.bookingId);
    expect(mails.map((m) => m.kind)).toEqual(['payment-link']);
    expect(mails[0]!.booking.payment).toMatchObject({ url: phone.body.payment.payUrl, amountPaise: 420_000 });
    const deskDay = await api(base, `/api/admin/desk?date=${stay.checkIn}`, { headers: desk.headers });
    expect(deskDay.body.arrivals.find((a: { bookingId: string }) => a.bookingId === phone.body.booking.bookingId).payment).toMatchObject({
      payUrl: phone.body.payment.payUrl,
      paidPaise: 0,
    });

    const walkIn = await api(base, '/api/admin/desk/bookings', {
      method: 'POST',
      body: {
        draftId: confirmBody().draftId,
        channel: 'walk-in',
        roomId: 'executive',
        packageIndex: 0,
        rooms: 1,
        ...stay,
        email: 'walker@example.com',
      },
      headers: desk.headers,
    });
    expect(walkIn.status).toBe(201);
    expect(walkIn.body.booking.status).toBe('confirmed');
    expect((await outbox(walkIn.body.booking.bookingId)).map((m) => m.kind)).toEqual(['confirmed', 'hotel-new']);
  });

  test('the owner’s policy: audited, owners only; a percentage or the whole stay, or pay at the hotel as before', async () => {
    expect(
      (
        await api(base, '/api/admin/payment-settings', {
          method: 'PUT',
          body: { policy: 'full', percent: 30, holdMinutes: 20, lateRefundPercent: 0 },
          headers: desk.headers,
        })
      ).status,
    ).toBe(403);
    expect((await api(base, '/api/admin/payments', { headers: desk.headers })).status).toBe(403);
    await setPolicy({ policy: 'percent', percent: 25 });
    const stay = nextStay(3);
    const quote = await api(base, `/api/payment-policy?roomId=executive&rooms=1&checkIn=${stay.checkIn}&checkOut=${stay.checkOut}`);
    expect(quote.body).toMatchObject({
      kind: 'percent',
      percent: 25,
      due: { totalPaise: 1_260_000, dueNowPaise: 315_000, laterPaise: 945_000 },
    });
    const audit = await api(base, '/api/admin/settings-audit', { headers: owner.headers });
    expect(audit.body.items[0]).toMatchObject({
      subject: 'payment policy',
      username: 'admin',
      newValue: { policy: 'percent', percent: 25 },
    });
    await setPolicy({ policy: 'full' });
    const full = await book({ ...stay });
    expect(full.payment!.dueNowPaise).toBe(1_260_000);
    await setPolicy({ policy: 'pay_at_hotel' });
    const atHotel = await book();
    expect(atHotel.reply.status).toBe(201);
    expect(atHotel.reply.body.booking).toMatchObject({ status: 'confirmed', invoiceNumber: expect.stringMatching(/^INV-/) });
    expect(atHotel.payment).toBeUndefined();
    const settings = await api(base, '/api/admin/payment-settings', { headers: owner.headers });
    expect(settings.body).toMatchObject({
      policy: 'pay_at_hotel',
      online: true,
      effective: 'pay_at_hotel',
      webhookUrl: expect.stringMatching(/\/api\/payments\/razorpay\/webhook$/),
    });
  });

  test('property: whatever the policy, the stay and the cancel, the stored vouchers, the invoice and the refunds add up to the paisa', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.record({
          policy: fc.constantFrom('percent', 'first_night', 'full'),
          percent: fc.integer({ min: 1, max: 100 }),
          lateRefundPercent: fc.integer({ min: 0, max: 100 }),
          rooms: fc.integer({ min: 1, max: 3 }),
          nights: fc.integer({ min: 1, max: 4 }),
          roomId: fc.constantFrom('deluxe', 'executive'),
          cancel: fc.constantFrom('none', 'free', 'late'),
        }),
        async (run) => {
          await setPolicy({ policy: run.policy, percent: run.percent, lateRefundPercent: run.lateRefundPercent });
          const dates = run.cancel === 'late' ? { checkIn: daysFromNow(1), checkOut: daysFromNow(1 + run.nights) } : nextStay(run.nights);
          const { body, reply } = await book({ ...dates, rooms: run.rooms, roomId: run.roomId });
          if (reply.status === 409) return; // the late stays share their dates: rooms may run out
          expect(reply.status).toBe(201);
          const bookingId = reply.body.booking.bookingId as string;
          const paid = await stand.standIn.pay(linkOf(bookingId).id);
          await fetch(paid.callbackUrl!, { redirect: 'manual' });
          if (run.cancel !== 'none') {
            const cancelled =
              run.cancel === 'free'
                ? await api(base, '/api/manage/cancel', { method: 'POST', headers: { 'x-manage-token': await tokenOf(bookingId) } })
                : await api(base, `/api/admin/bookings/${bookingId}/status`, {
                    method: 'POST',
                    body: { to: 'cancelled' },
                    headers: owner.headers,
                  });
            expect(cancelled.status).toBe(200);
          }
          await stand.payments.settled();
          await stand.standIn.webhooksDelivered();
          const money = (await paymentOf(bookingId, body.guestKey)).body.payment;
          const received = paid.payment.amount;
          const refunded = money.refunds.reduce((sum: number, r: { amountPaise: number }) => sum + r.amountPaise, 0);
          const expectedRefund =
            run.cancel === 'free' ? received : run.cancel === 'late' ? Math.floor((received * run.lateRefundPercent) / 100) : 0;
          expect(refunded).toBe(expectedRefund);
          for (const v of money.vouchers) expect(v.taxablePaise + v.cgstPaise + v.sgstPaise).toBe(v.amountPaise);
          const net = money.vouchers.reduce(
            (sum: number, v: { kind: string; amountPaise: number }) => sum + (v.kind === 'receipt' ? v.amountPaise : -v.amountPaise),
            0,
          );
          expect(net).toBe(received - refunded);
          expect(money.paidPaise).toBe(received - refunded);
          expect(money.paidPaise + money.duePaise).toBe(money.totalPaise);
          const invoice = await api(base, `/api/bookings/${bookingId}/invoice`, { headers: guestHeaders(body.guestKey) });
          expect(invoice.body.advancePaise).toBe(net);
          expect(invoice.body.advancePaise + invoice.body.duePaise).toBe(invoice.body.totalPaise);
          const cgst = money.vouchers.reduce(
            (sum: number, v: { kind: string; cgstPaise: number }) => sum + (v.kind === 'receipt' ? 1 : -1) * v.cgstPaise,
            0,
          );
          expect(cgst).toBe(Math.floor((invoice.body.cgstPaise * net) / invoice.body.totalPaise));
        },
      ),
      { numRuns: 8 },
    );
  });

  test('the Payments screen lists payments, refunds, events and vouchers; Reconcile now asks Razorpay at once', async () => {
    const { reply } = await book();
    const bookingId = reply.body.booking.bookingId as string;
    const listing = await api(base, `/api/admin/payments?q=${bookingId}`, { headers: owner.headers });
    expect(listing.status).toBe(200);
    expect(listing.body.payments).toEqual([
      expect.objectContaining({
        bookingId,
        state: 'open',
        amountPaise: 420_000,
        email: 'guest@example.com',
        bookingStatus: 'awaiting_payment',
      }),
    ]);
    stand.standIn.switches.loseWebhooks = true;
    await stand.standIn.pay(linkOf(bookingId).id);
    const reconciled = await api(base, '/api/admin/payments/reconcile', { method: 'POST', headers: owner.headers });
    expect(reconciled.status).toBe(200);
    expect(reconciled.body.changed).toBeGreaterThanOrEqual(1);
    const paid = await api(base, `/api/admin/payments?show=paid&q=${bookingId}`, { headers: owner.headers });
    expect(paid.body.payments).toEqual([expect.objectContaining({ state: 'paid', bookingStatus: 'confirmed' })]);
    expect(paid.body.vouchers).toEqual([expect.objectContaining({ bookingId, kind: 'receipt' })]);
    const voucher = await api(base, `/api/admin/vouchers/${paid.body.vouchers[0].voucherNumber}`, { headers: desk.headers });
    expect(voucher.body).toMatchObject({
      bookingId,
      kind: 'receipt',
      amountPaise: 420_000,
      rates: [{ cgstBasisPoints: 250, sgstBasisPoints: 250 }],
    });
    const list = await api(base, `/api/admin/bookings?q=${bookingId}`, { headers: desk.headers });
    expect(list.body.items[0]).toMatchObject({ bookingId, paidPaise: 420_000, duePaise: 420_000 });
  });
});

describe.each(databaseKinds)('without Razorpay keys on %s', (kind) => {
  let database: TestDatabase;
  let db: Database;
  let server: Awaited<ReturnType<typeof startTestServer>>;
  beforeAll(async () => {
    database = await startTestDatabase(kind);
    db = await database.open();
    server = await startTestServer(db);
  });
  afterAll(async () => {
    await server?.close();
    await database?.remove();
  });

  test('a booking is confirmed as before (pay at the hotel), and the webhook path answers that no payments are taken here', async () => {
    const policy = await api(server.url, '/api/payment-policy');
    expect(policy.body).toMatchObject({
      kind: 'pay_at_hotel',
      sentence: 'Nothing is paid online: you pay at the hotel.',
      cancelSentence: '',
    });
    const reply = await api(server.url, '/api/bookings', { method: 'POST', body: confirmBody() });
    expect(reply.status).toBe(201);
    expect(reply.body.booking).toMatchObject({ status: 'confirmed', invoiceNumber: expect.stringMatching(/^INV-/) });
    expect(reply.body.payment).toBeUndefined();
    expect((await postWebhook(server.url, signedWebhook({ event: 'payment.captured' }))).status).toBe(404);
  });
});
