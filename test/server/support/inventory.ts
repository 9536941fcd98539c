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
  /** Rooms of the type a booking is placed on that night (room_placements, issue 38): always `booked`. */
  placed: number;
  /** room_nights.blocked, and the rooms of the type other channels block that night: always equal. */
  blocked: number;
  blockedRooms: number;
}

export interface InventoryCheck {
  /** Nights (room type x date) that room_nights or a live booking holds. */
  nights: number;
  liveBookings: number;
  problems: NightProblem[];
  /** Bookings whose placements are not `rooms` rooms on each night of their stay (none when it holds no rooms), each as a sentence. */
  placementProblems: string[];
}

/**
 * The invariant the booking design protects, checked from the tables themselves: on every night,
 * room_nights.booked equals the rooms of the live bookings covering that night (nothing lost,
 * nothing half-written), and from today on never exceeds the hotel's rooms of that type less those
 * out of service (the owner may have fewer rooms now than past nights held). Issue 38: it also equals the rooms those bookings are placed on that night, room_nights.blocked
 * equals the rooms other channels block, and each booking is placed on `rooms` rooms every night.
 */
export async function checkInventory(db: pg.Pool | pg.Client): Promise<InventoryCheck> {
  const { rows } = await db.query<{
    room_id: string;
    night: string;
    booked: number;
    held: number;
    capacity: number | null;
    placed: number;
    blocked: number;
    blocked_rooms: number;
  }>(
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
            coalesce(t.rooms, c.capacity) - coalesce(r.out_of_service, 0) AS capacity,
            (SELECT count(*)::int FROM room_placements p JOIN rooms m ON m.id = p.room
              WHERE m.type_id = coalesce(r.room_id, h.room_id) AND p.night = coalesce(r.night, h.night)) AS placed,
            coalesce(r.blocked, 0) AS blocked,
            (SELECT count(DISTINCT k.room)::int FROM channel_block_nights k JOIN rooms m ON m.id = k.room
              WHERE m.type_id = coalesce(r.room_id, h.room_id) AND k.night = coalesce(r.night, h.night) AND NOT k.echo) AS blocked_rooms
       FROM room_nights r
       FULL JOIN held h ON h.room_id = r.room_id AND h.night = r.night
       LEFT JOIN capacity c ON c.room_id = coalesce(r.room_id, h.room_id)
       LEFT JOIN room_types t ON t.room_id = coalesce(r.room_id, h.room_id)`,
    [capacities.map((c) => c.roomId), capacities.map((c) => c.capacity)],
  );
  const today = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
  const live = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM bookings WHERE deleted_at IS NULL');
  const problems = rows
    .filter(
      (row) =>
        row.booked !== row.held ||
        row.capacity === null ||
        // The owner may lower the number of rooms below what past nights held (the rule holds from today on).
        (row.booked > row.capacity && row.night >= today) ||
        row.placed !== row.booked ||
        row.blocked !== row.blocked_rooms,
    )
    .map((row) => ({
      roomId: row.room_id,
      night: row.night,
      booked: row.booked,
      held: row.held,
      capacity: row.capacity ?? 0,
      placed: row.placed,
      blocked: row.blocked,
      blockedRooms: row.blocked_rooms,
    }));
  const placements = await db.query<{ booking_id: string; problem: string }>(
    `WITH wanted AS (
       SELECT b.booking_id, n::date AS night, b.rooms, b.room_id FROM bookings b, generate_series(b.check_in, b.check_out - 1, interval '1 day') AS n
        WHERE b.deleted_at IS NULL AND b.status IN ('confirmed', 'checked_in', 'checked_out') AND b.room_id IS NOT NULL AND b.rooms > 0
     ), placed AS (
       SELECT p.booking_id, p.night, count(*)::int AS rooms, bool_and(m.type_id = b.room_id) AS right_type
         FROM room_placements p JOIN rooms m ON m.id = p.room JOIN bookings b ON b.booking_id = p.booking_id
        GROUP BY p.booking_id, p.night
     )
     SELECT coalesce(w.booking_id, p.booking_id) AS booking_id,
            format('%s on %s: %s room(s) wanted, %s placed%s', coalesce(w.booking_id, p.booking_id), coalesce(w.night, p.night),
                   coalesce(w.rooms, 0), coalesce(p.rooms, 0), CASE WHEN p.right_type IS FALSE THEN ' (another type)' ELSE '' END) AS problem
       FROM wanted w FULL JOIN placed p ON p.booking_id = w.booking_id AND p.night = w.night
      WHERE coalesce(w.rooms, 0) <> coalesce(p.rooms, 0) OR p.right_type IS FALSE
      ORDER BY 1 LIMIT 50`,
  );
  return {
    nights: rows.filter((row) => row.booked > 0 || row.held > 0).length,
    liveBookings: live.rows[0]?.n ?? 0,
    problems,
    placementProblems: placements.rows.map((row) => row.problem),
  };
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
