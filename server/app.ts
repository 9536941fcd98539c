import cookie from '@fastify/cookie';
import helmet from '@fastify/helmet';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import Fastify from 'fastify';
import type { FastifyServerOptions } from 'fastify';
import { randomUUID } from 'node:crypto';
import type { Database } from './db/database';
import { bodyLimit } from './limits';
import { registerAdminDecorator } from './plugins/adminAuth';
import { answerUnroutable, registerErrorHandling } from './plugins/errors';
import { registerPlainTextCheck } from './plugins/plainText';
import { registerSameOriginCheck } from './plugins/sameOrigin';
import { adminBookingRoutes } from './routes/adminBookings';
import { adminImportRoutes } from './routes/adminImport';
import { adminSessionRoutes } from './routes/adminSession';
import { availabilityRoutes } from './routes/availability';
import { bookingRoutes } from './routes/bookings';
import { healthRoutes } from './routes/health';
import { pagePolicy, readSite, registerSite } from './site';

export interface AppOptions {
  db: Database;
  /** The production build to serve; without it only the API runs (API tests). */
  distDir?: string;
  logger?: FastifyServerOptions['logger'];
  /** Booking lookups per address per minute. */
  lookupsPerMinute?: number;
  /** Behind a proxy: trust its X-Forwarded-For / -Proto (true, a hop count or addresses). */
  trustProxy?: FastifyServerOptions['trustProxy'];
}

function policyHeader(directives: Record<string, string[]>): string {
  return Object.entries(directives)
    .map(([name, values]) => [name, ...values].join(' '))
    .join('; ');
}

/** Builds the server from its parts, without listening (tests call inject() or listen themselves). */
export async function buildApp(options: AppOptions) {
  const site = options.distDir ? readSite(options.distDir) : null;
  const contentSecurityPolicy = site ? pagePolicy(site.app) : null;
  // The pages' own policy, now also as a header, plus what only a header can say (no framing).
  const directives = Object.fromEntries(
    (contentSecurityPolicy ?? "default-src 'self'; script-src 'self'; object-src 'none'; base-uri 'self'; form-action 'self'")
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .filter((words) => words[0])
      .map(([name, ...values]) => [name!, values]),
  );
  directives['frame-ancestors'] = ["'none'"];
  const app = Fastify({
    logger: options.logger ?? false,
    bodyLimit,
    trustProxy: options.trustProxy ?? false,
    requestIdHeader: 'x-request-id',
    genReqId: () => randomUUID(),
    // Whole-request bound: a stalled client or database cannot hold a request for ever.
    requestTimeout: 30_000,
    ajv: { customOptions: { removeAdditional: false, coerceTypes: 'array', allErrors: false } },
    // Answered before any hook runs, so without the headers helmet adds: they are set there.
    frameworkErrors: answerUnroutable({
      'content-security-policy': policyHeader(directives),
      'x-content-type-options': 'nosniff',
      'x-frame-options': 'SAMEORIGIN',
    }),
  }).withTypeProvider<TypeBoxTypeProvider>();

  registerErrorHandling(app);
  registerAdminDecorator(app);
  // Once close() has begun, answers end their connection: a keep-alive connection whose request
  // was in flight would otherwise keep a graceful stop waiting for keepAliveTimeout (72 s).
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  app.addHook('onSend', async (request, reply) => {
    reply.header('X-Request-Id', request.id);
    if (request.url.startsWith('/api/')) reply.header('Cache-Control', 'no-store');
    if (closing) reply.header('Connection', 'close');
  });

  await app.register(cookie);

  await app.register(helmet, {
    contentSecurityPolicy: { useDefaults: false, directives },
    // HSTS only means something over HTTPS; browsers ignore it on http://localhost.
    strictTransportSecurity: { maxAge: 31_536_000, includeSubDomains: true },
    crossOriginEmbedderPolicy: false,
  });
  // After helmet: hooks run in the order they were added, and a refusal must carry its headers too.
  registerSameOriginCheck(app);
  registerPlainTextCheck(app);

  if (site) await registerSite(app, site);
  await app.register(healthRoutes, { db: options.db });
  await app.register(availabilityRoutes, { db: options.db });
  await app.register(bookingRoutes, { db: options.db, lookupsPerMinute: options.lookupsPerMinute ?? 30 });
  await app.register(adminSessionRoutes, { db: options.db });
  await app.register(adminBookingRoutes, { db: options.db });
  await app.register(adminImportRoutes, { db: options.db });
  return app;
}

export type App = Awaited<ReturnType<typeof buildApp>>;
