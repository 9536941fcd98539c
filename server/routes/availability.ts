import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { findRoom } from '../../src/domain/rooms';
import { stayProblem } from '../../src/domain/stay';
import { capacities, hotelToday, stayOfferProblem } from '../bookingRules';
import { stayQuote } from '../db/priceQueries';
import { guestsOfQuery, guestsParamProblem, pricedOrRefused } from '../stayPricing';
import { availability } from '../db/bookingQueries';
import type { Database } from '../db/database';
import { AvailabilityReply, Refusal, StayQuery, StayQuoteQuery, StayQuoteReply, StayRefusal } from '../../src/domain/wire';

export const availabilityRoutes: FastifyPluginAsyncTypebox<{ db: Database; now: () => Date }> = async (app, { db, now }) => {
  app.get(
    '/api/availability',
    { schema: { querystring: StayQuery, response: { 200: AvailabilityReply, 400: Refusal } } },
    async (request, reply) => {
      const { checkIn, checkOut } = request.query;
      const problem = stayProblem(checkIn, checkOut, hotelToday(now()));
      if (problem) return reply.code(400).send({ error: 'Bad Request', message: problem });
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
      const problem = stayProblem(checkIn, checkOut, hotelToday(now())) ?? stayOfferProblem(roomId, packageIndex);
      if (typeof problem === 'string') return reply.code(400).send({ error: 'Bad Request', message: problem });
      const guests = guestsOfQuery(request.query.guests);
      if (guests === undefined) return reply.code(400).send({ error: 'Bad Request', message: guestsParamProblem });
      const quote = await pricedOrRefused(reply, () => stayQuote(db.pool, { roomId, packageIndex, rooms, checkIn, checkOut, guests }));
      return quote ?? reply;
    },
  );
};
