import type { FastifyInstance } from 'fastify';
import { Refusal } from '../../src/domain/wire';
import { webhookRoute } from './sameOrigin';

/**
 * Every API route answers in a declared shape (issue 35: the admin invoice's schema allowed two of
 * a booking's five statuses, and the desk's invoice answered 500 once a guest checked in). Each
 * route declares the answers its own code makes (200, 404, 409 …); the answers every route of its
 * kind can make through the shared hooks are added here, all `{ error, message }`:
 *
 * - any route: 400 (a query or path holding what PostgreSQL cannot store, plugins/plainText.ts, or
 *   failing its schema), 500 (plugins/errors.ts) and 503 (the database cannot be reached);
 * - a change (POST, PUT, DELETE): 403 (plugins/sameOrigin.ts; not Razorpay's webhook, which that
 *   check lets through), 413 (body too large) and 415 (not JSON; for the webhook, which takes bytes
 *   of any media type, a Content-Type that names none);
 * - an admin route but sign-in and sign-out: 401 (no session) and 403 (a guest key, the CSRF
 *   token, an owner's route for the front desk: plugins/adminAuth.ts).
 *
 * A route under /api without a schema for its success (a 2xx, or a 3xx for a redirect such as the
 * guest's return from Razorpay, whose 303 has no body) stops the start, so that no route can be
 * added without one. test/server/responseSchemas.test.ts sends every route every answer it
 * declares and checks the body against the schema.
 */

export interface RouteAnswers {
  method: string;
  url: string;
  /** The status codes (as Fastify keys them) whose body the route declares. */
  statuses: string[];
  /** Each status's schema: a TypeBox schema, or `{ content: { [type]: { schema } } }` for a file. */
  schemas: Record<string, unknown>;
}

const registry = new WeakMap<FastifyInstance, RouteAnswers[]>();

/** Whose session the admin hooks check: everything under /api/admin/ but signing in and out. */
const openAdminRoutes = new Set(['/api/admin/sign-in', '/api/admin/sign-out']);

export function registerResponseSchemas(app: FastifyInstance): void {
  const routes: RouteAnswers[] = [];
  registry.set(app, routes);
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api/')) return;
    const methods = [route.method].flat().filter((method) => method !== 'HEAD');
    // Fastify's own HEAD twin of a GET route shares the GET's schema.
    if (methods.length === 0) return;
    const schema = (route.schema ??= {});
    const declared = (schema.response ?? {}) as Record<string, unknown>;
    if (!Object.keys(declared).some((status) => /^[23]/.test(status)))
      throw new Error(`${methods.join(',')} ${route.url} declares no response schema for its success (server/plugins/responses.ts).`);
    const changes = methods.some((method) => method !== 'GET');
    const admin = route.url.startsWith('/api/admin/') && !openAdminRoutes.has(route.url);
    const sameOrigin = changes && route.url !== webhookRoute;
    for (const status of [400, 500, 503, ...(changes ? [413, 415] : []), ...(sameOrigin ? [403] : []), ...(admin ? [401, 403] : [])])
      declared[status] ??= Refusal;
    schema.response = declared;
    routes.push({ method: methods.join(','), url: route.url, statuses: Object.keys(declared), schemas: declared });
  });
}

/** Every API route of this app and the answers it declares (for the test that sends them all). */
export function routeAnswers(app: FastifyInstance): RouteAnswers[] {
  return registry.get(app) ?? [];
}
