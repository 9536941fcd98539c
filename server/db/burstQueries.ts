import type pg from 'pg';
import { inTransaction } from './database';

/**
 * Finding and undoing a burst of bookings (issue 25): live bookings made in the last hours from
 * one address (bookings.created_from, migration 006) or for one email address.
 */

export interface BurstSource {
  /** An address (an IPv6 address as its /64), or an email address in lower case. */
  source: string;
  bookings: number;
  roomNights: number;
  firstAt: string;
  lastAt: string;
}

export interface BurstFilter {
  address?: string;
  email?: string;
  hours: number;
}

/** The sources that made the most live bookings in the last `hours`, most first. */
export async function burstSources(db: pg.Pool, by: 'address' | 'email', hours: number, limit = 20): Promise<BurstSource[]> {
  const column = by === 'address' ? 'created_from' : 'lower(email)';
  const { rows } = await db.query<{ source: string; bookings: number; room_nights: number; first_at: Date; last_at: Date }>(
    `SELECT ${column} AS source, count(*)::int AS bookings,
            coalesce(sum(rooms * (check_out - check_in)), 0)::int AS room_nights,
            min(created_at) AS first_at, max(created_at) AS last_at
       FROM bookings
      WHERE deleted_at IS NULL AND created_at > now() - make_interval(hours => $1) ${by === 'address' ? 'AND created_from IS NOT NULL' : ''}
      GROUP BY 1 ORDER BY 2 DESC, 5 DESC LIMIT $2`,
    [hours, limit],
  );
  return rows.map((row) => ({
    source: row.source,
    bookings: row.bookings,
    roomNights: row.room_nights,
    firstAt: row.first_at.toISOString(),
    lastAt: row.last_at.toISOString(),
  }));
}

const matches = `deleted_at IS NULL AND created_at > now() - make_interval(hours => $3)
  AND (($1::text IS NOT NULL AND created_from = $1) OR ($2::text IS NOT NULL AND lower(email) = lower($2)))`;

export interface BurstBooking {
  bookingId: string;
  roomName: string;
  checkIn: string | null;
  checkOut: string | null;
  rooms: number;
  totalPrice: number;
  email: string;
  createdAt: string;
  createdFrom: string | null;
}

/** Live bookings from this address or for this email in the last `hours`, newest first (at most 1,000). */
export async function burstBookings(db: pg.Pool, filter: BurstFilter): Promise<BurstBooking[]> {
  const { rows } = await db.query<{
    booking_id: string;
    room_name: string;
    check_in: string | null;
    check_out: string | null;
    rooms: number;
    total_price: number;
    email: string;
    created_at: Date;
    created_from: string | null;
  }>(
    `SELECT booking_id, room_name, check_in, check_out, rooms, total_price, email, created_at, created_from FROM bookings
      WHERE ${matches} ORDER BY created_at DESC, booking_id DESC LIMIT 1000`,
    [filter.address ?? null, filter.email?.trim() ?? null, filter.hours],
  );
  return rows.map((row) => ({
    bookingId: row.booking_id,
    roomName: row.room_name,
    checkIn: row.check_in,
    checkOut: row.check_out,
    rooms: row.rooms,
    totalPrice: row.total_price,
    email: row.email,
    createdAt: row.created_at.toISOString(),
    createdFrom: row.created_from,
  }));
}

/**
 * Soft-deletes them all at once, as DELETE /api/admin/bookings/:id does one: their nights are
 * freed, each is audited (delete, admin, the admin's address) and can be restored for 30 days.
 * The nights are locked in (room, night) order first, the order confirms take them in, so that a
 * confirm running at the same moment waits rather than deadlocks.
 */
export async function deleteBurst(db: pg.Pool, filter: BurstFilter, adminAddress: string, staff: string): Promise<string[]> {
  return inTransaction(db, async (client) => {
    const { rows } = await client.query<{ booking_id: string }>(
      `UPDATE bookings SET deleted_at = now()
        WHERE booking_id IN (SELECT booking_id FROM bookings WHERE ${matches} ORDER BY booking_id LIMIT 1000 FOR UPDATE)
        RETURNING booking_id`,
      [filter.address ?? null, filter.email?.trim() ?? null, filter.hours],
    );
    const ids = rows.map((row) => row.booking_id).sort();
    if (ids.length === 0) return ids;
    const nights = `SELECT b.room_id, night::date AS night, sum(b.rooms)::int AS rooms
                      FROM bookings b, generate_series(b.check_in, b.check_out - 1, interval '1 day') AS night
                     WHERE b.booking_id = ANY($1) AND b.room_id IS NOT NULL AND b.rooms > 0 AND b.status IN ('awaiting_payment', 'confirmed', 'checked_in', 'checked_out')
                     GROUP BY 1, 2`;
    await client.query(
      `SELECT 1 FROM room_nights WHERE (room_id, night) IN (SELECT room_id, night FROM (${nights}) n) ORDER BY room_id, night FOR UPDATE`,
      [ids],
    );
    await client.query(
      `UPDATE room_nights rn SET booked = rn.booked - n.rooms FROM (${nights}) n WHERE rn.room_id = n.room_id AND rn.night = n.night`,
      [ids],
    );
    await client.query(
      `INSERT INTO audit_log (booking_id, action, actor, address, staff) SELECT id, 'delete', 'admin', $2, $3 FROM unnest($1::text[]) AS id`,
      [ids, adminAddress, staff],
    );
    return ids;
  });
}
