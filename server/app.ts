import cookie from '@fastify/cookie';
import helmet from '@fastify/helmet';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import AjvCompiler from '@fastify/ajv-compiler';
import type { ValidatorFactory } from '@fastify/ajv-compiler';
import Fastify from 'fastify';
import type { FastifyRequest, FastifyServerOptions } from 'fastify';
import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { Database } from './db/database';
import { bodyLimit } from './limits';
import { registerAdminDecorator } from './plugins/adminAuth';
import { registerForwardedForCheck } from './plugins/forwardedFor';
import { answerUnroutable, registerErrorHandling } from './plugins/errors';
import { registerPlainTextCheck } from './plugins/plainText';
import { isApiRequest } from './plugins/paths';
import { registerResponseSchemas } from './plugins/responses';
import { registerSameOriginCheck } from './plugins/sameOrigin';
import { defaultLimits } from './requestLimits';
import type { RequestLimits } from './requestLimits';
import { defaultChannelSettings } from './channels/channelSettings';
import type { ChannelSettings } from './channels/channelSettings';
import { adminBookingRoutes } from './routes/adminBookings';
import { adminBurstRoutes } from './routes/adminBursts';
import { adminChannelRoutes } from './routes/adminChannels';
import { adminDeskRoutes } from './routes/adminDesk';
import { adminFolioRoutes } from './routes/adminFolio';
import { adminFormCRoutes } from './routes/adminFormC';
import { adminImportRoutes } from './routes/adminImport';
import { adminOutboxRoutes } from './routes/adminOutbox';
import { adminPriceRoutes } from './routes/adminPrices';
import { adminReportRoutes } from './routes/adminReports';
import { adminRoomRoutes } from './routes/adminRooms';
import { adminSessionRoutes } from './routes/adminSession';
import { adminStaffRoutes } from './routes/adminStaff';
import { availabilityRoutes } from './routes/availability';
import { bookingRoutes } from './routes/bookings';
import { calendarRoutes } from './routes/calendars';
import { healthRoutes } from './routes/health';
import { manageRoutes } from './routes/manage';
import { adminPaymentRoutes } from './routes/adminPayments';
import { paymentRoutes } from './routes/payments';
import { createPayments } from './payments/payments';
import type { PaymentsService } from './payments/payments';
import type { MailContext } from './mail/outbox';
import { siteHostNames } from './config';
import { pagePolicy, readSite, registerSite } from './site';
import { createStayGate } from './stayGate';
import type { StayGate } from './stayGate';

export interface AppOptions {
  db: Database;
  /** The production build to serve; without it only the API runs (API tests). */
  distDir?: string;
  logger?: FastifyServerOptions['logger'];
  /** Rate limits, the booking horizon and the room-nights cap (defaults: requestLimits.ts). */
  limits?: Partial<RequestLimits>;
  /** Behind a proxy: trust its X-Forwarded-For / -Proto (a hop count or addresses; see config.ts, never `true`). */
  trustProxy?: false | number | string | string[];
  /** Emails and the manage link (PUBLIC_URL, CANCEL_FREE_DAYS, whether SMTP is set; defaults below). */
  mail?: Partial<MailContext>;
  /** The clock every route reads "today" at the hotel from (server/bookingRules.ts hotelToday; tests set it; default the real one). */
  now?: () => Date;
  /** The stay's rules (server/stayGate.ts); default: one on `now` and `limits`. */
  gate?: StayGate;
  /** Channel calendars: how often they are read, and the bounds on reading one (config.ts). */
  channels?: Partial<ChannelSettings>;
  /** Payments through Razorpay (server/payments/); without it, none: every guest pays at the hotel. */
  payments?: PaymentsService;
  /** The host names the hotel's pages are served under (config.ts, siteHostNames; default from the mail's publicUrl). */
  siteHosts?: string[];
}

export const defaultMail: MailContext = { publicUrl: 'http://localhost:8080', cancelFreeDays: 2, smtpConfigured: false };

/** A request ID a proxy set is kept when it looks like one; anything else (7,000 characters, markup) is replaced. */
function requestId(request: IncomingMessage): string {
  const given = request.headers['x-request-id'];
  return typeof given === 'string' && /^[A-Za-z0-9._:-]{1,64}$/.test(given) ? given : randomUUID();
}

/**
 * Query parameters of the back office whose values a log line may show: paging, periods, formats.
 * Any other (a search: a guest's name, mobile, email or passport number) is logged as [redacted],
 * so that what staff look up never reaches the request log.
 */
const loggedAdminParams = new Set(['page', 'pageSize', 'limit', 'show', 'from', 'to', 'days', 'date', 'month', 'fy', 'format', 'roomId']);

/** The request's URL as its log line shows it. */
export function loggedUrl(url: string): string {
  const query = url.indexOf('?');
  if (query < 0 || !/^\/api\/admin\//i.test(url)) return url;
  const params = new URLSearchParams(url.slice(query + 1));
  const shown = [...params].map(([name, value]) => `${name}=${loggedAdminParams.has(name) ? encodeURIComponent(value) : '[redacted]'}`);
  return `${url.slice(0, query)}?${shown.join('&')}`;
}

/** Fastify's own request serializer, with the URL as loggedUrl shows it. */
const requestSerializer = (request: FastifyRequest) => ({
  method: request.method,
  url: loggedUrl(request.url),
  version: [request.headers['accept-version']].flat()[0],
  host: request.host,
  remoteAddress: request.ip,
  remotePort: request.socket?.remotePort,
});

function withRequestSerializer(logger: FastifyServerOptions['logger']): FastifyServerOptions['logger'] {
  if (!logger) return false;
  const options = logger === true ? {} : logger;
  return { ...options, serializers: { ...options.serializers, req: requestSerializer } };
}

/**
 * A hop count trusts the nearest `hops` addresses whoever they are (Fastify itself now refuses a
 * number, trusting nothing): right only when nothing but the proxies can reach the server.
 */
function proxyTrust(trust: false | number | string | string[]): FastifyServerOptions['trustProxy'] {
  return typeof trust === 'number' ? (_address: string, hop: number) => hop < trust : trust;
}

/**
 * Types as sent: a JSON body is checked as it is ("2" is not a number, null is not 0). Only the
 * query string and path, which are text by nature, are converted to the numbers their schemas
 * name (?page=2).
 */
type RouteDefinition = { schema: unknown; httpPart?: string };
type Compile = (route: RouteDefinition) => unknown;
// @fastify/ajv-compiler's declared types do not say what it is given at run time (the route).
const ajvPool = AjvCompiler() as unknown as (externalSchemas: unknown, options: { customOptions: Record<string, unknown> }) => Compile;
function buildValidator(externalSchemas: unknown): Compile {
  const options = (coerceTypes: false | 'array') => ({ customOptions: { removeAdditional: false, allErrors: false, coerceTypes } });
  const asSent = ajvPool(externalSchemas, options(false));
  const fromText = ajvPool(externalSchemas, options('array'));
  return (route) => (route.httpPart === 'body' ? asSent : fromText)(route);
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
    logger: withRequestSerializer(options.logger),
    bodyLimit,
    trustProxy: proxyTrust(options.trustProxy ?? false),
    requestIdHeader: false,
    genReqId: requestId,
    // Whole-request bound: a stalled client or database cannot hold a request for ever.
    requestTimeout: 30_000,
    schemaController: { compilersFactory: { buildValidator: buildValidator as unknown as ValidatorFactory } },
    // Answered before any hook runs, so without the headers helmet adds: they are set there.
    frameworkErrors: answerUnroutable({
      'content-security-policy': policyHeader(directives),
      'x-content-type-options': 'nosniff',
      'x-frame-options': 'SAMEORIGIN',
    }),
  }).withTypeProvider<TypeBoxTypeProvider>();

  // First: every later hook and handler reads the client's address.
  if (options.trustProxy) registerForwardedForCheck(app);
  registerErrorHandling(app);
  // Before any route: each is checked for, and given, the answers it can make.
  registerResponseSchemas(app);
  registerAdminDecorator(app);
  // Once close() has begun, answers end their connection: a keep-alive connection whose request
  // was in flight would otherwise keep a graceful stop waiting for keepAliveTimeout (72 s).
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  app.addHook('onSend', async (request, reply) => {
    reply.header('X-Request-Id', request.id);
    // The path routing decoded (/%61pi/… is /api/…), not the raw URL.
    if (isApiRequest(request)) reply.header('Cache-Control', 'no-store');
    // HSTS only means something over HTTPS (behind a trusted proxy: X-Forwarded-Proto).
    if (request.protocol === 'https') reply.header('Strict-Transport-Security', 'max-age=31536000; includeSubDomains');
    if (closing) reply.header('Connection', 'close');
  });

  await app.register(cookie);

  await app.register(helmet, {
    contentSecurityPolicy: { useDefaults: false, directives },
    // Sent in onSend above, over HTTPS only.
    strictTransportSecurity: false,
    crossOriginEmbedderPolicy: false,
  });
  // After helmet: hooks run in the order they were added, and a refusal must carry its headers too.
  const mail: MailContext = { ...defaultMail, ...options.mail };
  registerSameOriginCheck(app, options.siteHosts ?? siteHostNames(mail.publicUrl));
  registerPlainTextCheck(app);

  if (site) await registerSite(app, site);
  const now = options.now ?? (() => new Date());
  const limits: RequestLimits = { ...defaultLimits, ...options.limits };
  // Every route that takes nights asks this one gate (its rules, its words, the hotel's today).
  const gate = options.gate ?? createStayGate({ now, limits });
  await app.register(healthRoutes, { db: options.db });
  await app.register(availabilityRoutes, { db: options.db, gate });
  const payments =
    options.payments ??
    createPayments({ pool: options.db.pool, config: null, publicUrl: mail.publicUrl, onMail: mail.onQueued, today: gate.today, gate });
  await app.register(bookingRoutes, { db: options.db, limits, gate });
  await app.register(adminSessionRoutes, { db: options.db });
  await app.register(adminBookingRoutes, { db: options.db, gate });
  await app.register(adminBurstRoutes, { db: options.db });
  await app.register(adminImportRoutes, { db: options.db, gate });
  await app.register(manageRoutes, { db: options.db, limits, mail, gate, payments });
  await app.register(adminOutboxRoutes, { db: options.db, mail });
  await app.register(adminStaffRoutes, { db: options.db });
  await app.register(adminDeskRoutes, { db: options.db, gate, payments, mail });
  await app.register(adminFolioRoutes, { db: options.db });
  await app.register(adminFormCRoutes, { db: options.db, now });
  await app.register(adminPriceRoutes, { db: options.db, now });
  await app.register(adminReportRoutes, { db: options.db, now });
  const channels: ChannelSettings = { ...defaultChannelSettings, ...options.channels };
  await app.register(adminRoomRoutes, { db: options.db, now });
  await app.register(adminChannelRoutes, { db: options.db, mail, channels, horizonDays: limits.horizonDays, now });
  await app.register(calendarRoutes, { db: options.db, publicUrl: mail.publicUrl, now });
  await app.register(paymentRoutes, { db: options.db, payments, limits, cancelFreeDays: mail.cancelFreeDays, gate });
  await app.register(adminPaymentRoutes, { db: options.db, payments, publicUrl: mail.publicUrl });
  return app;
}

export type App = Awaited<ReturnType<typeof buildApp>>;
