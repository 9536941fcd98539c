import type { FastifyInstance, FastifyRequest } from 'fastify';

/** The header our own pages send with every state-changing request. */
export const clientHeader = 'x-requested-with';
export const clientHeaderValue = 'hotel-site';

/**
 * Whether the request says it comes from a page of another site. Its Origin must name one of the
 * hotel's own host names (config.ts, siteHostNames) and the host the request was sent to: a page
 * of evil.example whose name was pointed at this server (DNS rebinding) sends Origin and Host both
 * naming evil.example, which agree with each other but are not the hotel's.
 */
function crossSite(request: FastifyRequest, siteHosts: ReadonlySet<string>): boolean {
  const site = request.headers['sec-fetch-site'];
  if (site && site !== 'same-origin' && site !== 'none') return true;
  const origin = request.headers.origin;
  if (!origin) return false;
  try {
    const from = new URL(origin);
    return from.host !== request.headers.host || !siteHosts.has(from.hostname.toLowerCase());
  } catch {
    return true;
  }
}

/**
 * The one state-changing request that does not come from the site: Razorpay's webhook, trusted by
 * its signature over the raw body instead (server/routes/payments.ts). Exactly this route, as
 * routing matched it.
 */
export const webhookRoute = '/api/payments/razorpay/webhook';

/**
 * CSRF defence for everyone (guests have no session to hold a token): a state-changing request
 * must carry our custom header, which a cross-site form cannot send and a cross-site script can
 * send only after a CORS preflight we never grant, and must not say it comes from another site.
 * Admin requests also need the session's CSRF token (plugins/adminAuth.ts).
 */
export function registerSameOriginCheck(app: FastifyInstance, siteHosts: readonly string[]): void {
  const allowed = new Set(siteHosts.map((name) => name.toLowerCase()));
  app.addHook('onRequest', async (request, reply) => {
    if (request.method === 'GET' || request.method === 'HEAD' || request.method === 'OPTIONS') return;
    if (request.method === 'POST' && request.routeOptions.url === webhookRoute) return;
    // Every path, not only URLs that start with /api/: routing decodes /%61pi/… to /api/…, and no
    // page takes a state-changing request.
    if (crossSite(request, allowed) || request.headers[clientHeader] !== clientHeaderValue) {
      return reply.code(403).send({ error: 'Forbidden', message: 'This request must come from the hotel site itself.' });
    }
  });
}
