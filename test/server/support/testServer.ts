import { buildApp } from '../../../server/app';
import type { AppOptions } from '../../../server/app';
import { setAdminPassword } from '../../../server/auth/adminQueries';
import type { Database } from '../../../server/db/database';

export const adminPassword = 'correct horse battery staple';

export interface TestServer {
  url: string;
  close(): Promise<void>;
}

/**
 * Limits no test reaches unless it means to: every test sends from 127.0.0.1, most with the same
 * email, and some book years ahead so as not to share nights. The tests of the limits themselves
 * (test/server/hardening.test.ts) set the ones they test.
 */
export const unlimited = {
  bookingsPerAddressPerHour: 1_000_000,
  bookingsPerAddressPerDay: 1_000_000,
  bookingsPerEmailPerDay: 1_000_000,
  lookupsPerMinute: 1_000_000,
  horizonDays: 36_500,
};

/** A server instance on a free loopback port, reached over real HTTP like a browser would. */
export async function startTestServer(db: Database, options: Partial<AppOptions> = {}): Promise<TestServer> {
  const app = await buildApp({ db, ...options, limits: { ...unlimited, ...options.limits } });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as { port: number };
  return { url: `http://127.0.0.1:${port}`, close: () => app.close() };
}

export async function createAdmin(db: Database, username = 'admin', password = adminPassword): Promise<void> {
  await setAdminPassword(db.pool, username, password);
}

/** Headers our own pages send with a state-changing request. */
export const siteHeaders = { 'content-type': 'application/json', 'x-requested-with': 'hotel-site' };

export async function api(base: string, path: string, init: { method?: string; body?: unknown; headers?: Record<string, string> } = {}) {
  const response = await fetch(base + path, {
    method: init.method ?? 'GET',
    headers: { ...(init.body !== undefined ? siteHeaders : { 'x-requested-with': 'hotel-site' }), ...init.headers },
    body: init.body === undefined ? undefined : typeof init.body === 'string' ? init.body : JSON.stringify(init.body),
  });
  const text = await response.text();
  let json: unknown;
  try {
    json = text ? JSON.parse(text) : null;
  } catch {
    json = text;
  }
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests read any answer's fields and assert them
  return { status: response.status, headers: response.headers, body: json as Record<string, any> };
}

/** Signs in and returns what later admin requests need: the session cookie and the CSRF token. */
export async function signIn(base: string, username = 'admin', password = adminPassword) {
  const response = await api(base, '/api/admin/sign-in', { method: 'POST', body: { username, password } });
  if (response.status !== 200) throw new Error(`sign-in failed: ${response.status} ${JSON.stringify(response.body)}`);
  const cookie = (response.headers.get('set-cookie') ?? '').split(';')[0]!;
  return { cookie, csrfToken: response.body.csrfToken as string, headers: { cookie, 'x-csrf-token': response.body.csrfToken as string } };
}
