import type { FastifyPluginAsyncTypebox, TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { createHash } from 'node:crypto';
import { amountDueNow, cancelMoneySentence, policySentence, stayTotalPaise } from '../../src/domain/payments';
import { findRoom } from '../../src/domain/rooms';
import { takeBookingLimits } from '../bookingLimits';
import { BookingParams, NoContent, Refusal, StayRefusal } from '../../src/domain/wire';
import {
  GuestPaymentReply,
  PaymentPolicyQuery,
  PaymentPolicyReply,
  VoucherParams,
  VoucherReply,
  WebhookReply,
} from '../../src/domain/paymentsWire';
import type { Booking } from '../../src/domain/wire';
import type { PaymentSummary } from '../../src/domain/paymentsWire';
import { holdsGuestKey } from '../auth/guestKeys';
import { findBooking } from '../db/bookingQueries';
import type { StoredBooking } from '../db/bookingQueries';
import type { Database } from '../db/database';
import { guestKeyHeader } from '../plugins/adminAuth';
import { webhookRoute } from '../plugins/sameOrigin';
import { guestsOfQuery, guestsParamProblem, pricedOrRefused } from '../stayPricing';
import { effectivePolicy, paymentSettings, stayCharges, voucherOf } from '../payments/paymentQueries';
import type { PaymentsService } from '../payments/payments';
import { addressKey, lookupLimit } from '../requestLimits';
import type { RequestLimits } from '../requestLimits';
import type { StayGate } from '../stayGate';

/**
 * Payments for guests (issue 37): the policy before booking, a booking's money and paying again,
 * the vouchers, the guest's return from Razorpay's page, and Razorpay's webhooks. The confirm
 * (POST /api/bookings) holds the rooms and answers at once; the booking's payment page then asks
 * for the link (POST /api/bookings/:bookingId/payment), so that no confirm waits on Razorpay.
 */
export interface PaymentRouteOptions {
  db: Database;
  payments: PaymentsService;
  limits: RequestLimits;
  /** CANCEL_FREE_DAYS, for the policy's words about cancelling. */
  cancelFreeDays: number;
  /** The stay's rules and the hotel's today (stayGate.ts). */
  gate: StayGate;
}

const normaliseId = (id: string) => id.trim().toUpperCase();
const notFound = (bookingId: string) => ({ error: 'Not Found', message: `No booking found with ID: ${bookingId}` });

/** The path of the guest's return page (src/shared/paths.ts, bookingPayment). */
export const returnPagePath = (bookingId: string, result: string) => `/booking-payment/${encodeURIComponent(bookingId)}?result=${result}`;

/**
 * What the desk's phone booking answers for a booking the policy holds for a payment: its link
 * (made now, as the staff member is on the phone with the guest and reads it out or copies it),
 * or, when Razorpay cannot make one, a refusal with the hold taken away. `created`: a new booking
 * (201); a replayed form answers 200.
 */
export async function deskConfirmAnswer(
  payments: PaymentsService,
  booking: Booking,
  created: boolean,
): Promise<{ code: 200 | 201 | 503; body: { booking: Booking; payment?: PaymentSummary } | { error: string; message: string } }> {
  const code = created ? (201 as const) : (200 as const);
  if (booking.status !== 'awaiting_payment' && booking.status !== 'expired') return { code, body: { booking } };
  if (booking.status === 'awaiting_payment') {
    const link = await payments.startPayment(booking.bookingId, 'phone');
    if (link.outcome === 'unavailable') {
      // No link, no hold: the booking never existed for the guest, and a retry starts afresh.
      await payments.withdrawHold(booking.bookingId);
      return { code: 503, body: { error: 'Payment Unavailable', message: link.message } };
    }
    if (link.outcome === 'open' && created) await payments.mailLink(booking.bookingId, link.payment, booking.holdExpiresAt ?? null);
  }
  const summary = await payments.summary(booking.bookingId);
  const status = summary?.status ?? booking.status;
  return {
    code,
    body: {
      booking: { ...booking, status, ...(summary?.holdExpiresAt ? { holdExpiresAt: summary.holdExpiresAt } : {}) },
      ...(summary ? { payment: summary } : {}),
    },
  };
}

export const paymentRoutes: FastifyPluginAsyncTypebox<PaymentRouteOptions> = async (
  app,
  { db, payments, limits, cancelFreeDays, gate },
) => {
  app.get(
    '/api/payment-policy',
    { schema: { querystring: PaymentPolicyQuery, response: { 200: PaymentPolicyReply, 400: Refusal, 409: StayRefusal } } },
    async (request, reply) => {
      const policy = effectivePolicy(await paymentSettings(db.pool));
      const answer = {
        kind: policy.kind,
        percent: policy.percent,
        holdMinutes: policy.holdMinutes,
        lateRefundPercent: policy.lateRefundPercent,
        sentence: policySentence(policy),
        cancelSentence: cancelMoneySentence(policy, cancelFreeDays),
      };
      const { roomId, rooms, checkIn, checkOut, packageIndex = 0 } = request.query;
      if (roomId === undefined && checkIn === undefined && checkOut === undefined) return answer;
      if (roomId === undefined || checkIn === undefined || checkOut === undefined)
        return reply.code(400).send({ error: 'Bad Request', message: 'roomId, checkIn and checkOut: give all three for a stay, or none' });
      if (!findRoom(roomId)) return reply.code(400).send({ error: 'Bad Request', message: 'roomId: is not a room type of this hotel' });
      const refused = gate.check({ roomId, rooms: rooms ?? 1, checkIn, checkOut });
      if (refused) return reply.code(refused.status).send(refused.body);
      const closed = await gate.ownerRules(db.pool, { roomId, checkIn, checkOut });
      if (closed) return reply.code(closed.status).send(closed.body);
      const guests = guestsOfQuery(request.query.guests);
      if (guests === undefined) return reply.code(400).send({ error: 'Bad Request', message: guestsParamProblem });
      const charges = await pricedOrRefused(reply, () =>
        stayCharges(db.pool, { roomId, rooms: rooms ?? 1, checkIn, checkOut, packageIndex, guests }),
      );
      if (!charges) return reply;
      const total = stayTotalPaise(charges);
      const dueNow = amountDueNow(policy, charges);
      return { ...answer, due: { totalPaise: total, dueNowPaise: dueNow, laterPaise: total - dueNow } };
    },
  );

  // Razorpay sends the guest back here with the signed fields (callback_method get). Verified on
  // the server, where the key secret is, and recorded before the guest sees anything, so the page
  // the guest lands on already shows the booking confirmed; then 303 to that page (no script of
  // Razorpay's on ours, and the Content-Security-Policy stays as it is).
  app.get(
    '/api/payments/razorpay/return',
    {
      schema: {
        querystring: Type.Object(
          {
            razorpay_payment_id: Type.Optional(Type.String({ maxLength: 100 })),
            razorpay_payment_link_id: Type.Optional(Type.String({ maxLength: 100 })),
            razorpay_payment_link_reference_id: Type.Optional(Type.String({ maxLength: 100 })),
            razorpay_payment_link_status: Type.Optional(Type.String({ maxLength: 40 })),
            razorpay_signature: Type.Optional(Type.String({ maxLength: 200 })),
          },
          // Razorpay may add fields; only these are read.
          { additionalProperties: true },
        ),
        response: { 303: NoContent },
      },
    },
    async (request, reply) => {
      const q = request.query;
      const bookingId = /^(BK[1-9][0-9]{5})(-[0-9]+)?$/.exec(q.razorpay_payment_link_reference_id ?? '')?.[1];
      let result = 'unverified';
      const fields = {
        razorpay_payment_id: q.razorpay_payment_id ?? '',
        razorpay_payment_link_id: q.razorpay_payment_link_id ?? '',
        razorpay_payment_link_reference_id: q.razorpay_payment_link_reference_id ?? '',
        razorpay_payment_link_status: q.razorpay_payment_link_status ?? '',
        razorpay_signature: q.razorpay_signature ?? '',
      };
      if (bookingId && payments.returnValid(fields)) {
        result = fields.razorpay_payment_link_status === 'paid' ? 'paid' : 'not-paid';
        if (result === 'paid') {
          const event = await payments.recordEvent({
            eventId: `return:${fields.razorpay_payment_id}`,
            source: 'return',
            event: 'return',
            payload: {
              booking_id: bookingId,
              return: {
                paymentId: fields.razorpay_payment_id,
                linkId: fields.razorpay_payment_link_id,
                referenceId: fields.razorpay_payment_link_reference_id,
              },
            },
          });
          await payments.processEvent(event.id);
        }
      } else if (bookingId) request.log.warn({ bookingId }, 'payment return with a signature that does not match');
      return reply.redirect(bookingId ? returnPagePath(bookingId, result) : '/booking-portal', 303);
    },
  );

  // Razorpay's webhooks: the signature is over the exact bytes sent, so this route keeps the raw
  // body (its own content-type parser, in this plugin only). It comes from Razorpay, not from the
  // site: the same-origin check lets exactly this path through (plugins/sameOrigin.ts), and the
  // signature is what it is trusted by.
  await app.register(async (hooks) => {
    hooks.removeAllContentTypeParsers();
    hooks.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: 1_048_576 }, (_request, body, done) => done(null, body));
    hooks.post(
      webhookRoute,
      { bodyLimit: 1_048_576, schema: { response: { 200: WebhookReply, 400: Refusal, 404: Refusal } } },
      async (request, reply) => {
        const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
        if (!payments.online) return reply.code(404).send({ error: 'Not Found', message: 'This hotel takes no payments online.' });
        if (!payments.webhookValid(raw, request.headers['x-razorpay-signature'])) {
          request.log.warn('webhook with a signature that does not match');
          return reply.code(400).send({ error: 'Bad Request', message: 'The webhook signature does not match.' });
        }
        let body: { event?: unknown };
        try {
          body = JSON.parse(raw.toString('utf8')) as { event?: unknown };
        } catch {
          return reply.code(400).send({ error: 'Bad Request', message: 'The webhook body is not JSON.' });
        }
        const given = request.headers['x-razorpay-event-id'];
        // Razorpay names each event; one without a name is known by its bytes.
        const eventId =
          typeof given === 'string' && /^[\w.:-]{1,100}$/.test(given) ? given : `sha256:${createHash('sha256').update(raw).digest('hex')}`;
        const event = typeof body.event === 'string' ? body.event.slice(0, 100) : 'unknown';
        const recorded = await payments.recordEvent({ eventId, source: 'webhook', event, payload: body });
        // Handled now when that is quick (it is: a few statements), else left to the reconciler:
        // the answer never waits long, and the event is kept whatever happens to this process.
        const handled = payments.processEvent(recorded.id).catch((error: Error) => {
          request.log.warn({ eventId, error: error.message }, 'webhook not handled yet: the reconciler will');
          return null;
        });
        await Promise.race([handled, new Promise((resolve) => setTimeout(resolve, 2_500).unref())]);
        return reply.send({ received: true, duplicate: !recorded.isNew });
      },
    );
  });

  // A booking's money, for its guest (the key this browser kept): counted as lookups, as every
  // read of a booking by its ID is (routes/bookings.ts).
  await app.register(async (scope) => {
    const guest = scope.withTypeProvider<TypeBoxTypeProvider>();
    guest.addHook('preHandler', lookupLimit(db.pool, limits.lookupsPerMinute));

    async function keyedBooking(request: FastifyRequest, id: string, reply: FastifyReply): Promise<StoredBooking | null> {
      const bookingId = normaliseId(id);
      const booking = await findBooking(db.pool, bookingId);
      if (!booking || !holdsGuestKey(request.headers[guestKeyHeader], booking.guestKeyHash)) {
        await reply.code(404).send(notFound(bookingId));
        return null;
      }
      return booking;
    }
    const publicBooking = ({ guestKeyHash: _hidden, ...booking }: StoredBooking): Booking => booking;

    guest.get(
      '/api/bookings/:bookingId/payment',
      { schema: { params: BookingParams, response: { 200: GuestPaymentReply, 404: Refusal, 429: Refusal } } },
      async (request, reply) => {
        const booking = await keyedBooking(request, request.params.bookingId, reply);
        if (!booking) return reply;
        return { booking: publicBooking(booking), payment: (await payments.summary(booking.bookingId))! };
      },
    );

    guest.post(
      '/api/bookings/:bookingId/payment',
      {
        schema: {
          params: BookingParams,
          response: { 200: GuestPaymentReply, 400: Refusal, 404: Refusal, 409: StayRefusal, 429: Refusal, 503: Refusal },
        },
      },
      async (request, reply) => {
        const booking = await keyedBooking(request, request.params.bookingId, reply);
        if (!booking) return reply;
        if (booking.status !== 'awaiting_payment' && booking.status !== 'expired')
          return reply.code(409).send({
            error: 'Conflict',
            message:
              booking.status === 'confirmed' ? 'This booking is paid for and confirmed already.' : 'This booking cannot be paid for now.',
          });
        // Paying sells the stay now: the gate's rules as for a new booking (its dates not passed).
        const refused = gate.check(booking);
        if (refused) return reply.code(refused.status).send(refused.body);
        if (booking.status === 'expired') {
          // Its rooms are held anew: as a new booking would hold them, so it counts as one (one
          // address could otherwise keep its bookings' rooms held, a hold at a time, for ever).
          const limited = await takeBookingLimits(db.pool, limits, addressKey(request.ip), booking.email);
          if (limited) {
            request.log.warn({ address: addressKey(request.ip), limit: limited.limit }, 'booking rate limit (pay again)');
            return reply
              .code(429)
              .header('Retry-After', String(limited.waitSeconds))
              .send({ error: 'Too Many Requests', message: limited.message });
          }
        }
        const outcome = await payments.payAgain(booking.bookingId);
        if (outcome.outcome === 'refused') {
          const refusal = gate.refused(outcome.refusal);
          const message =
            outcome.refusal.outcome === 'unavailable' ? `${refusal.body.message} Please choose other dates.` : refusal.body.message;
          return reply.code(refusal.status).send({ ...refusal.body, message });
        }
        if (outcome.outcome === 'unavailable') return reply.code(503).send({ error: 'Payment Unavailable', message: outcome.message });
        const current = await findBooking(db.pool, booking.bookingId);
        return { booking: publicBooking(current!), payment: (await payments.summary(booking.bookingId))! };
      },
    );

    guest.get(
      '/api/bookings/:bookingId/vouchers/:voucherNumber',
      { schema: { params: VoucherParams, response: { 200: VoucherReply, 404: Refusal, 429: Refusal } } },
      async (request, reply) => {
        const bookingId = normaliseId(request.params.bookingId);
        const found = await voucherOf(db.pool, request.params.voucherNumber, bookingId);
        if (!found || !holdsGuestKey(request.headers[guestKeyHeader], found.guestKeyHash))
          return reply
            .code(404)
            .send({ error: 'Not Found', message: `No voucher ${request.params.voucherNumber} for booking ID: ${bookingId}` });
        return found.voucher;
      },
    );
  });
};
