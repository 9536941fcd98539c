import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply } from 'fastify';
import { createHash, randomBytes } from 'node:crypto';
import { makeBookingId } from '../../src/domain/bookingId';
import { isIsoDate } from '../../src/domain/dates';
import { priceStay, stayProblem } from '../../src/domain/stay';
import {
  BookingEnvelope,
  BookingParams,
  DeskBookingBody,
  DeskQuery,
  DeskReply,
  MoveReply,
  Refusal,
  StatusBody,
  StayRefusal,
} from '../../src/domain/wire';
import { limitProblem } from '../bookingLimits';
import { capacityOf, hotelToday, longDate, refusalBody } from '../bookingRules';
import { confirmBooking } from '../db/bookingQueries';
import type { Database } from '../db/database';
import { auditDeskBooking, deskDay, moveStatus, undoMove } from '../db/deskQueries';
import { moveToRoom, overbookedNights, roomsOfNight } from '../db/roomQueries';
import { typeTitle } from '../channels/channelSync';
import { RoomMoveBody, RoomMoveReply } from '../../src/domain/roomsWire';
import type { MoveOutcome } from '../db/deskQueries';
import { requireAdmin } from '../plugins/adminAuth';
import type { RequestLimits } from '../requestLimits';

export interface DeskRouteOptions {
  db: Database;
  limits: RequestLimits;
  /** The clock (tests set it: "today" at the hotel is Asia/Kolkata's date of this instant). */
  now: () => Date;
}

const conflict = { error: 'Conflict' };
const moveAnswers = { 200: MoveReply, 404: Refusal, 409: Refusal };

/**
 * Today at the desk (issue 23), for owners and front-desk staff alike: a day's arrivals,
 * departures and guests in the house; check-in, check-out, no-show, cancel and undo; and phone
 * and walk-in bookings, through the confirm's own SQL function (same inventory rule, same IDs,
 * same confirmation email through the outbox).
 */
export const adminDeskRoutes: FastifyPluginAsyncTypebox<DeskRouteOptions> = async (app, { db, limits, now }) => {
  app.addHook('onRequest', requireAdmin(db.pool));
  const today = () => hotelToday(now());
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
      return { date, today: today(), ...day, rooms, overbooked };
    },
  );

  function answer(outcome: MoveOutcome, bookingId: string, reply: FastifyReply) {
    if (outcome.outcome === 'missing')
      return reply.code(404).send({ error: 'Not Found', message: `No booking found with ID: ${bookingId}` });
    if (outcome.outcome === 'refused') return reply.code(409).send({ ...conflict, message: outcome.message });
    if (outcome.outcome === 'unavailable')
      return reply.code(409).send({ ...conflict, message: 'This move cannot be undone: the rooms it gave back were booked meanwhile.' });
    // A night closed meanwhile, or a minimum stay set since: the refusal a new booking of it gets.
    if (outcome.outcome !== 'moved') return reply.code(409).send(refusalBody(outcome));
    return reply.send({ booking: outcome.booking, entry: outcome.entry });
  }

  app.post(
    '/api/admin/bookings/:bookingId/status',
    { schema: { params: BookingParams, body: StatusBody, response: moveAnswers } },
    async (request, reply) => {
      const bookingId = request.params.bookingId.trim().toUpperCase();
      const outcome = await moveStatus(db.pool, bookingId, request.body.to, today(), actorOf(request));
      if (outcome.outcome === 'moved')
        request.log.info({ bookingId, to: request.body.to, admin: request.admin!.username }, 'booking status');
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
    { schema: { body: DeskBookingBody, response: { 200: BookingEnvelope, 201: BookingEnvelope, 400: Refusal, 409: StayRefusal } } },
    async (request, reply) => {
      const body = request.body;
      const problem = stayProblem(body.checkIn, body.checkOut, today());
      if (problem) return reply.code(400).send({ error: 'Bad Request', message: problem });
      const stay = priceStay(body.roomId, body.packageIndex, body.rooms, body.checkIn, body.checkOut);
      if (typeof stay === 'string') return reply.code(400).send({ error: 'Bad Request', message: stay });
      const overLimit = limitProblem(body, limits, today());
      if (overLimit) return reply.code(409).send({ error: 'Conflict', message: overLimit });
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
        // Priced from the owner's rates for these nights, as a guest's confirm is.
        today: today(),
        createdFrom: null,
      });
      if (!('booking' in result)) return reply.code(409).send(refusalBody(result));
      // A retried form (the same draft) is answered with its booking, and not audited twice.
      if (result.outcome === 'created') await auditDeskBooking(db.pool, result.booking.bookingId, body.channel, actorOf(request));
      request.log.info({ bookingId: result.booking.bookingId, channel: body.channel, admin: request.admin!.username }, 'desk booking');
      return reply.code(result.outcome === 'created' ? 201 : 200).send({ booking: result.booking });
    },
  );
};
