import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type pg from 'pg';
import { touchSession } from '../auth/adminQueries';
import type { AdminSession } from '../auth/adminQueries';

export const sessionCookie = 'hotel_session';
export const guestKeyHeader = 'x-guest-key';

declare module 'fastify' {
  interface FastifyRequest {
    admin: AdminSession | null;
  }
}

/**
 * preHandler for every /api/admin route but sign-in: a live session (401 otherwise; 403 when the
 * caller shows only a guest's key), and for changes the session's CSRF token.
 */
export function requireAdmin(pool: pg.Pool) {
  return async function (request: FastifyRequest, reply: FastifyReply) {
    const token = request.cookies[sessionCookie];
    const session = token ? await touchSession(pool, token) : null;
    if (!session) {
      if (request.headers[guestKeyHeader])
        return reply.code(403).send({ error: 'Forbidden', message: "A guest's booking key does not open the admin area." });
      return reply.code(401).send({ error: 'Unauthorized', message: 'Please sign in as the hotel administrator.' });
    }
    if (request.method !== 'GET' && request.headers['x-csrf-token'] !== session.csrfToken) {
      return reply
        .code(403)
        .send({ error: 'Forbidden', message: 'This request is missing the session’s security token. Reload the page and try again.' });
    }
    request.admin = session;
  };
}

/**
 * After requireAdmin, for what only an owner may do (staff, import and export, bursts, the
 * outbox): 403 for front-desk staff, before any body is read. server/API.md lists the rule of
 * every admin endpoint.
 */
export async function ownerOnly(request: FastifyRequest, reply: FastifyReply) {
  if (request.admin?.role !== 'owner')
    return reply.code(403).send({ error: 'Forbidden', message: 'Only the hotel’s owner may do this; front-desk staff cannot.' });
}

export function registerAdminDecorator(app: FastifyInstance): void {
  app.decorateRequest('admin', null);
}
