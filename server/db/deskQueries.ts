import type pg from 'pg';
import { addDays, nightsBetween } from '../../src/domain/dates';
import { allowedMoves, holdsRooms, moveProblem } from '../../src/domain/bookingStatus';
import type { DeskBooking, StatusMove } from '../../src/domain/deskWire';
import { bookingColumns, guestContact, stayGuests, roomsLeft, stayRefusalOf, toBooking } from './bookingQueries';
import { inTransaction } from './database';
import { folioRefusalOf } from './folioQueries';
import { moveTargets, roomsOfBookings } from './roomQueries';
import type { Booking, BookingRow, StayRefusal } from './bookingQueries';

/**
 * The front desk (issue 23): a day's arrivals, departures and who is in the house, and the moves
 * of a booking's life (src/domain/bookingStatus.ts has the rules), each one transaction with its
 * rooms, its audit entry (naming the person) and a row in status_moves so that it can be undone.
 */

type DeskRow = BookingRow & { can_undo: boolean };

const auditAction: Record<StatusMove, string> = {
  checked_in: 'check-in',
  checked_out: 'check-out',
  no_show: 'no-show',
  cancelled: 'cancel',
};

/** Whether the booking's last move by staff is still the one that made its status (undoable). */
const canUndoColumn = `coalesce((SELECT m.undone_at IS NULL AND m.to_status = b.status FROM status_moves m
                                 WHERE m.booking_id = b.booking_id ORDER BY m.id DESC LIMIT 1), false) AS can_undo`;

function toDesk(row: DeskRow, today: string): DeskBooking {
  const booking = toBooking(row);
  return {
    bookingId: booking.bookingId,
    roomName: booking.roomName,
    rooms: booking.rooms,
    nights: nightsBetween(booking.checkIn, booking.checkOut),
    checkIn: booking.checkIn!,
    checkOut: booking.checkOut!,
    email: booking.email,
    ...guestContact(booking.guestName, booking.guestMobile),
    ...stayGuests(booking.packageIndex, booking.guests),
    status: booking.status,
    moves: allowedMoves(booking, today),
    canUndo: row.can_undo,
    placedIn: [],
    moveTargets: [],
  };
}

/**
 * The rooms of each entry (issue 38): those it holds on the night of `date` (for a departure, its
 * last night), and the rooms it could move to for the nights it holds from today on.
 */
async function withRooms(db: pg.Pool | pg.PoolClient, entries: DeskBooking[], date: string, today: string): Promise<void> {
  if (entries.length === 0) return;
  const nightOf = (e: DeskBooking) => (date < e.checkIn ? e.checkIn : date >= e.checkOut ? addDays(e.checkOut, -1) : date);
  const [rooms, targets] = await Promise.all([
    roomsOfBookings(
      db,
      entries.map((e) => ({ bookingId: e.bookingId, night: nightOf(e) })),
    ),
    moveTargets(
      db,
      entries.map((e) => e.bookingId),
      today,
    ),
  ]);
  for (const entry of entries) {
    entry.placedIn = rooms.get(entry.bookingId) ?? [];
    entry.moveTargets = holdsRooms(entry.status) ? (targets.get(entry.bookingId) ?? []) : [];
  }
}

export interface DeskDay {
  arrivals: DeskBooking[];
  departures: DeskBooking[];
  inHouse: DeskBooking[];
}

/**
 * Arrivals: bookings whose stay begins on `date` (any status but cancelled). Departures: whose
 * stay ends on `date` (an early check-out's end is the day the guest left). In the house: the
 * guests checked in whose stay covers the night of `date`.
 */
export async function deskDay(db: pg.Pool, date: string, today: string): Promise<DeskDay> {
  const { rows } = await db.query<DeskRow>(
    `SELECT ${bookingColumns}, ${canUndoColumn} FROM bookings b
      WHERE deleted_at IS NULL AND status <> 'cancelled'
        AND (check_in = $1::date OR check_out = $1::date OR (status = 'checked_in' AND check_in <= $1::date AND check_out > $1::date))
      ORDER BY lower(email), booking_id`,
    [date],
  );
  const day: DeskDay = { arrivals: [], departures: [], inHouse: [] };
  for (const row of rows) {
    const entry = toDesk(row, today);
    if (entry.checkIn === date) day.arrivals.push(entry);
    if (entry.checkOut === date) day.departures.push(entry);
    if (entry.status === 'checked_in' && entry.checkIn <= date && entry.checkOut > date) day.inHouse.push(entry);
  }
  await withRooms(db, [...new Set([...day.arrivals, ...day.departures, ...day.inHouse])], date, today);
  return day;
}

export type MoveOutcome =
  | { outcome: 'moved'; booking: Booking; entry: DeskBooking }
  | { outcome: 'missing' }
  | { outcome: 'refused'; message: string }
  /** An undo that would take nights a booking could not take now (rooms gone, closed, under the minimum stay). */
  | StayRefusal;

interface Actor {
  staff: string;
  address: string;
}

async function deskEntry(client: pg.PoolClient, bookingId: string, today: string) {
  const { rows } = await client.query<DeskRow>(`SELECT ${bookingColumns}, ${canUndoColumn} FROM bookings b WHERE booking_id = $1`, [
    bookingId,
  ]);
  const entry = toDesk(rows[0]!, today);
  await withRooms(client, [entry], today, today);
  return { booking: toBooking(rows[0]!), entry };
}

async function audit(client: pg.PoolClient, bookingId: string, action: string, actor: Actor) {
  await client.query(`INSERT INTO audit_log (booking_id, action, actor, address, staff) VALUES ($1, $2, 'admin', $3, $4)`, [
    bookingId,
    action,
    actor.address,
    actor.staff,
  ]);
}

/**
 * Moves the booking to `to` when the rules allow it today. Check-out before the last night
 * (early) sets check-out to today (at the earliest the day after arrival), frees the nights not
 * stayed and bills only the nights stayed; a no-show frees all its nights; a cancel is the guest's
 * own cancel (cancel_booking: nights freed, guest and hotel mailed).
 *
 * The invoice after an early check-out: the booking's price lines of the nights given back go and
 * its sums follow (bill_lines), under the same invoice number and date, rather than a credit note
 * beside an unchanged first invoice. The desk prints the invoice when the guest leaves, and until
 * then it is the bill of the stay as booked: what the guest had is known only now, and one
 * document that says it, numbered once, keeps the series without gaps and needs no second series
 * of credit notes. The site takes no payments, so nothing has been charged against the first
 * figures that a credit note would have to answer. An undo puts the lines back (status_moves.old_lines).
 */
export async function moveStatus(
  db: pg.Pool,
  bookingId: string,
  to: StatusMove,
  today: string,
  actor: Actor,
  /** Whether a cancel now is within the free period: a paid booking is refunded by it (issue 37). */
  freeCancel: (booking: Booking) => boolean = () => true,
  /**
   * Issue 40: a check-out with a balance still due on the bill, allowed by the owner (the route
   * passes it for an owner only). Without it the database refuses such a check-out
   * (folio_settled_at_check_out, functions/folio.sql, the one place of that rule).
   */
  allowBalanceDue = false,
): Promise<MoveOutcome> {
  try {
    return await moveInTransaction(db, bookingId, to, today, actor, freeCancel, allowBalanceDue);
  } catch (error) {
    const refusal = folioRefusalOf(error);
    if (refusal) return { outcome: 'refused', message: refusal.message };
    throw error;
  }
}

function moveInTransaction(
  db: pg.Pool,
  bookingId: string,
  to: StatusMove,
  today: string,
  actor: Actor,
  freeCancel: (booking: Booking) => boolean,
  allowBalanceDue: boolean,
): Promise<MoveOutcome> {
  return inTransaction(db, async (client) => {
    const { rows } = await client.query<BookingRow>(
      `SELECT ${bookingColumns} FROM bookings WHERE booking_id = $1 AND deleted_at IS NULL FOR UPDATE`,
      [bookingId],
    );
    const row = rows[0];
    if (!row) return { outcome: 'missing' as const };
    const booking = toBooking(row);
    const problem = moveProblem(booking, to, today);
    if (problem) return { outcome: 'refused' as const, message: problem };
    const checkIn = booking.checkIn!;
    const checkOut = booking.checkOut!;
    let oldCheckOut: string | null = null;
    let oldLines: unknown = null;
    if (to === 'checked_out') {
      const left = today > checkIn ? today : addDays(checkIn, 1);
      if (left < checkOut) {
        oldCheckOut = checkOut;
        await client.query('SELECT free_nights($1, $2, $3, $4)', [row.room_id, left, checkOut, row.rooms]);
        const { rows: before } = await client.query<{ lines: unknown }>(
          `UPDATE bookings b SET check_out = $2 FROM bookings old
            WHERE b.booking_id = $1 AND old.booking_id = b.booking_id RETURNING old.lines`,
          [bookingId, left],
        );
        oldLines = before[0]?.lines ?? null;
        // Nights are YYYY-MM-DD: as text they sort as dates.
        await client.query(
          `SELECT bill_lines($1, (SELECT jsonb_agg(l ORDER BY l->>'night') FROM bookings b, jsonb_array_elements(b.lines) AS l
                                   WHERE b.booking_id = $1 AND l->>'night' < $2))`,
          [bookingId, left],
        );
      }
    } else if (to === 'no_show') {
      await client.query('SELECT free_nights($1, $2, $3, $4)', [row.room_id, checkIn, checkOut, row.rooms]);
    }
    // A cancel is the guest's own (cancel_booking, functions/bookings.sql): nights freed, status,
    // calendar sequence, and the guest's and the hotel's messages.
    if (to === 'cancelled') {
      await client.query('SELECT cancel_booking($1)', [bookingId]);
      // Issue 37: what was paid comes back, in full within the free period, else by the guest's cancelPolicy.
      await client.query('SELECT payments_cancelled($1, $2)', [bookingId, freeCancel(booking)]);
    } else {
      if (to === 'checked_out' && allowBalanceDue) await client.query('SELECT folio_allow_check_out($1)', [actor.staff]);
      await client.query('UPDATE bookings SET status = $2, updated_at = now() WHERE booking_id = $1', [bookingId, to]);
      // The owner's allowance is audited only where it was needed (the trigger recorded a balance due).
      if (to === 'checked_out' && allowBalanceDue) {
        const allowed = await client.query('SELECT 1 FROM folio_overrides WHERE booking_id = $1 AND at = now()', [bookingId]);
        if (allowed.rowCount) await audit(client, bookingId, 'check-out-allowed', actor);
      }
    }
    await client.query(
      'INSERT INTO status_moves (booking_id, from_status, to_status, old_check_out, old_lines, staff) VALUES ($1, $2, $3, $4, $5, $6)',
      [bookingId, booking.status, to, oldCheckOut, oldLines === null ? null : JSON.stringify(oldLines), actor.staff],
    );
    await audit(client, bookingId, auditAction[to], actor);
    return { outcome: 'moved' as const, ...(await deskEntry(client, bookingId, today)) };
  });
}

/**
 * Undoes the booking's last move by staff: the status before it, and the rooms it gave back taken
 * again, as a new booking would take them (refused, and nothing changed, when they were booked
 * meanwhile, or closed, or the stay is now under the minimum). An undone cancel mails the guest
 * the confirmation again.
 */
export async function undoMove(
  db: pg.Pool,
  bookingId: string,
  capacityOf: (roomId: string) => number,
  today: string,
  actor: Actor,
): Promise<MoveOutcome> {
  return inTransaction(db, async (client) => {
    const { rows } = await client.query<BookingRow>(
      `SELECT ${bookingColumns} FROM bookings WHERE booking_id = $1 AND deleted_at IS NULL FOR UPDATE`,
      [bookingId],
    );
    const row = rows[0];
    if (!row) return { outcome: 'missing' as const };
    const moves = await client.query<{
      id: string;
      from_status: Booking['status'];
      to_status: string;
      old_check_out: string | null;
      old_lines: unknown;
      undone_at: Date | null;
    }>(
      `SELECT id, from_status, to_status, to_char(old_check_out, 'YYYY-MM-DD') AS old_check_out, old_lines, undone_at
         FROM status_moves WHERE booking_id = $1 ORDER BY id DESC LIMIT 1`,
      [bookingId],
    );
    const last = moves.rows[0];
    if (!last || last.undone_at !== null || last.to_status !== row.status)
      return { outcome: 'refused' as const, message: 'There is no move to undo on this booking.' };
    // The nights to take back: those an early check-out gave back (the stay still arriving on
    // check_in, for the owner's rules), or the whole stay a no-show or cancel gave back.
    const taken: [string, string] | null = last.old_check_out
      ? [row.check_out!, last.old_check_out]
      : !holdsRooms(row.status) && holdsRooms(last.from_status)
        ? [row.check_in!, row.check_out!]
        : null;
    if (taken && row.room_id) {
      const capacity = capacityOf(row.room_id);
      await client.query('SAVEPOINT take');
      try {
        await client.query('SELECT take_nights($1, $2, $3, $4, $5, $6)', [
          row.room_id,
          taken[0],
          taken[1],
          row.rooms,
          capacity,
          row.check_in,
        ]);
      } catch (error) {
        await client.query('ROLLBACK TO SAVEPOINT take');
        const refusal = await stayRefusalOf(error, row.room_id, () =>
          roomsLeft(client, { roomId: row.room_id!, capacity }, taken[0], taken[1]),
        );
        if (!refusal) throw error;
        return refusal;
      }
    }
    if (last.old_check_out) {
      await client.query('UPDATE bookings SET check_out = $2 WHERE booking_id = $1', [bookingId, last.old_check_out]);
      // The nights taken back are billed again, as priced at confirm.
      if (last.old_lines !== null) await client.query('SELECT bill_lines($1, $2)', [bookingId, JSON.stringify(last.old_lines)]);
    }
    await client.query(
      `UPDATE bookings SET status = $2, updated_at = now(),
              cancelled_at = CASE WHEN $2 = 'cancelled' THEN cancelled_at ELSE NULL END,
              sequence = sequence + CASE WHEN status = 'cancelled' THEN 1 ELSE 0 END
        WHERE booking_id = $1`,
      [bookingId, last.from_status],
    );
    await client.query('UPDATE status_moves SET undone_at = now() WHERE id = $1', [last.id]);
    await audit(client, bookingId, 'undo', actor);
    if (row.status === 'cancelled') await client.query(`SELECT queue_booking_mail($1, 'confirmed', 'hotel-new')`, [bookingId]);
    return { outcome: 'moved' as const, ...(await deskEntry(client, bookingId, today)) };
  });
}

/** The audit entry of a phone or walk-in booking, naming who took it. */
export async function auditDeskBooking(db: pg.Pool, bookingId: string, channel: 'phone' | 'walk-in', actor: Actor): Promise<void> {
  await db.query(`INSERT INTO audit_log (booking_id, action, actor, address, staff) VALUES ($1, $2, 'admin', $3, $4)`, [
    bookingId,
    channel,
    actor.address,
    actor.staff,
  ]);
}
