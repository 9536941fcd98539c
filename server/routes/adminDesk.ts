import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply } from 'fastify';
import { createHash, randomBytes } from 'node:crypto';
import { makeBookingId } from '../../src/domain/bookingId';
import { checkGuestContact } from '../../src/domain/guestContact';
import { isIsoDate } from '../../src/domain/dates';
import { BookingParams, Refusal, StayRefusal } from '../../src/domain/wire';
import { DeskBookingReply, DeskBookingBody, DeskQuery, DeskReply, MoveReply, StatusBody } from '../../src/domain/deskWire';
import { capacityOf, stayOfferProblem } from '../bookingRules';
import { confirmBooking } from '../db/bookingQueries';
import type { Database } from '../db/database';
import { auditDeskBooking, deskDay, moveStatus, undoMove } from '../db/deskQueries';
import { moveToRoom, overbookedNights, roomsOfNight } from '../db/roomQueries';
import { typeTitle } from '../channels/channelSync';
import { RoomMoveBody, RoomMoveReply } from '../../src/domain/roomsWire';
import type { MoveOutcome } from '../db/deskQueries';
import { requireAdmin } from '../plugins/adminAuth';
import type { StayGate } from '../stayGate';
import type { DeskBooking } from '../../src/domain/deskWire';
import type { MailContext } from '../mail/outbox';
import { attention } from '../payments/paymentQueries';
import type { PaymentsService } from '../payments/payments';
import { deskConfirmAnswer } from './payments';
import { cancelPolicy } from './manage';
import { longDate } from '../../src/domain/dateWords';

export interface DeskRouteOptions {
  db: Database;
  /** The stay's rules and the hotel's today (stayGate.ts). */
  gate: StayGate;
  /** Issue 37: a phone booking's link to pay; a cancel's refund. */
  payments: PaymentsService;
  mail: Pick<MailContext, 'cancelFreeDays'>;
}

const conflict = { error: 'Conflict' };
const moveAnswers = { 200: MoveReply, 403: Refusal, 404: Refusal, 409: Refusal };

/**
 * Today at the desk (issue 23), for owners and front-desk staff alike: a day's arrivals,
 * departures and guests in the house; check-in, check-out, no-show, cancel and undo; and phone
 * and walk-in bookings, through the confirm's own SQL function (same inventory rule, same IDs,
 * same confirmation email through the outbox).
 */
/**
 * What is paid and due on each booking of the desk's lists, and the link to pay while one waits for
 * it (issue 37): the stay's bill as folio_sums sums it (issue 40: the advance paid online and the
 * payments taken at the desk, against the room nights and the services posted), so the desk's
 * line and the bill screen never disagree.
 */
async function withPayments(db: Database, entries: DeskBooking[]): Promise<void> {
  if (entries.length === 0) return;
  const { rows } = await db.pool.query<{
    booking_id: string;
    paid: string;
    due: string;
    posted: boolean;
    pay_url: string | null;
    hold_expires_at: Date | null;
  }>(
    `SELECT b.booking_id, (f.advance_paise + f.payments_paise)::text AS paid, greatest(f.balance_paise, 0)::text AS due,
            (f.charges_paise <> 0 OR f.payments_paise <> 0) AS posted,
            (SELECT p.short_url FROM payments p WHERE p.booking_id = b.booking_id AND p.state = 'open' LIMIT 1) AS pay_url, b.hold_expires_at
       FROM bookings b CROSS JOIN LATERAL folio_sums(b.booking_id) AS f WHERE b.booking_id = ANY($1)`,
    [[...new Set(entries.map((e) => e.bookingId))]],
  );
  const byId = new Map(rows.map((row) => [row.booking_id, row]));
  for (const entry of entries) {
    const row = byId.get(entry.bookingId);
    if (!row || (Number(row.paid) === 0 && !row.posted && !row.pay_url && entry.status !== 'awaiting_payment')) continue;
    entry.payment = {
      paidPaise: Number(row.paid),
      duePaise: Number(row.due),
      payUrl: row.pay_url,
      holdExpiresAt: row.hold_expires_at?.toISOString() ?? null,
    };
  }
}

export const adminDeskRoutes: FastifyPluginAsyncTypebox<DeskRouteOptions> = async (app, { db, gate, payments, mail }) => {
  app.addHook('onRequest', requireAdmin(db.pool));
  const today = gate.today;
  const actorOf = (request: { admin: { username: string } | null; ip: string }) => ({
    staff: request.admin!.username,
    address: request.ip,
  });

  app.get(
    '/api/admin/desk',
    {
      schema: { querystring: DeskQuery, response: { 200: DeskReply, 400: Refusal } },
    },
    async (request, reply) => {
      const date = request.query.date ?? today();
      if (!isIsoDate(date)) return reply.code(400).send({ error: 'Bad Request', message: 'date: must be a date (YYYY-MM-DD)' });
      const [day, rooms, overbooked] = await Promise.all([
        deskDay(db.pool, date, today()),
        roomsOfNight(db.pool, date, typeTitle),
        overbookedNights(db.pool, today(), typeTitle),
      ]);
      await withPayments(db, [...day.arrivals, ...day.departures, ...day.inHouse]);
      return { date, today: today(), ...day, rooms, overbooked, attention: await attention(db.pool) };
    },
  );

  function answer(outcome: MoveOutcome, bookingId: string, reply: FastifyReply) {
    if (outcome.outcome === 'missing')
      return reply.code(404).send({ error: 'Not Found', message: `No booking found with ID: ${bookingId}` });
    if (outcome.outcome === 'refused') return reply.code(409).send({ ...conflict, message: outcome.message });
    if (outcome.outcome === 'unavailable')
      return reply.code(409).send({ ...conflict, message: 'This move cannot be undone: the rooms it gave back were booked meanwhile.' });
    // A night closed meanwhile, or a minimum stay set since: the refusal a new booking of it gets.
    if (outcome.outcome !== 'moved') {
      const refusal = gate.refused(outcome);
      return reply.code(refusal.status).send(refusal.body);
    }
    return reply.send({ booking: outcome.booking, entry: outcome.entry });
  }

  app.post(
    '/api/admin/bookings/:bookingId/status',
    { schema: { params: BookingParams, body: StatusBody, response: moveAnswers } },
    async (request, reply) => {
      const bookingId = request.params.bookingId.trim().toUpperCase();
      // A cancel within the free period (the guest's own rule, cancelPolicy) refunds all that was
      // paid; later, the owner's share (issue 37).
      const freeCancel = (booking: { checkIn: string | null }) =>
        cancelPolicy({ checkIn: booking.checkIn, status: 'confirmed' }, mail.cancelFreeDays, today()).canCancel;
      // Issue 40: only the owner checks out a guest whose bill still has a balance due.
      const allowBalanceDue = request.body.allowBalanceDue === true && request.body.to === 'checked_out';
      if (allowBalanceDue && request.admin!.role !== 'owner')
        return reply.code(403).send({ error: 'Forbidden', message: 'Only the hotel’s owner may check out a guest with a balance due.' });
      const outcome = await moveStatus(db.pool, bookingId, request.body.to, today(), actorOf(request), freeCancel, allowBalanceDue);
      if (outcome.outcome === 'moved') {
        request.log.info({ bookingId, to: request.body.to, admin: request.admin!.username }, 'booking status');
        if (request.body.to === 'cancelled') payments.kick();
      }
      return answer(outcome, bookingId, reply);
    },
  );

  app.post('/api/admin/bookings/:bookingId/undo', { schema: { params: BookingParams, response: moveAnswers } }, async (request, reply) => {
    const bookingId = request.params.bookingId.trim().toUpperCase();
    const outcome = await undoMove(db.pool, bookingId, capacityOf, today(), actorOf(request));
    return answer(outcome, bookingId, reply);
  });

  // "Move to" (issue 38): the booking's nights from today on in one of its rooms go to another room of its type.
  app.post(
    '/api/admin/bookings/:bookingId/room',
    { schema: { params: BookingParams, body: RoomMoveBody, response: { 200: RoomMoveReply, 404: Refusal, 409: Refusal } } },
    async (request, reply) => {
      const bookingId = request.params.bookingId.trim().toUpperCase();
      const { fromRoom, toRoom } = request.body;
      const outcome = await moveToRoom(db.pool, bookingId, fromRoom, toRoom, today(), actorOf(request));
      if (outcome.outcome === 'missing')
        return reply.code(404).send({ error: 'Not Found', message: `No booking found with ID: ${bookingId}` });
      if (outcome.outcome === 'refused') return reply.code(409).send({ ...conflict, message: outcome.message });
      if (outcome.outcome === 'taken')
        return reply
          .code(409)
          .send({ ...conflict, message: `Room ${outcome.to} is taken on the night of ${longDate(outcome.night)}: nothing was moved.` });
      request.log.info({ bookingId, from: outcome.from, to: outcome.to, admin: request.admin!.username }, 'booking moved to another room');
      return { bookingId, from: outcome.from, to: outcome.to, nights: outcome.nights };
    },
  );

  app.post(
    '/api/admin/desk/bookings',
    {
      schema: {
        body: DeskBookingBody,
        response: { 200: DeskBookingReply, 201: DeskBookingReply, 400: Refusal, 409: StayRefusal, 503: Refusal },
      },
    },
    async (request, reply) => {
      const body = request.body;
      const refused = gate.check(body);
      if (refused) return reply.code(refused.status).send(refused.body);
      // The same rule as a guest's confirm (src/domain/guestContact.ts).
      const { contact, problem: contactProblem } = checkGuestContact(body);
      if (!contact) return reply.code(400).send({ error: 'Bad Request', message: contactProblem! });
      const stay = stayOfferProblem(body.roomId, body.packageIndex);
      if (typeof stay === 'string') return reply.code(400).send({ error: 'Bad Request', message: stay });
      const result = await confirmBooking(db.pool, {
        draftId: body.draftId,
        bookingId: makeBookingId(),
        // No device keeps a key for a booking made at the desk: the guest opens it by the emailed link.
        guestKeyHash: createHash('sha256').update(randomBytes(32)).digest(),
        roomId: stay.room.id,
        roomName: stay.room.title,
        packageIndex: body.packageIndex,
        rooms: body.rooms,
        checkIn: body.checkIn,
        checkOut: body.checkOut,
        email: body.email.trim(),
        ...contact,
        guests: body.guests ?? null,
        // Priced from the owner's rates for these nights, as a guest's confirm is.
        today: today(),
        createdFrom: null,
      });
      if (!('booking' in result)) {
        const refusal = gate.refused(result);
        return reply.code(refusal.status).send(refusal.body);
      }
      // Held for a payment (issue 37): a walk-in pays at the desk, so it is confirmed at once; a
      // phone booking gets its link (shown on the desk to copy, and mailed to the guest).
      let booking = result.booking;
      if (booking.status === 'awaiting_payment' && body.channel === 'walk-in' && (await payments.confirmWithoutPayment(booking.bookingId)))
        booking = { ...booking, status: 'confirmed', holdExpiresAt: undefined };
      const answered = await deskConfirmAnswer(payments, booking, result.outcome === 'created');
      // A retried form (the same draft) is answered with its booking, and not audited twice.
      if (result.outcome === 'created' && answered.code < 300)
        await auditDeskBooking(db.pool, result.booking.bookingId, body.channel, actorOf(request));
      request.log.info({ bookingId: result.booking.bookingId, channel: body.channel, admin: request.admin!.username }, 'desk booking');
      return reply.code(answered.code).send(answered.body);
    },
  );
};
