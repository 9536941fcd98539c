import type { AppOptions } from '../../../server/app';
import type { Database } from '../../../server/db/database';
import type { DatabaseKind } from '../../../server/db/database';
import { confirmBody } from './stays';
import { startTestDatabase } from './testDatabase';
import type { TestDatabase } from './testDatabase';
import { api, createAdmin, signIn, startTestServer } from './testServer';
import type { TestServer } from './testServer';

type Init = { method?: string; body?: unknown; headers?: Record<string, string> };

/**
 * A hotel for one test file: a throwaway database of this kind, a server on it, a signed-in owner,
 * and the calls a guest, the desk and the owner make (over real HTTP, as elsewhere).
 */
export interface TestHotel {
  db: Database;
  url: string;
  /** A guest's request (no session). */
  guest(path: string, init?: Init): ReturnType<typeof api>;
  /** The owner's request (session and CSRF token). */
  owner(path: string, init?: Init): ReturnType<typeof api>;
  /** A guest's confirm of confirmBody(overrides); throws unless it is stored. */
  book(overrides?: Record<string, unknown>): Promise<{ bookingId: string; [field: string]: unknown }>;
  /** The manage link's token of a booking, as its confirmation message (in the Outbox) carries it. */
  manageToken(bookingId: string): Promise<string>;
  /** A request with a booking's manage link. */
  manage(token: string, path: string, init?: Init): ReturnType<typeof api>;
  stop(): Promise<void>;
}

export async function startHotel(kind: DatabaseKind, options: Partial<AppOptions> = {}): Promise<TestHotel> {
  const database: TestDatabase = await startTestDatabase(kind);
  const db = await database.open();
  let server: TestServer | null = null;
  try {
    server = await startTestServer(db, options);
    await createAdmin(db);
    const admin = await signIn(server.url);
    const url = server.url;
    const hotel: TestHotel = {
      db,
      url,
      guest: (path, init = {}) => api(url, path, init),
      owner: (path, init = {}) => api(url, path, { ...init, headers: { ...admin.headers, ...init.headers } }),
      async book(overrides = {}) {
        const reply = await api(url, '/api/bookings', { method: 'POST', body: confirmBody(overrides) });
        if (reply.status !== 201) throw new Error(`confirm: ${reply.status} ${JSON.stringify(reply.body)}`);
        return reply.body.booking as { bookingId: string };
      },
      async manageToken(bookingId) {
        const outbox = await hotel.owner('/api/admin/outbox?limit=200');
        const message = (outbox.body.items as Array<{ bookingId: string; kind: string; text: string }>).find(
          (item) => item.bookingId === bookingId && item.kind === 'confirmed',
        );
        const token = message && /\/manage#([A-Za-z0-9_.-]+)/.exec(message.text)?.[1];
        if (!token) throw new Error(`no confirmation with a manage link for ${bookingId}`);
        return token;
      },
      manage: (token, path, init = {}) =>
        api(url, `/api/manage${path}`, { ...init, headers: { 'x-manage-token': token, ...init.headers } }),
      async stop() {
        await server?.close();
        await database.remove();
      },
    };
    return hotel;
  } catch (error) {
    await server?.close();
    await database.remove();
    throw error;
  }
}
