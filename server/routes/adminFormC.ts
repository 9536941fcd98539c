import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply } from 'fastify';
import { Type } from '@sinclair/typebox';
import { formCFields, particularsProblem, trimmedParticulars } from '../../src/domain/formC';
import {
  FormCAnswerBody,
  FormCExportQuery,
  FormCGuest,
  FormCGuestParams,
  FormCParticulars,
  FormCPendingReply,
  FormCReply,
  FormCSettings,
} from '../../src/domain/formCWire';
import { BookingParams, Refusal } from '../../src/domain/wire';
import { hotelToday } from '../bookingRules';
import { toCsv } from '../csv';
import type { Database } from '../db/database';
import {
  answerForeignGuests,
  auditExport,
  formCOf,
  markSubmitted,
  pendingFormC,
  removeGuest,
  retentionDays,
  saveGuest,
  setRetentionDays,
} from '../db/formCQueries';
import type { FormCWrite } from '../db/formCQueries';
import { ownerOnly, requireAdmin } from '../plugins/adminAuth';

/**
 * Form C for guests from abroad (issue 40), for owners and front-desk staff alike; the retention
 * period is the owner's. Passport and visa particulars are personal data: these routes are the
 * only ones that read them, and they log the booking and the staff member, never a particular.
 */

const answers = { 200: FormCReply, 404: Refusal, 409: Refusal };
const exportFile = {
  content: {
    'text/csv': { schema: Type.String() },
    'application/json': { schema: Type.Object({ bookingId: Type.String(), guests: Type.Array(FormCGuest) }) },
  },
};

export const adminFormCRoutes: FastifyPluginAsyncTypebox<{ db: Database; now: () => Date }> = async (app, { db, now }) => {
  app.addHook('onRequest', requireAdmin(db.pool));
  const notFound = (reply: FastifyReply, bookingId: string) =>
    reply.code(404).send({ error: 'Not Found', message: `No booking found with ID: ${bookingId}` });
  const idOf = (raw: string) => raw.trim().toUpperCase();

  /** A write's outcome as the answer: the booking's Form C as it now is, or why not. */
  async function answer(outcome: FormCWrite, bookingId: string, reply: FastifyReply, guestId?: number) {
    if (outcome.outcome === 'missing') {
      if (guestId !== undefined && (await formCOf(db.pool, bookingId)))
        return reply.code(404).send({ error: 'Not Found', message: `Booking ${bookingId} has no guest ${guestId} on its Form C.` });
      return notFound(reply, bookingId);
    }
    if (outcome.outcome === 'refused') return reply.code(409).send({ error: 'Conflict', message: outcome.message });
    return reply.send(await formCOf(db.pool, bookingId));
  }

  app.get('/api/admin/form-c', { schema: { response: { 200: FormCPendingReply } } }, async () => {
    const today = hotelToday(now());
    return { today, pending: await pendingFormC(db.pool, today) };
  });

  app.get(
    '/api/admin/form-c/:bookingId',
    { schema: { params: BookingParams, response: { 200: FormCReply, 404: Refusal } } },
    async (request, reply) => {
      const bookingId = idOf(request.params.bookingId);
      const formC = await formCOf(db.pool, bookingId);
      if (!formC) return notFound(reply, bookingId);
      return formC;
    },
  );

  app.put(
    '/api/admin/form-c/:bookingId/answer',
    { schema: { params: BookingParams, body: FormCAnswerBody, response: answers } },
    async (request, reply) => {
      const bookingId = idOf(request.params.bookingId);
      const outcome = await answerForeignGuests(db.pool, bookingId, request.body.foreignGuests, request.admin!.username);
      return answer(outcome, bookingId, reply);
    },
  );

  app.post(
    '/api/admin/form-c/:bookingId/guests',
    { schema: { params: BookingParams, body: FormCParticulars, response: { ...answers, 400: Refusal } } },
    async (request, reply) => {
      const bookingId = idOf(request.params.bookingId);
      const guest = trimmedParticulars(request.body);
      const problem = particularsProblem(guest);
      if (problem) return reply.code(400).send({ error: 'Bad Request', message: problem });
      const outcome = await saveGuest(db.pool, bookingId, null, guest, request.admin!.username);
      if (outcome.outcome === 'done') request.log.info({ bookingId, admin: request.admin!.username }, 'form c guest added');
      return answer(outcome, bookingId, reply);
    },
  );

  app.put(
    '/api/admin/form-c/:bookingId/guests/:guestId',
    { schema: { params: FormCGuestParams, body: FormCParticulars, response: { ...answers, 400: Refusal } } },
    async (request, reply) => {
      const bookingId = idOf(request.params.bookingId);
      const guest = trimmedParticulars(request.body);
      const problem = particularsProblem(guest);
      if (problem) return reply.code(400).send({ error: 'Bad Request', message: problem });
      const outcome = await saveGuest(db.pool, bookingId, request.params.guestId, guest, request.admin!.username);
      if (outcome.outcome === 'done') request.log.info({ bookingId, admin: request.admin!.username }, 'form c guest changed');
      return answer(outcome, bookingId, reply, request.params.guestId);
    },
  );

  app.delete(
    '/api/admin/form-c/:bookingId/guests/:guestId',
    { schema: { params: FormCGuestParams, response: answers } },
    async (request, reply) => {
      const bookingId = idOf(request.params.bookingId);
      const outcome = await removeGuest(db.pool, bookingId, request.params.guestId, request.admin!.username);
      return answer(outcome, bookingId, reply, request.params.guestId);
    },
  );

  // The desk submitted it on the FRRO portal: from then on its guests stay (a correction is an edit).
  app.put(
    '/api/admin/form-c/:bookingId/submitted',
    { schema: { params: BookingParams, body: Type.Object({}, { additionalProperties: false }), response: answers } },
    async (request, reply) => {
      const bookingId = idOf(request.params.bookingId);
      const outcome = await markSubmitted(db.pool, bookingId, hotelToday(now()), request.admin!.username);
      return answer(outcome, bookingId, reply);
    },
  );

  // The FRRO portal's particulars of one booking, only when asked for (a button on its screen); audited.
  app.get(
    '/api/admin/form-c/:bookingId/export',
    { schema: { params: BookingParams, querystring: FormCExportQuery, response: { 200: exportFile, 404: Refusal } } },
    async (request, reply) => {
      const bookingId = idOf(request.params.bookingId);
      const formC = await formCOf(db.pool, bookingId);
      if (!formC) return notFound(reply, bookingId);
      await auditExport(db.pool, bookingId, request.admin!.username, request.query.format);
      const name = `form-c-${bookingId}.${request.query.format}`;
      reply.header('Content-Disposition', `attachment; filename="${name}"`);
      if (request.query.format === 'csv')
        return reply.header('Content-Type', 'text/csv; charset=utf-8').send(
          toCsv(
            formCFields.map(([, label]) => label),
            formC.guests.map((guest) => formCFields.map(([field]) => guest[field])),
          ),
        );
      return reply
        .header('Content-Type', 'application/json; charset=utf-8')
        .send(JSON.stringify({ bookingId, guests: formC.guests }, null, 2));
    },
  );

  app.get('/api/admin/form-c-settings', { schema: { response: { 200: FormCSettings } } }, async () => ({
    retentionDays: await retentionDays(db.pool),
  }));

  app.put(
    '/api/admin/form-c-settings',
    { onRequest: ownerOnly, schema: { body: FormCSettings, response: { 200: FormCSettings } } },
    async (request) => {
      await setRetentionDays(db.pool, request.body.retentionDays, request.admin!.username);
      return { retentionDays: request.body.retentionDays };
    },
  );
};
