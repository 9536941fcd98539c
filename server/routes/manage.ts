import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { addDays, nightsBetween } from '../../src/domain/dates';
import { priceStay } from '../../src/domain/stay';
import {
  LinkBody,
  LinkReply,
  ManageChangeBody,
  ManageReply as ManageReplySchema,
  manageTokenHeader,
  QuoteReply as QuoteReplySchema,
  Refusal,
  StayRefusal,
} from '../../src/domain/wire';
import { PaymentSummary } from '../../src/domain/paymentsWire';
import type { Booking, CancelPolicy, ManageChangeBody as ChangeBody, ManageReply, QuoteReply } from '../../src/domain/wire';
import { capacityOf } from '../bookingRules';
import { statusSentence } from '../../src/domain/bookingStatus';
import { findBooking } from '../db/bookingQueries';
import type { Database } from '../db/database';
import { cancelBooking, changeStay, queueLinkMail } from '../db/manageQueries';
import type { ManagedBooking } from '../db/manageQueries';
import { hotelFacts } from '../mail/hotelFacts';
import { bookingOfManageToken } from '../auth/guestAccess';
import { linkValidUntil } from '../mail/manageLink';
import type { MailContext } from '../mail/outbox';
import { lookupLimit, takeLimits } from '../requestLimits';
import type { RequestLimits } from '../requestLimits';
import type { PaymentsService } from '../payments/payments';
import type { StayGate } from '../stayGate';
import { countOf } from '../../src/domain/words';
import { longDate } from '../../src/domain/dateWords';

export interface ManageRouteOptions {
  db: Database;
  limits: RequestLimits;
  mail: MailContext;
  /** The stay's rules and the hotel's today (stayGate.ts). */
  gate: StayGate;
  /** Issue 37: a cancel refunds what was paid; the booking's money is shown to its guest. */
  payments: PaymentsService;
}

/** Every way a token can fail (unknown, tampered, expired, another booking's, an old version) gets this. */
const invalidLink = {
  error: 'Not Found',
  message: 'This booking link is not valid or has expired. Ask for a new one with your booking ID and email address.',
};

const linkAnswer = {
  message: 'If that booking ID and email address belong to a booking, its link is on its way to that address.',
};

/** The cancellation policy for this booking today: free until CANCEL_FREE_DAYS before check-in. */
export function cancelPolicy(booking: Pick<Booking, 'checkIn' | 'status'>, freeDays: number, today: string): CancelPolicy {
  const phone = hotelFacts().phone;
  const freeUntil = booking.checkIn ? addDays(booking.checkIn, -freeDays) : null;
  const canCancel = booking.status === 'confirmed' && freeUntil !== null && today <= freeUntil;
  const rule = `Cancellation is free until ${countOf(freeDays, 'day')} before check-in`;
  const message =
    booking.status !== 'confirmed'
      ? // Cancelled, or past it at the desk (checked in, checked out, a no-show): nothing to cancel here.
        statusSentence(booking.status)
      : canCancel
        ? `${rule}: you can cancel here until ${longDate(freeUntil!)}.`
        : `${rule}. To cancel now, please call the hotel on ${phone}.`;
  return { freeDays, freeUntil, canCancel, hotelPhone: phone, message };
}

export const manageRoutes: FastifyPluginAsyncTypebox<ManageRouteOptions> = async (app, { db, limits, mail, gate, payments }) => {
  const today = gate.today;
  // The same limit, and the same counter, as the booking lookups (routes/bookings.ts).
  app.addHook('preHandler', lookupLimit(db.pool, limits.lookupsPerMinute));

  /** The booking a valid, unexpired token of its current version opens; null for anything else (auth/guestAccess.ts). */
  const tokenBooking = (request: FastifyRequest) => bookingOfManageToken(db.pool, request.headers[manageTokenHeader], today());

  const publicBooking = ({ packageIndex: _p, manageVersion: _v, ...booking }: ManagedBooking): Booking => booking;
  const canChange = (booking: Booking) => booking.status === 'confirmed' && booking.roomId !== null && booking.checkIn! > today();
  const manageAnswer = (booking: Booking): ManageReply => ({
    booking,
    policy: cancelPolicy(booking, mail.cancelFreeDays, today()),
    linkValidUntil: linkValidUntil(booking.checkOut!),
    canChange: canChange(booking),
  });

  app.get('/api/manage', { schema: { response: { 200: ManageReplySchema, 404: Refusal, 429: Refusal } } }, async (request, reply) => {
    const booking = await tokenBooking(request);
    if (!booking) return reply.code(404).send(invalidLink);
    return manageAnswer(publicBooking(booking));
  });

  // Issue 37: what was paid for the booking, refunded, and its vouchers.
  app.get('/api/manage/payment', { schema: { response: { 200: PaymentSummary, 404: Refusal, 429: Refusal } } }, async (request, reply) => {
    const booking = await tokenBooking(request);
    const summary = booking && (await payments.summary(booking.bookingId));
    if (!summary) return reply.code(404).send(invalidLink);
    return summary;
  });

  /** Checks and prices a new stay for this booking; answers the reply already sent when it cannot be. */
  function priceChange(booking: ManagedBooking, body: ChangeBody, reply: FastifyReply) {
    if (booking.status === 'cancelled') return reply.code(409).send({ error: 'Conflict', message: 'This booking is cancelled.' });
    if (!canChange(booking))
      return reply.code(409).send({
        error: 'Conflict',
        message: `This stay can no longer be changed here. Please call the hotel on ${hotelFacts().phone}.`,
      });
    const refused = gate.check({ roomId: booking.roomId, ...body });
    if (refused) return reply.code(refused.status).send(refused.body);
    // The catalogue's total is used only for a booking without prices kept (made before issue 22,
    // so on the one package, CP); changeStay prices every other by the pricing rule, its plan and guests too.
    const stay = priceStay(booking.roomId!, 0, body.rooms, body.checkIn, body.checkOut);
    if (typeof stay === 'string') return reply.code(409).send({ error: 'Conflict', message: `${stay}. Please call the hotel.` });
    return stay;
  }

  async function change(request: FastifyRequest, body: ChangeBody, reply: FastifyReply, dryRun: boolean) {
    const booking = await tokenBooking(request);
    if (!booking) return reply.code(404).send(invalidLink);
    const stay = priceChange(booking, body, reply);
    if (!('totalPrice' in stay)) return stay;
    const { checkIn, checkOut, rooms } = body;
    const roomId = booking.roomId!;
    // The same stay again (a double click on Confirm): nothing to change, nothing to mail.
    if (!dryRun && checkIn === booking.checkIn && checkOut === booking.checkOut && rooms === booking.rooms)
      return reply.send(manageAnswer(publicBooking(booking)));
    const result = await changeStay(
      db.pool,
      booking.bookingId,
      booking.manageVersion,
      { checkIn, checkOut, rooms, totalPrice: stay.totalPrice },
      capacityOf(roomId),
      request.ip,
      dryRun,
    );
    if (result.outcome === 'missing') return reply.code(404).send(invalidLink);
    if (result.outcome === 'unavailable' || result.outcome === 'closed' || result.outcome === 'min-stay' || result.outcome === 'guests') {
      const refusal = gate.refused(result);
      return reply.code(refusal.status).send(refusal.body);
    }
    if (result.outcome === 'quoted') {
      const quote: QuoteReply = {
        checkIn,
        checkOut,
        rooms,
        nights: nightsBetween(checkIn, checkOut),
        totalPrice: result.totalPrice,
        previousTotal: booking.totalPrice,
        left: result.left,
      };
      return reply.send(quote);
    }
    mail.onQueued?.();
    request.log.info({ bookingId: booking.bookingId }, 'booking changed by the guest');
    return reply.send(manageAnswer(result.booking));
  }

  // Answers: ManageReply (src/domain/wire.ts) for the change, QuoteReply for the quote.
  const changeRefusals = { 400: Refusal, 404: Refusal, 409: StayRefusal, 429: Refusal };
  app.post(
    '/api/manage/quote',
    { schema: { body: ManageChangeBody, response: { 200: QuoteReplySchema, ...changeRefusals } } },
    (request, reply) => change(request, request.body, reply, true),
  );
  app.put(
    '/api/manage',
    { schema: { body: ManageChangeBody, response: { 200: ManageReplySchema, ...changeRefusals } } },
    (request, reply) => change(request, request.body, reply, false),
  );

  app.post(
    '/api/manage/cancel',
    { schema: { response: { 200: ManageReplySchema, 404: Refusal, 409: Refusal, 429: Refusal } } },
    async (request, reply) => {
      const booking = await tokenBooking(request);
      if (!booking) return reply.code(404).send(invalidLink);
      const result = await cancelBooking(
        db.pool,
        booking.bookingId,
        booking.manageVersion,
        (current) => cancelPolicy(current, mail.cancelFreeDays, today()).canCancel,
        request.ip,
      );
      if (result.outcome === 'missing') return reply.code(404).send(invalidLink);
      if (result.outcome === 'too-late')
        return reply.code(409).send({ error: 'Conflict', message: cancelPolicy(booking, mail.cancelFreeDays, today()).message });
      mail.onQueued?.();
      payments.kick();
      request.log.info({ bookingId: booking.bookingId }, 'booking cancelled by the guest');
      return manageAnswer(result.booking);
    },
  );

  app.post('/api/bookings/link', { schema: { body: LinkBody, response: { 202: LinkReply, 429: Refusal } } }, async (request, reply) => {
    const bookingId = request.body.bookingId.trim().toUpperCase();
    const booking = await findBooking(db.pool, bookingId);
    const matches =
      booking !== null &&
      booking.checkOut !== null &&
      booking.email.trim().toLowerCase() === request.body.email.trim().toLowerCase() &&
      today() <= linkValidUntil(booking.checkOut);
    // At most 3 link emails per booking an hour, whoever asks: the guest's inbox is not a target.
    if (matches && !(await takeLimits(db.pool, [{ key: `link-mail:${bookingId}`, max: 3, windowSeconds: 3600 }]))) {
      await queueLinkMail(db.pool, bookingId);
      mail.onQueued?.();
    }
    return reply.code(202).send(linkAnswer);
  });
};
