import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Refusal, ResentReply } from '../../src/domain/wire';
import { OutboxParams, OutboxQuery, OutboxReply } from '../../src/domain/outboxWire';
import { localLinkWarning } from '../config';
import type { Database } from '../db/database';
import { listOutbox, renderContext, resendMessage } from '../mail/outbox';
import type { MailContext } from '../mail/outbox';
import { ownerOnly, requireAdmin } from '../plugins/adminAuth';

/** The admin's Outbox: every message the hotel sent or will send, rendered, and Resend. */
export const adminOutboxRoutes: FastifyPluginAsyncTypebox<{ db: Database; mail: MailContext }> = async (app, { db, mail }) => {
  app.addHook('onRequest', requireAdmin(db.pool));
  app.addHook('onRequest', ownerOnly);

  app.get('/api/admin/outbox', { schema: { querystring: OutboxQuery, response: { 200: OutboxReply } } }, async (request) => ({
    smtpConfigured: mail.smtpConfigured,
    note: mail.smtpConfigured
      ? 'Messages are sent over SMTP (SMTP_URL). A failed try is retried with a growing delay; Resend sends one again.'
      : 'No mail leaves this server: SMTP_URL is not set, so messages wait here (held). Set SMTP_URL (smtp://user:pass@host:587 or smtps://…) and MAIL_FROM and restart to send them.',
    linkWarning: localLinkWarning(mail.publicUrl),
    items: await listOutbox(db.pool, await renderContext(db.pool, mail), request.query.limit ?? 50),
  }));

  app.post(
    '/api/admin/outbox/:id/resend',
    { schema: { params: OutboxParams, response: { 200: ResentReply, 404: Refusal } } },
    async (request, reply) => {
      if (!(await resendMessage(db.pool, request.params.id)))
        return reply.code(404).send({ error: 'Not Found', message: `No message with ID: ${request.params.id}` });
      mail.onQueued?.();
      request.log.info({ id: request.params.id, admin: request.admin?.username }, 'message resent');
      return { resent: request.params.id };
    },
  );
};
