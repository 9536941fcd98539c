import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { findRoom } from '../../src/domain/rooms';
import { stayProblem } from '../../src/domain/stay';
import { capacities, hotelToday } from '../bookingRules';
import { availability } from '../db/bookingQueries';
import type { Database } from '../db/database';
import { AvailabilityReply, Refusal, StayQuery } from '../../src/domain/wire';

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
};
