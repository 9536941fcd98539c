import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import type { Database } from '../db/database';
import { burstBookings, burstSources, deleteBurst } from '../db/burstQueries';
import { ownerOnly, requireAdmin } from '../plugins/adminAuth';
import { BurstBookingsReply, BurstDeletedReply, BurstsReply, Refusal } from '../../src/domain/wire';

/**
 * Undoing an attack on the inventory (issue 25): which addresses and emails made the most
 * bookings lately, their bookings, and deleting them all at once (soft, audited, restorable).
 */

const hours = Type.Optional(Type.Integer({ minimum: 1, maximum: 720, description: 'how far back, default 24' }));
const BurstsQuery = Type.Object({ hours }, { additionalProperties: false });
const BurstQuery = Type.Object(
  {
    address: Type.Optional(Type.String({ minLength: 1, maxLength: 64, pattern: '^[0-9A-Fa-f.:/]+$' })),
    email: Type.Optional(Type.String({ minLength: 1, maxLength: 254 })),
    hours,
  },
  { additionalProperties: false },
);
const oneSource = { error: 'Bad Request', message: 'Give either address or email (one of them).' };

export const adminBurstRoutes: FastifyPluginAsyncTypebox<{ db: Database }> = async (app, { db }) => {
  app.addHook('onRequest', requireAdmin(db.pool));
  app.addHook('onRequest', ownerOnly);

  app.get('/api/admin/bursts', { schema: { querystring: BurstsQuery, response: { 200: BurstsReply } } }, async (request) => {
    const within = request.query.hours ?? 24;
    const [addresses, emails] = await Promise.all([burstSources(db.pool, 'address', within), burstSources(db.pool, 'email', within)]);
    return {
      hours: within,
      addresses: addresses.map(({ source, ...counts }) => ({ address: source, ...counts })),
      emails: emails.map(({ source, ...counts }) => ({ email: source, ...counts })),
    };
  });

  app.get(
    '/api/admin/bursts/bookings',
    { schema: { querystring: BurstQuery, response: { 200: BurstBookingsReply, 400: Refusal } } },
    async (request, reply) => {
      const { address, email } = request.query;
      if ((address === undefined) === (email === undefined)) return reply.code(400).send(oneSource);
      const items = await burstBookings(db.pool, { address, email, hours: request.query.hours ?? 24 });
      return { items };
    },
  );

  app.delete(
    '/api/admin/bursts/bookings',
    { schema: { querystring: BurstQuery, response: { 200: BurstDeletedReply, 400: Refusal } } },
    async (request, reply) => {
      const { address, email } = request.query;
      if ((address === undefined) === (email === undefined)) return reply.code(400).send(oneSource);
      const within = request.query.hours ?? 24;
      const bookingIds = await deleteBurst(db.pool, { address, email, hours: within }, request.ip, request.admin!.username);
      request.log.info({ address, deleted: bookingIds.length, admin: request.admin?.username }, 'burst of bookings deleted');
      return { deleted: bookingIds.length, bookingIds };
    },
  );
};
