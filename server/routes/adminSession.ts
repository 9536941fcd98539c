import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { claimTry, createSession, endSession, noteFailure, noteSuccess, passwordHashOf, sessionIdleHours } from '../auth/adminQueries';
import { decoyHash, verifyPassword } from '../auth/passwords';
import type { Database } from '../db/database';
import { requireAdmin, sessionCookie } from '../plugins/adminAuth';
import { NoContent, Refusal, SignInBody } from '../../src/domain/wire';
import { AdminSessionReply } from '../../src/domain/staffWire';
import { addressKey } from '../requestLimits';
import { countOf } from '../../src/domain/words';

const wrongCredentials = { error: 'Unauthorized', message: 'Wrong name or password.' };

export const adminSessionRoutes: FastifyPluginAsyncTypebox<{ db: Database }> = async (app, { db }) => {
  app.post(
    '/api/admin/sign-in',
    { schema: { body: SignInBody, response: { 200: AdminSessionReply, 401: Refusal, 429: Refusal } } },
    async (request, reply) => {
      const { username, password } = request.body;
      // Throttled per account and address pair, and per address (OWASP's advice): guesses from
      // elsewhere never keep the owner out, and each address guesses slowly. The same for a name
      // that does not exist. The try is counted before the password is checked (so that guesses sent
      // at once cannot all be checked). When it was right, the name's count from here ends and the
      // address's loses this try only, keeping its earlier failures.
      const address = addressKey(request.ip);
      const pair = `pair:${address} ${username.toLowerCase()}`;
      const keys = [pair, `addr:${address}`];
      const wait = await claimTry(db.pool, keys);
      if (wait > 0) {
        return reply
          .code(429)
          .header('Retry-After', String(wait))
          .send({ error: 'Too Many Requests', message: `Too many sign-in attempts. Try again in ${countOf(wait, 'second')}.` });
      }
      const stored = await passwordHashOf(db.pool, username);
      const matches = await verifyPassword(password, stored ?? decoyHash);
      if (!stored || !matches) {
        await noteFailure(db.pool, keys);
        // Not the typed name: it is often a password typed in the wrong field.
        request.log.warn({ address }, 'failed admin sign-in');
        return reply.code(401).send(wrongCredentials);
      }
      await noteSuccess(db.pool, [pair], [`addr:${address}`]);
      const session = await createSession(db.pool, username);
      reply.setCookie(sessionCookie, session.token, {
        httpOnly: true,
        sameSite: 'strict',
        // Browsers drop Secure cookies on plain http; on anything but localhost the site must be https.
        secure: request.protocol === 'https',
        path: '/api',
        maxAge: sessionIdleHours * 3600 * 30,
      });
      return { username: session.username, csrfToken: session.csrfToken, role: session.role };
    },
  );

  app.post('/api/admin/sign-out', { schema: { response: { 204: NoContent } } }, async (request, reply) => {
    const token = request.cookies[sessionCookie];
    if (token) await endSession(db.pool, token);
    reply.clearCookie(sessionCookie, { path: '/api' });
    return reply.code(204).send(null);
  });

  app.get(
    '/api/admin/session',
    { onRequest: requireAdmin(db.pool), schema: { response: { 200: AdminSessionReply } } },
    async (request) => ({
      username: request.admin!.username,
      csrfToken: request.admin!.csrfToken,
      role: request.admin!.role,
    }),
  );
};
