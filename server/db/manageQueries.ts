import type pg from 'pg';
import { bookingColumns, roomsLeft, stayRefusalOf, toBooking } from './bookingQueries';
import { inTransaction } from './database';
import type { Booking, BookingRow, StayRefusal } from './bookingQueries';

/**
 * What a guest does with the manage link (issue 24): change the stay, cancel it, ask for the link.
 * Each change is one transaction with its audit entry and its messages (the outbox).
 */

export interface ManagedBooking extends Booking {
  packageIndex: number;
  manageVersion: number;
}

type ManagedRow = BookingRow & { package_index: number; manage_version: number };

const managedColumns = `${bookingColumns}, manage_version`;

/**
 * The booking's guests (issue 40) for the stay's new number of rooms ($4): its first rooms' as
 * they were; rooms added have the adults their price includes (stay_lines); NULL stays NULL.
 */
const guestsKept = `(SELECT jsonb_agg(e.g ORDER BY e.i) FROM jsonb_array_elements(b.guests) WITH ORDINALITY AS e(g, i) WHERE e.i <= $4::int)`;

function toManaged(row: ManagedRow): ManagedBooking {
  return { ...toBooking(row), packageIndex: row.package_index, manageVersion: row.manage_version };
}

export async function findManagedBooking(db: pg.Pool, bookingId: string): Promise<ManagedBooking | null> {
  const { rows } = await db.query<ManagedRow>(`SELECT ${managedColumns} FROM bookings WHERE booking_id = $1 AND deleted_at IS NULL`, [
    bookingId,
  ]);
  return rows[0] ? toManaged(rows[0]) : null;
}

export interface NewStay {
  checkIn: string;
  checkOut: string;
  rooms: number;
  totalPrice: number;
}

export type ChangeOutcome =
  | { outcome: 'changed'; booking: Booking }
  | { outcome: 'quoted'; left: number; totalPrice: number }
  /** Refused as a new booking of the new stay would be (no rooms left, a closed night, the minimum stay). */
  | StayRefusal
  /** Gone, cancelled, or changed meanwhile by another request (its link's version). */
  | { outcome: 'missing' };

/** Nights of one room type from..to, locked in date order (the order take_nights locks them in). */
async function lockNights(client: pg.PoolClient, roomId: string, ranges: Array<[string, string]>) {
  await client.query(
    `SELECT 1 FROM room_nights
      WHERE room_id = $1 AND (night >= $2::date AND night < $3::date OR night >= $4::date AND night < $5::date)
      ORDER BY night FOR UPDATE`,
    [roomId, ranges[0]![0], ranges[0]![1], ranges[1]![0], ranges[1]![1]],
  );
}

/**
 * Gives back the booking's nights and takes the new stay's, or changes nothing: one transaction.
 * With dryRun it rolls back after finding out, and answers the rooms free for the new stay
 * counting this booking's own as free (the quote). The SEQUENCE of its calendar file goes up.
 */
export async function changeStay(
  db: pg.Pool,
  bookingId: string,
  version: number,
  stay: NewStay,
  capacity: number,
  address: string,
  dryRun: boolean,
): Promise<ChangeOutcome> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await inTransaction(db, async (client) => {
        const { rows } = await client.query<ManagedRow>(
          `SELECT ${managedColumns} FROM bookings
            WHERE booking_id = $1 AND deleted_at IS NULL AND status = 'confirmed' AND manage_version = $2 FOR UPDATE`,
          [bookingId, version],
        );
        const row = rows[0];
        if (!row || !row.room_id || !row.check_in || !row.check_out) return { outcome: 'missing' as const };
        await lockNights(client, row.room_id, [
          [row.check_in, row.check_out],
          [stay.checkIn, stay.checkOut],
        ]);
        await client.query('SELECT free_nights($1, $2, $3, $4)', [row.room_id, row.check_in, row.check_out, row.rooms]);
        await client.query('SAVEPOINT take');
        try {
          // The owner's rules and the rooms left, as for a new booking (take_nights).
          await client.query('SELECT take_nights($1, $2, $3, $4, $5)', [row.room_id, stay.checkIn, stay.checkOut, stay.rooms, capacity]);
          // Its plan and guests, as the owner sells them now (stay_lines raises stay_guests otherwise).
          await client.query(
            `SELECT count(*) FROM bookings b, stay_lines(b.room_id, $2::date, $3::date, $4::int, b.package_index, ${guestsKept})
              WHERE b.booking_id = $1 AND b.lines IS NOT NULL`,
            [bookingId, stay.checkIn, stay.checkOut, stay.rooms],
          );
        } catch (error) {
          await client.query('ROLLBACK TO SAVEPOINT take');
          const refusal = await stayRefusalOf(error, row.room_id, () =>
            roomsLeft(client, { roomId: row.room_id!, capacity }, stay.checkIn, stay.checkOut),
          );
          if (!refusal) throw error;
          await client.query('ROLLBACK');
          return refusal;
        }
        if (dryRun) {
          const left = stay.rooms + (await roomsLeft(client, { roomId: row.room_id, capacity }, stay.checkIn, stay.checkOut));
          // The total the change below would charge: a booking with a fixed price (issue 22) is
          // priced from the owner's rules night by night, as the change prices it; others as given.
          const priced = await client.query<{ total: string | null }>(
            `SELECT CASE WHEN b.lines IS NULL THEN NULL ELSE (q.taxable + 50) / 100 END AS total
               FROM bookings b, stay_price(b.room_id, $2::date, $3::date, $4::int, b.package_index, ${guestsKept}) AS q
              WHERE b.booking_id = $1`,
            [bookingId, stay.checkIn, stay.checkOut, stay.rooms],
          );
          await client.query('ROLLBACK');
          const total = priced.rows[0]?.total;
          return { outcome: 'quoted' as const, left, totalPrice: total == null ? stay.totalPrice : Number(total) };
        }
        // A booking with a fixed price (issue 22: it has lines) is priced again, night by night,
        // from the owner's rules as they are now, in this transaction; its invoice number stays.
        const changed = await client.query<BookingRow>(
          `WITH priced AS (
             SELECT q.lines, q.taxable, q.cgst, q.sgst
               FROM bookings b, stay_price(b.room_id, $2::date, $3::date, $4::int, b.package_index, ${guestsKept}) AS q
              WHERE b.booking_id = $1 AND b.lines IS NOT NULL
             UNION ALL SELECT NULL, NULL, NULL, NULL WHERE NOT EXISTS (SELECT 1 FROM bookings b WHERE b.booking_id = $1 AND b.lines IS NOT NULL)
           )
           UPDATE bookings b SET check_in = $2, check_out = $3, rooms = $4, guests = ${guestsKept},
                  total_price = CASE WHEN b.lines IS NULL THEN $5 ELSE (p.taxable + 50) / 100 END,
                  lines = CASE WHEN b.lines IS NULL THEN b.lines ELSE p.lines END,
                  taxable_paise = CASE WHEN b.lines IS NULL THEN b.taxable_paise ELSE p.taxable END,
                  cgst_paise = CASE WHEN b.lines IS NULL THEN b.cgst_paise ELSE p.cgst END,
                  sgst_paise = CASE WHEN b.lines IS NULL THEN b.sgst_paise ELSE p.sgst END,
                  sequence = b.sequence + 1, updated_at = now()
             FROM priced AS p -- one row always: the booking's price, or nulls for one without prices kept
            WHERE b.booking_id = $1
        RETURNING ${bookingColumns} -- unqualified: none of them is a column of priced`,
          [bookingId, stay.checkIn, stay.checkOut, stay.rooms, stay.totalPrice],
        );
        await client.query(`INSERT INTO audit_log (booking_id, action, actor, address) VALUES ($1, 'change', 'guest', $2)`, [
          bookingId,
          address,
        ]);
        await client.query(`SELECT queue_booking_mail($1, 'changed', 'hotel-changed')`, [bookingId]);
        return { outcome: 'changed' as const, booking: toBooking(changed.rows[0]!) };
      });
    } catch (error) {
      // A rolled-back transaction (dry run, no rooms) ends in ROLLBACK; inTransaction's COMMIT then only warns.
      // Two changes locking the same nights from two sides: PostgreSQL picks one to retry.
      if ((error as { code?: string }).code === '40P01' && attempt < 3) continue;
      throw error;
    }
  }
}

export type CancelOutcome = { outcome: 'cancelled'; booking: Booking } | { outcome: 'too-late' } | { outcome: 'missing' };

/**
 * The guest cancels: cancel_booking (its nights freed, guest and hotel mailed) in one transaction
 * with the audit entry, when `allowed` says the policy still lets the guest (read on the locked
 * row, so a change meanwhile is seen). A booking already cancelled is answered as it is.
 */
export async function cancelBooking(
  db: pg.Pool,
  bookingId: string,
  version: number,
  allowed: (booking: Booking) => boolean,
  address: string,
): Promise<CancelOutcome> {
  return inTransaction(db, async (client) => {
    const { rows } = await client.query<ManagedRow>(
      `SELECT ${managedColumns} FROM bookings WHERE booking_id = $1 AND deleted_at IS NULL AND manage_version = $2 FOR UPDATE`,
      [bookingId, version],
    );
    const row = rows[0];
    if (!row) return { outcome: 'missing' as const };
    if (row.status === 'cancelled') return { outcome: 'cancelled' as const, booking: toBooking(row) };
    if (!allowed(toBooking(row))) return { outcome: 'too-late' as const };
    // The desk's cancel is the same one (cancel_booking, functions/bookings.sql).
    await client.query('SELECT cancel_booking($1)', [bookingId]);
    await client.query(`INSERT INTO audit_log (booking_id, action, actor, address) VALUES ($1, 'cancel', 'guest', $2)`, [
      bookingId,
      address,
    ]);
    // Issue 37: what was paid comes back (the guest cancels here only within the free period).
    await client.query('SELECT payments_cancelled($1, true)', [bookingId]);
    const cancelled = await client.query<BookingRow>(`SELECT ${bookingColumns} FROM bookings WHERE booking_id = $1`, [bookingId]);
    return { outcome: 'cancelled' as const, booking: toBooking(cancelled.rows[0]!) };
  });
}

/** "Email me my booking link": the link message, queued. */
export async function queueLinkMail(db: pg.Pool, bookingId: string): Promise<void> {
  await db.query(`SELECT queue_booking_mail($1, 'link', NULL)`, [bookingId]);
}
