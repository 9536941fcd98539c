import pg from 'pg';
import { hotelToday } from '../../server/bookingRules';
import { findBooking } from '../../server/db/bookingQueries';
import { invoiceNumberOf } from '../../server/db/invoiceNumbers';
import { migrate } from '../../server/db/migrate';
import { financialYear, invoiceNumber } from '../../src/domain/tax';
import { confirmBody, daysFromNow } from './support/stays';
import { databaseKinds, startTestDatabase } from './support/testDatabase';
import type { TestDatabase } from './support/testDatabase';

// Migration 013 moves invoice numbers from bookings to a table of their own: a hotel that upgrades
// keeps every number it gave, and a booking confirmed but not yet numbered is numbered after it.
describe.each(databaseKinds)('upgrading to the invoices table on %s', (kind) => {
  let database: TestDatabase;
  let pool: pg.Pool;

  beforeAll(async () => {
    database = await startTestDatabase(kind);
    pool = new pg.Pool({ connectionString: database.url, max: 4 });
  });
  afterAll(async () => {
    await pool?.end();
    await database?.remove();
  });

  test('numbers given before the upgrade stay, and the next one follows them without a gap', async () => {
    await migrate(pool, { upTo: 12 });
    const confirm = async (day: number) => {
      const body = confirmBody({ checkIn: daysFromNow(day), checkOut: daysFromNow(day + 1) });
      await pool.query(
        `SELECT * FROM confirm_booking($1, $2, sha256('key'::bytea), 'deluxe', 'Classic Room', 0, 1, $3, $4, $5, NULL, $6)`,
        [body.draftId, body.bookingId, body.checkIn, body.checkOut, body.email, hotelToday()],
      );
      return body.bookingId;
    };
    const numbered = [await confirm(10), await confirm(11), await confirm(12)];
    await pool.query('SELECT * FROM number_invoices()');
    const before = await pool.query<{ booking_id: string; invoice_number: string }>(
      'SELECT booking_id, invoice_number FROM bookings WHERE invoice_number IS NOT NULL ORDER BY invoice_number',
    );
    const fy = financialYear(hotelToday());
    expect(before.rows).toEqual(numbered.map((id, i) => ({ booking_id: id, invoice_number: invoiceNumber(fy, i + 1) })));
    // Confirmed just before the upgrade, its number not given yet (the process stopped for it).
    const waiting = await confirm(13);

    await migrate(pool);

    for (const [i, id] of numbered.entries()) expect((await findBooking(pool, id))?.invoiceNumber).toBe(invoiceNumber(fy, i + 1));
    expect((await findBooking(pool, waiting))?.invoiceNumber).toBeUndefined();
    expect(await invoiceNumberOf(pool, waiting)).toBe(invoiceNumber(fy, 4));
    expect((await findBooking(pool, waiting))?.invoiceNumber).toBe(invoiceNumber(fy, 4));
  });
});
