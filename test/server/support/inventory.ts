import type pg from 'pg';
import { capacities } from '../../../server/bookingRules';

/** Every refusal for lack of rooms: "No Suit Rooms are left…", "Only 1 Suit Room is left…", "Only 2 Classic Rooms are left…". */
export const roomsLeftPattern =
  /^(No (Classic|Suit) Rooms are left|Only 1 (Classic|Suit) Room is left|Only [2-9] (Classic|Suit) Rooms are left) for those dates\.$/;

export interface NightProblem {
  roomId: string;
  night: string;
  /** room_nights.booked (0 when the row is missing). */
  booked: number;
  /** Rooms of live bookings covering that night. */
  held: number;
  capacity: number;
}

export interface InventoryCheck {
  /** Nights (room type x date) that room_nights or a live booking holds. */
  nights: number;
  liveBookings: number;
  problems: NightProblem[];
}

/**
 * The invariant the booking design protects, checked from the tables themselves: on every night,
 * room_nights.booked equals the rooms of the live bookings covering that night (nothing lost,
 * nothing half-written), and never exceeds the hotel's rooms of that type less those out of service.
 */
export async function checkInventory(db: pg.Pool | pg.Client): Promise<InventoryCheck> {
  const { rows } = await db.query<{ room_id: string; night: string; booked: number; held: number; capacity: number | null }>(
    `WITH held AS (
       SELECT b.room_id, n::date AS night, sum(b.rooms)::int AS rooms
         FROM bookings b, generate_series(b.check_in, b.check_out - 1, interval '1 day') AS n
        WHERE b.deleted_at IS NULL AND b.status IN ('awaiting_payment', 'confirmed', 'checked_in', 'checked_out') AND b.room_id IS NOT NULL AND b.rooms > 0
        GROUP BY 1, 2
     ), capacity AS (
       SELECT * FROM unnest($1::text[], $2::int[]) AS c(room_id, capacity)
     )
     -- The owner's number of rooms (room_types, issue 22), less the rooms out of service that night.
     SELECT coalesce(r.room_id, h.room_id) AS room_id, coalesce(r.night, h.night)::text AS night,
            coalesce(r.booked, 0) AS booked, coalesce(h.rooms, 0) AS held,
            coalesce(t.rooms, c.capacity) - coalesce(r.out_of_service, 0) AS capacity
       FROM room_nights r
       FULL JOIN held h ON h.room_id = r.room_id AND h.night = r.night
       LEFT JOIN capacity c ON c.room_id = coalesce(r.room_id, h.room_id)
       LEFT JOIN room_types t ON t.room_id = coalesce(r.room_id, h.room_id)`,
    [capacities.map((c) => c.roomId), capacities.map((c) => c.capacity)],
  );
  const live = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM bookings WHERE deleted_at IS NULL');
  const problems = rows
    .filter((row) => row.booked !== row.held || row.capacity === null || row.booked > row.capacity)
    .map((row) => ({ roomId: row.room_id, night: row.night, booked: row.booked, held: row.held, capacity: row.capacity ?? 0 }));
  return { nights: rows.filter((row) => row.booked > 0 || row.held > 0).length, liveBookings: live.rows[0]?.n ?? 0, problems };
}

/** room_nights.booked for each night from `from` (inclusive) to `to` (exclusive), 0 where no row. */
export async function bookedNights(db: pg.Pool | pg.Client, roomId: string, from: string, to: string): Promise<number[]> {
  const { rows } = await db.query<{ booked: number }>(
    `SELECT coalesce(r.booked, 0) AS booked
       FROM generate_series($2::date, $3::date - 1, interval '1 day') AS n
       LEFT JOIN room_nights r ON r.room_id = $1 AND r.night = n::date
      ORDER BY n`,
    [roomId, from, to],
  );
  return rows.map((row) => row.booked);
}
