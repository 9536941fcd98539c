import pg from 'pg';
import { hotelToday } from '../../server/bookingRules';
import { findBooking } from '../../server/db/bookingQueries';
import { invoiceNumberOf } from '../../server/db/invoiceNumbers';
import { migrate } from '../../server/db/migrate';
import { financialYear, invoiceNumber } from '../support/gstRule';
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
    // Bookings as the confirm and the numbering of migrations 010-012 stored them: priced, with the
    // invoice date on the booking, and numbered there. (Those functions are gone from the
    // migrations, so the rows are written as they left them.)
    const today = hotelToday();
    const fy = financialYear(today);
    const store = async (day: number, number: string | null) => {
      const body = confirmBody({ checkIn: daysFromNow(day), checkOut: daysFromNow(day + 1) });
      const line = { night: body.checkIn, rooms: 1, pricePaise: 300_000, cgstBasisPoints: 250, sgstBasisPoints: 250 };
      await pool.query(
        `INSERT INTO bookings (booking_id, draft_id, guest_key_hash, room_id, room_name, rooms, check_in, check_out, total_price, email,
                               lines, taxable_paise, cgst_paise, sgst_paise, invoice_number, invoice_date)
         VALUES ($1, $2, sha256('key'::bytea), 'deluxe', 'Classic Room', 1, $3, $4, 3000, $5, $6, 300000, 7500, 7500, $7, $8)`,
        [body.bookingId, body.draftId, body.checkIn, body.checkOut, body.email, JSON.stringify([line]), number, today],
      );
      await pool.query(`INSERT INTO room_nights (room_id, night, booked) VALUES ('deluxe', $1, 1)`, [body.checkIn]);
      return body.bookingId;
    };
    const numbered = [await store(10, invoiceNumber(fy, 1)), await store(11, invoiceNumber(fy, 2)), await store(12, invoiceNumber(fy, 3))];
    await pool.query('INSERT INTO invoice_counters (fy, last) VALUES ($1, 3)', [fy]);
    // Confirmed just before the upgrade, its number not given yet (the process stopped for it).
    const waiting = await store(13, null);

    await migrate(pool);

    for (const [i, id] of numbered.entries()) expect((await findBooking(pool, id))?.invoiceNumber).toBe(invoiceNumber(fy, i + 1));
    expect((await findBooking(pool, waiting))?.invoiceNumber).toBeUndefined();
    expect(await invoiceNumberOf(pool, waiting)).toBe(invoiceNumber(fy, 4));
    expect((await findBooking(pool, waiting))?.invoiceNumber).toBe(invoiceNumber(fy, 4));
  });
});
