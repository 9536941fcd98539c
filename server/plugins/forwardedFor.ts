import type { FastifyInstance } from 'fastify';
import { isIP } from 'node:net';

/**
 * Behind a proxy (TRUST_PROXY), the client's address is read from X-Forwarded-For. A proxy writes
 * there the address it saw, always an IP address; anything else ("hello", "<script>", an address
 * with a port) was written by a client, and would otherwise become "the guest's address" for the
 * rate limits, the audit log and the booking's stored address (issue 35). Such an entry and
 * everything left of it are dropped before the address is read, so the address is the hop that
 * passed it on: the proxy's, or the last proxy's before it.
 */
export function registerForwardedForCheck(app: FastifyInstance): void {
  app.addHook('onRequest', async (request) => {
    const header = request.raw.headers['x-forwarded-for'];
    if (header === undefined) return;
    const entries = [header]
      .flat()
      .join(',')
      .split(',')
      .map((entry) => entry.trim());
    let first = entries.length;
    while (first > 0 && isIP(entries[first - 1]!) !== 0) first--;
    if (first === 0) return;
    const kept = entries.slice(first);
    if (kept.length > 0) request.raw.headers['x-forwarded-for'] = kept.join(', ');
    else delete request.raw.headers['x-forwarded-for'];
  });
}
