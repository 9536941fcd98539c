import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply } from 'fastify';
import {
  ChargeBody,
  FolioReply,
  LineParams,
  PaymentBody,
  ReversalBody,
  Service,
  ServiceBody,
  ServiceParams,
  ServicesReply,
} from '../../src/domain/folioWire';
import { BookingParams, Refusal } from '../../src/domain/wire';
import type { Database } from '../db/database';
import { FolioRefusal, folioOf, listServices, postToFolio, saveService } from '../db/folioQueries';
import { ownerOnly, requireAdmin } from '../plugins/adminAuth';

/**
 * The running bill at the desk (issue 40; server/API.md "The bill at the desk"): the catalogue of
 * services (everyone on staff reads it, only the owner changes it), and a booking's bill, which the
 * owner and the front desk read and post to while the guest is checked in. A guest never reaches
 * these: every one asks a staff session.
 */
export const adminFolioRoutes: FastifyPluginAsyncTypebox<{ db: Database }> = async (app, { db }) => {
  app.addHook('onRequest', requireAdmin(db.pool));
  const actorOf = (request: { admin: { username: string } | null; ip: string }) => ({
    staff: request.admin!.username,
    address: request.ip,
  });
  const normalise = (bookingId: string) => bookingId.trim().toUpperCase();

  function refused(error: unknown, reply: FastifyReply) {
    if (!(error instanceof FolioRefusal)) throw error;
    return reply.code(error.status).send({ error: error.status === 404 ? 'Not Found' : 'Conflict', message: error.message });
  }

  app.get('/api/admin/services', { schema: { response: { 200: ServicesReply } } }, async () => ({ items: await listServices(db.pool) }));

  app.post(
    '/api/admin/services',
    { onRequest: ownerOnly, schema: { body: ServiceBody, response: { 201: Service, 409: Refusal } } },
    async (request, reply) => {
      try {
        return reply.code(201).send((await saveService(db.pool, null, request.body, actorOf(request)))!);
      } catch (error) {
        return refused(error, reply);
      }
    },
  );

  app.put(
    '/api/admin/services/:serviceId',
    { onRequest: ownerOnly, schema: { params: ServiceParams, body: ServiceBody, response: { 200: Service, 404: Refusal, 409: Refusal } } },
    async (request, reply) => {
      try {
        const saved = await saveService(db.pool, request.params.serviceId, request.body, actorOf(request));
        if (!saved) return reply.code(404).send({ error: 'Not Found', message: `No service with ID ${request.params.serviceId}.` });
        return saved;
      } catch (error) {
        return refused(error, reply);
      }
    },
  );

  const postAnswers = { 201: FolioReply, 404: Refusal, 409: Refusal };
  async function answerFolio(bookingId: string, reply: FastifyReply, code = 200) {
    const folio = await folioOf(db.pool, bookingId);
    if (!folio) return reply.code(404).send({ error: 'Not Found', message: `No booking found with ID: ${bookingId}` });
    return reply.code(code).send(folio);
  }

  app.get(
    '/api/admin/bookings/:bookingId/bill',
    { schema: { params: BookingParams, response: { 200: FolioReply, 404: Refusal } } },
    async (request, reply) => answerFolio(normalise(request.params.bookingId), reply),
  );

  app.post(
    '/api/admin/bookings/:bookingId/bill/charges',
    { schema: { params: BookingParams, body: ChargeBody, response: postAnswers } },
    async (request, reply) => {
      const bookingId = normalise(request.params.bookingId);
      try {
        await postToFolio(db.pool, { kind: 'charge', bookingId, ...request.body }, actorOf(request));
      } catch (error) {
        return refused(error, reply);
      }
      return answerFolio(bookingId, reply, 201);
    },
  );

  app.post(
    '/api/admin/bookings/:bookingId/bill/payments',
    { schema: { params: BookingParams, body: PaymentBody, response: postAnswers } },
    async (request, reply) => {
      const bookingId = normalise(request.params.bookingId);
      try {
        await postToFolio(db.pool, { kind: 'payment', bookingId, ...request.body }, actorOf(request));
      } catch (error) {
        return refused(error, reply);
      }
      return answerFolio(bookingId, reply, 201);
    },
  );

  app.post(
    '/api/admin/bookings/:bookingId/bill/lines/:lineId/reversal',
    { schema: { params: LineParams, body: ReversalBody, response: postAnswers } },
    async (request, reply) => {
      const bookingId = normalise(request.params.bookingId);
      try {
        await postToFolio(
          db.pool,
          { kind: 'reversal', bookingId, lineId: request.params.lineId, note: request.body.note },
          actorOf(request),
        );
      } catch (error) {
        return refused(error, reply);
      }
      return answerFolio(bookingId, reply, 201);
    },
  );
};
