import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { findRoom } from '../../src/domain/rooms';
import { capacities, stayOfferProblem } from '../bookingRules';
import { stayQuote } from '../db/priceQueries';
import { guestsOfQuery, guestsParamProblem, pricedOrRefused } from '../stayPricing';
import { availability } from '../db/bookingQueries';
import type { Database } from '../db/database';
import type { StayGate } from '../stayGate';
import { AvailabilityReply, Refusal, StayQuery, StayQuoteQuery, StayQuoteReply, StayRefusal } from '../../src/domain/wire';

export const availabilityRoutes: FastifyPluginAsyncTypebox<{ db: Database; gate: StayGate }> = async (app, { db, gate }) => {
  app.get(
    '/api/availability',
    { schema: { querystring: StayQuery, response: { 200: AvailabilityReply, 400: Refusal, 409: Refusal } } },
    async (request, reply) => {
      const { checkIn, checkOut } = request.query;
      // Every room type at once: the dates' rules and the horizon refuse; each type's closed nights
      // and minimum stay are answered with its nights (the booking screen shows them), and a
      // confirm or a quote of one type is refused for them.
      const refused = gate.check({ checkIn, checkOut });
      if (refused) return reply.code(refused.status).send(refused.body);
      const rooms = await availability(db.pool, capacities, checkIn, checkOut);
      return { checkIn, checkOut, rooms: rooms.map((room) => ({ ...room, title: findRoom(room.roomId)?.title ?? room.roomId })) };
    },
  );

  // Issue 40: what the confirm would charge for this stay now, its meal plan and guests included:
  // the confirmation screen's figures before Confirm. The same rule as the confirm (stay_price).
  app.get(
    '/api/stay-quote',
    { schema: { querystring: StayQuoteQuery, response: { 200: StayQuoteReply, 400: Refusal, 409: StayRefusal } } },
    async (request, reply) => {
      const { roomId, packageIndex, rooms, checkIn, checkOut } = request.query;
      const refused = gate.check({ roomId, rooms, checkIn, checkOut });
      if (refused) return reply.code(refused.status).send(refused.body);
      const offer = stayOfferProblem(roomId, packageIndex);
      if (typeof offer === 'string') return reply.code(400).send({ error: 'Bad Request', message: offer });
      // What a confirm of this stay would be told, short of the rooms left.
      const closed = await gate.ownerRules(db.pool, { roomId, checkIn, checkOut });
      if (closed) return reply.code(closed.status).send(closed.body);
      const guests = guestsOfQuery(request.query.guests);
      if (guests === undefined) return reply.code(400).send({ error: 'Bad Request', message: guestsParamProblem });
      const quote = await pricedOrRefused(reply, () => stayQuote(db.pool, { roomId, packageIndex, rooms, checkIn, checkOut, guests }));
      return quote ?? reply;
    },
  );
};
