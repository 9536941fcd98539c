import type { FastifyPluginAsyncTypebox, TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { manageTokenHeader } from '../../src/domain/wire';
import { checkGuestContact } from '../../src/domain/guestContact';
import { takeBookingLimits } from '../bookingLimits';
import { stayOfferProblem } from '../bookingRules';
import { guestMaySee, sameEmail } from '../auth/guestAccess';
import { holdsGuestKey, guestKeyHash } from '../auth/guestKeys';
import { changeEmail, confirmBooking, findBooking } from '../db/bookingQueries';
import { invoiceOf } from '../db/priceQueries';
import type { StoredBooking } from '../db/bookingQueries';
import type { Database } from '../db/database';
import { emailChangeLimitMessage, emailChangeProblem, emailChangesPerHour } from '../emailChangeRules';
import { guestKeyHeader } from '../plugins/adminAuth';
import { addressKey, lookupLimit, takeLimits, waitWords } from '../requestLimits';
import type { RequestLimits } from '../requestLimits';
import type { StayGate } from '../stayGate';
import {
  BookingEnvelope,
  BookingOrOutline,
  BookingParams,
  ConfirmBody,
  EmailBody,
  LookupBody,
  Refusal,
  StayRefusal,
} from '../../src/domain/wire';
import { InvoiceReply } from '../../src/domain/pricesWire';

export interface BookingRouteOptions {
  db: Database;
  /** Bookings per address and per email, lookups per address. */
  limits: RequestLimits;
  /** The stay's rules and the hotel's today (stayGate.ts). */
  gate: StayGate;
}

function tooMany(reply: FastifyReply, waitSeconds: number, message: string) {
  return reply.code(429).header('Retry-After', String(waitSeconds)).send({ error: 'Too Many Requests', message });
}

/** What a guest sees of a booking: never the guest key's hash. */
function publicBooking({ guestKeyHash: _hidden, ...booking }: StoredBooking) {
  return booking;
}

function holdsKey(request: FastifyRequest, booking: StoredBooking): boolean {
  return holdsGuestKey(request.headers[guestKeyHeader], booking.guestKeyHash);
}

const normaliseId = (id: string) => id.trim().toUpperCase();
const notFoundReply = (bookingId: string) => ({ error: 'Not Found', message: `No booking found with ID: ${bookingId}` });

export const bookingRoutes: FastifyPluginAsyncTypebox<BookingRouteOptions> = async (app, { db, limits, gate }) => {
  app.post(
    '/api/bookings',
    {
      schema: { body: ConfirmBody, response: { 200: BookingEnvelope, 201: BookingEnvelope, 400: Refusal, 409: StayRefusal, 429: Refusal } },
    },
    async (request, reply) => {
      const body = request.body;
      const today = gate.today();
      const refused = gate.check(body);
      if (refused) return reply.code(refused.status).send(refused.body);
      // The guest's name and mobile (issue 34 item 5): the screen's own rule, checked again here.
      const { contact, problem: contactProblem } = checkGuestContact(body);
      if (!contact) return reply.code(400).send({ error: 'Bad Request', message: contactProblem! });
      const stay = stayOfferProblem(body.roomId, body.packageIndex);
      if (typeof stay === 'string') return reply.code(400).send({ error: 'Bad Request', message: stay });
      // Shared by every instance; a retry of a stored draft takes nothing and is answered as before.
      const from = addressKey(request.ip);
      const limited = await takeBookingLimits(db.pool, limits, from, body.email, body.draftId);
      if (limited) {
        request.log.warn({ address: from, limit: limited.limit }, 'booking rate limit');
        return tooMany(reply, limited.waitSeconds, limited.message);
      }
      const result = await confirmBooking(db.pool, {
        draftId: body.draftId,
        bookingId: body.bookingId,
        guestKeyHash: guestKeyHash(body.guestKey),
        roomId: stay.room.id,
        roomName: stay.room.title,
        packageIndex: body.packageIndex,
        rooms: body.rooms,
        checkIn: body.checkIn,
        checkOut: body.checkOut,
        email: body.email.trim(),
        ...contact,
        guests: body.guests ?? null,
        today,
        createdFrom: from,
      });
      if (!('booking' in result)) {
        const refusal = gate.refused(result);
        return reply.code(refusal.status).send(refusal.body);
      }
      if (!result.guestKeyMatches) {
        // Someone else's draft ID: say nothing about the booking behind it.
        return reply.code(409).send({ error: 'Conflict', message: 'This booking draft was already confirmed from another device.' });
      }
      // Held for its payment (issue 37): status awaiting_payment; its payment page asks for the link
      // (POST /api/bookings/:bookingId/payment), so that no confirm waits on Razorpay.
      request.log.info({ bookingId: result.booking.bookingId, outcome: result.outcome }, 'booking confirmed');
      return reply.code(result.outcome === 'created' ? 201 : 200).send({ booking: result.booking });
    },
  );

  // Lookups share one limit per address, kept in PostgreSQL so that every instance counts the
  // same, and walking the 900,000 IDs takes weeks however many instances run.
  await app.register(async (scope) => {
    const lookups = scope.withTypeProvider<TypeBoxTypeProvider>();
    lookups.addHook('preHandler', lookupLimit(db.pool, limits.lookupsPerMinute));

    lookups.get(
      '/api/bookings/:bookingId',
      { schema: { params: BookingParams, response: { 200: BookingOrOutline, 404: Refusal, 429: Refusal } } },
      async (request, reply) => {
        const bookingId = normaliseId(request.params.bookingId);
        const booking = await findBooking(db.pool, bookingId);
        if (!booking) return reply.code(404).send(notFoundReply(bookingId));
        if (holdsKey(request, booking)) return { booking: publicBooking(booking) };
        // Without the key: that it exists and its dates, nothing about who booked it.
        return { booking: { bookingId: booking.bookingId, checkIn: booking.checkIn, checkOut: booking.checkOut } };
      },
    );

    // The tax invoice (issues 22 and 34): for whoever can see the booking as its guest
    // (auth/guestAccess.ts): this browser's key or the manage link's token here, the Booking ID
    // and email below. Every refusal is the same 404 as an unknown ID.
    const noInvoice = (bookingId: string) => ({ error: 'Not Found', message: `No invoice found for booking ID: ${bookingId}` });
    lookups.get(
      '/api/bookings/:bookingId/invoice',
      { schema: { params: BookingParams, response: { 200: InvoiceReply, 404: Refusal, 429: Refusal } } },
      async (request, reply) => {
        const bookingId = normaliseId(request.params.bookingId);
        const found = await invoiceOf(db.pool, bookingId);
        const proof = { guestKey: request.headers[guestKeyHeader], manageToken: request.headers[manageTokenHeader] };
        if (!found || !(await guestMaySee(db.pool, { ...found, bookingId, email: found.invoice.guestEmail }, proof, gate.today())))
          return reply.code(404).send(noInvoice(bookingId));
        return found.invoice;
      },
    );

    lookups.post(
      '/api/bookings/invoice',
      { schema: { body: LookupBody, response: { 200: InvoiceReply, 404: Refusal, 429: Refusal } } },
      async (request, reply) => {
        const bookingId = normaliseId(request.body.bookingId);
        const found = await invoiceOf(db.pool, bookingId);
        // A wrong email gets exactly the answer an unknown ID gets.
        if (
          !found ||
          !(await guestMaySee(
            db.pool,
            { ...found, bookingId, email: found.invoice.guestEmail },
            { email: request.body.email },
            gate.today(),
          ))
        )
          return reply.code(404).send(noInvoice(bookingId));
        return found.invoice;
      },
    );

    lookups.post(
      '/api/bookings/lookup',
      { schema: { body: LookupBody, response: { 200: BookingEnvelope, 404: Refusal, 429: Refusal } } },
      async (request, reply) => {
        const bookingId = normaliseId(request.body.bookingId);
        const booking = await findBooking(db.pool, bookingId);
        // A wrong email gets exactly the answer an unknown ID gets.
        if (!booking || !sameEmail(booking.email, request.body.email)) return reply.code(404).send(notFoundReply(bookingId));
        return { booking: publicBooking(booking) };
      },
    );

    lookups.put(
      '/api/bookings/:bookingId/email',
      { schema: { params: BookingParams, body: EmailBody, response: { 200: BookingEnvelope, 404: Refusal, 409: Refusal, 429: Refusal } } },
      async (request, reply) => {
        const bookingId = normaliseId(request.params.bookingId);
        const booking = await findBooking(db.pool, bookingId);
        const allowed =
          booking &&
          (holdsKey(request, booking) || (request.body.currentEmail !== undefined && sameEmail(booking.email, request.body.currentEmail)));
        if (!booking || !allowed) return reply.code(404).send(notFoundReply(bookingId));
        const email = request.body.email.trim();
        // Refused before anything is counted or mailed (emailChangeRules.ts).
        const problem = emailChangeProblem(booking, email, gate.today());
        if (problem) return reply.code(409).send({ error: 'Conflict', message: problem });
        // Each change mails two addresses: a few an hour per booking, whoever asks, on every instance.
        const limited = await takeLimits(db.pool, [{ key: `email-change:${bookingId}`, max: emailChangesPerHour, windowSeconds: 3600 }]);
        if (limited) return tooMany(reply, limited.waitSeconds, emailChangeLimitMessage(waitWords(limited.waitSeconds)));
        const changed = await changeEmail(db.pool, bookingId, email, 'guest', request.ip);
        if (!changed) return reply.code(404).send(notFoundReply(bookingId));
        return { booking: changed };
      },
    );
  });
};
