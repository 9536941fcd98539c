import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createAdmin, startTestServer } from '../server/support/testServer';
import { startTestDatabase } from '../server/support/testDatabase';

/**
 * Jest's global setup for the browser app's tests: one real hotel server (server/app.ts) on a
 * throwaway embedded PostgreSQL, which the screens' tests in hotel mode reach over real HTTP
 * (test/hotelNetwork.ts). Tests share it, so each makes its own bookings and never counts all.
 */
export default async function startHotelForScreens(): Promise<void> {
  // The screens run on a device in UTC (the workers take this zone), not in the hotel's India:
  // for 5½ hours of every day this device's date is a day behind the hotel's, and the tests of
  // the site's "today" (BookingPage.test.tsx) set its clock to such an hour.
  process.env.TZ = 'UTC';
  const database = await startTestDatabase('embedded');
  const db = await database.open();
  await createAdmin(db);
  // Every test comes from 127.0.0.1: the per-address limits would count the whole suite as one
  // guest, so startTestServer sets them out of reach (and the horizon years ahead).
  // The Channels screen's tests serve a channel's calendar from the test process, on loopback.
  const server = await startTestServer(db, {
    channels: { syncMinutes: 10, fetch: { timeoutMs: 5_000, maxBytes: 1024 * 1024, maxRedirects: 3, allowPrivate: ['127.0.0.1'] } },
  });
  process.env.HOTEL_TEST_URL = server.url;
  // Where stayOfItsOwn (test/hotelNetwork.ts) claims nights no other test books.
  const stays = mkdtempSync(join(tmpdir(), 'hotel-stays-'));
  process.env.HOTEL_TEST_STAYS = stays;
  (globalThis as { hotelForScreens?: unknown }).hotelForScreens = {
    stop: async () => {
      await server.close();
      await database.remove();
      rmSync(stays, { recursive: true, force: true });
    },
  };
}
