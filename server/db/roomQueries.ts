import type pg from 'pg';
import type { DeskRoom, Overbooking, RoomEntry, RoomRef } from '../../src/domain/roomsWire';
import { inTransaction } from './database';

/**
 * Rooms by number (issue 38, migration 040): the owner's rooms of each type, and the rooms each
 * booking's nights stand on (room_placements, kept in step by functions/rooms.sql).
 *
 * room_types.rooms is the number a confirm reads; it equals the type's rooms in use, since adding
 * and retiring a room change both in one transaction under the type's lock (as a change of the
 * number does, priceQueries.ts), which confirms hold shared while they take nights.
 */

type Queryable = pg.Pool | pg.PoolClient;

export interface Editor {
  username: string;
  address: string;
}

async function lockRoomType(client: pg.PoolClient, typeId: string): Promise<void> {
  await client.query('SELECT pg_advisory_xact_lock(7311012, hashtext($1))', [typeId]);
}

async function audit(client: pg.PoolClient, editor: Editor, subject: string, oldValue: unknown, newValue: unknown) {
  await client.query('INSERT INTO settings_audit (username, address, subject, old_value, new_value) VALUES ($1, $2, $3, $4, $5)', [
    editor.username,
    editor.address,
    subject,
    oldValue === undefined ? null : JSON.stringify(oldValue),
    newValue === undefined ? null : JSON.stringify(newValue),
  ]);
}

/** Rooms in the order a person reads numbers: 9 before 10, then as written. */
export const roomOrder = 'length(r.number), r.number, r.id';

/** Every room in use, per type (in the order of room_types), with its feeds and the nights booked on it from today. */
export async function listRooms(db: Queryable, today: string): Promise<Map<string, RoomEntry[]>> {
  const { rows } = await db.query<{ id: string; number: string; type_id: string; feeds: number; upcoming: number }>(
    `SELECT r.id, r.number, r.type_id,
            (SELECT count(*)::int FROM channel_feeds f WHERE f.room = r.id) AS feeds,
            (SELECT count(*)::int FROM room_placements p WHERE p.room = r.id AND p.night >= $1::date) AS upcoming
       FROM rooms r WHERE r.retired_at IS NULL ORDER BY r.type_id, ${roomOrder}`,
    [today],
  );
  const byType = new Map<string, RoomEntry[]>();
  for (const row of rows) {
    const list = byType.get(row.type_id) ?? [];
    list.push({ id: Number(row.id), number: row.number, typeId: row.type_id, feeds: row.feeds, upcomingNights: row.upcoming });
    byType.set(row.type_id, list);
  }
  return byType;
}

/** The room in use whose number this is (any letter case), if any. */
const numberTaken = '23505';

export type AddRoomOutcome = { outcome: 'added'; room: RoomRef } | { outcome: 'missing' } | { outcome: 'taken' };

/** A new room of the type: one more room for sale from now on. */
export async function addRoom(db: pg.Pool, typeId: string, number: string, editor: Editor): Promise<AddRoomOutcome> {
  try {
    return await inTransaction(db, async (client) => {
      await lockRoomType(client, typeId);
      const type = await client.query('SELECT rooms FROM room_types WHERE room_id = $1 FOR UPDATE', [typeId]);
      if (type.rowCount === 0) return { outcome: 'missing' as const };
      const { rows } = await client.query<{ id: string }>('INSERT INTO rooms (type_id, number) VALUES ($1, $2) RETURNING id', [
        typeId,
        number,
      ]);
      await client.query('UPDATE room_types SET rooms = rooms + 1 WHERE room_id = $1', [typeId]);
      await audit(client, editor, `room ${number}`, null, { typeId, number });
      return { outcome: 'added' as const, room: { id: Number(rows[0]!.id), number } };
    });
  } catch (error) {
    if ((error as { code?: string }).code === numberTaken) return { outcome: 'taken' };
    throw error;
  }
}

export type RenameOutcome = { outcome: 'renamed'; room: RoomRef } | { outcome: 'missing' } | { outcome: 'taken' };

export async function renameRoom(db: pg.Pool, roomId: number, number: string, editor: Editor): Promise<RenameOutcome> {
  try {
    return await inTransaction(db, async (client) => {
      const old = await client.query<{ number: string }>(
        'SELECT number FROM rooms WHERE id = $1 AND retired_at IS NULL FOR NO KEY UPDATE',
        [roomId],
      );
      if (!old.rows[0]) return { outcome: 'missing' as const };
      await client.query('UPDATE rooms SET number = $2 WHERE id = $1', [roomId, number]);
      await audit(client, editor, `room ${old.rows[0].number}`, { number: old.rows[0].number }, { number });
      return { outcome: 'renamed' as const, room: { id: roomId, number } };
    });
  } catch (error) {
    if ((error as { code?: string }).code === numberTaken) return { outcome: 'taken' };
    throw error;
  }
}

/** A night from today on that a room type could not hold with fewer rooms. */
export interface TakenNight {
  night: string;
  taken: number;
}

export type RetireOutcome =
  | { outcome: 'retired'; room: RoomRef; moved: string[] }
  | { outcome: 'missing' }
  | { outcome: 'has-feeds'; number: string }
  | { outcome: 'in-house'; number: string; bookingId: string }
  | { outcome: 'below-taken'; number: string; nights: TakenNight[] };

/** Nights from `today` on where the type has more rooms taken (booked, sold on channels, out of service) than `rooms`. */
export async function nightsAbove(client: pg.PoolClient, typeId: string, today: string, rooms: number): Promise<TakenNight[]> {
  const { rows } = await client.query<TakenNight>(
    `SELECT to_char(night, 'YYYY-MM-DD') AS night, (booked + blocked + out_of_service)::int AS taken FROM room_nights
      WHERE room_id = $1 AND night >= $2::date AND booked + blocked + out_of_service > $3 ORDER BY night LIMIT 50`,
    [typeId, today, rooms],
  );
  return rows;
}

/**
 * Takes rooms out of use: each takes no new nights, its bookings from `today` on move to the
 * type's other rooms (place_booking), and its past stays keep it. Refused for a room whose
 * channel calendars are still read (remove them first), a room a guest is in tonight, and when
 * the type's other rooms cannot hold what is taken. The caller holds the type's lock.
 */
async function takeOutOfUse(client: pg.PoolClient, roomIds: readonly number[], today: string): Promise<string[]> {
  await client.query('UPDATE rooms SET retired_at = now() WHERE id = ANY ($1::bigint[])', [roomIds]);
  const { rows } = await client.query<{ booking_id: string }>(
    `DELETE FROM room_placements WHERE room = ANY ($1::bigint[]) AND night >= $2::date RETURNING booking_id`,
    [roomIds, today],
  );
  const bookings = [...new Set(rows.map((row) => row.booking_id))].sort();
  for (const bookingId of bookings) await client.query('SELECT place_booking($1)', [bookingId]);
  return bookings;
}

async function retireChecks(client: pg.PoolClient, roomId: number, today: string) {
  const { rows } = await client.query<{ number: string; feeds: number; guest: string | null }>(
    `SELECT r.number,
            (SELECT count(*)::int FROM channel_feeds f WHERE f.room = r.id) AS feeds,
            (SELECT p.booking_id FROM room_placements p JOIN bookings b USING (booking_id)
              WHERE p.room = r.id AND p.night = $2::date AND b.status = 'checked_in' LIMIT 1) AS guest
       FROM rooms r WHERE r.id = $1`,
    [roomId, today],
  );
  return rows[0]!;
}

/** Retires one room (never below what is booked); a deadlock with a guest's change of stay is tried again. */
export async function retireRoom(db: pg.Pool, roomId: number, today: string, editor: Editor): Promise<RetireOutcome> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await inTransaction(db, async (client) => {
        const found = await client.query<{ type_id: string }>('SELECT type_id FROM rooms WHERE id = $1 AND retired_at IS NULL', [roomId]);
        const typeId = found.rows[0]?.type_id;
        if (!typeId) return { outcome: 'missing' as const };
        await lockRoomType(client, typeId);
        const room = await client.query<{ number: string; rooms: number }>(
          `SELECT r.number, t.rooms FROM rooms r JOIN room_types t ON t.room_id = r.type_id
            WHERE r.id = $1 AND r.retired_at IS NULL FOR NO KEY UPDATE OF r, t`,
          [roomId],
        );
        if (!room.rows[0]) return { outcome: 'missing' as const };
        const { number, rooms } = room.rows[0];
        const checks = await retireChecks(client, roomId, today);
        if (checks.feeds > 0) return { outcome: 'has-feeds' as const, number };
        if (checks.guest) return { outcome: 'in-house' as const, number, bookingId: checks.guest };
        const nights = await nightsAbove(client, typeId, today, rooms - 1);
        if (nights.length) return { outcome: 'below-taken' as const, number, nights };
        await client.query('UPDATE room_types SET rooms = rooms - 1 WHERE room_id = $1', [typeId]);
        const moved = await takeOutOfUse(client, [roomId], today);
        await audit(client, editor, `room ${number}`, { typeId, number }, null);
        return { outcome: 'retired' as const, room: { id: roomId, number }, moved };
      });
    } catch (error) {
      if ((error as { code?: string }).code === '40P01' && attempt < 3) continue;
      throw error;
    }
  }
}

/**
 * After the owner set the type's number of rooms (Prices & rooms; room_types.rooms already holds
 * it and the nights were checked): rooms are added, numbered on from the type's highest, or the
 * highest-numbered rooms without channel calendars or a guest tonight are retired. Answers null,
 * or the problem when the rooms to retire cannot be found.
 */
export async function matchRoomsToCount(client: pg.PoolClient, typeId: string, count: number, today: string): Promise<string | null> {
  const { rows } = await client.query<{ id: string; number: string; feeds: number; guest: boolean }>(
    `SELECT r.id, r.number,
            (SELECT count(*)::int FROM channel_feeds f WHERE f.room = r.id) AS feeds,
            EXISTS (SELECT 1 FROM room_placements p JOIN bookings b USING (booking_id)
                     WHERE p.room = r.id AND p.night = $2::date AND b.status = 'checked_in') AS guest
       FROM rooms r WHERE r.type_id = $1 AND r.retired_at IS NULL ORDER BY ${roomOrder}`,
    [typeId, today],
  );
  if (rows.length < count) {
    const taken = await client.query<{ number: string }>('SELECT lower(number) AS number FROM rooms WHERE retired_at IS NULL');
    const inUse = new Set(taken.rows.map((row) => row.number));
    const numeric = rows.map((row) => Number(row.number)).filter((n) => Number.isInteger(n) && n > 0);
    const floor = await client.query<{ floor: number }>(
      'SELECT position::int AS floor FROM (SELECT room_id, row_number() OVER (ORDER BY room_id) AS position FROM room_types) t WHERE room_id = $1',
      [typeId],
    );
    let next = numeric.length ? Math.max(...numeric) + 1 : (floor.rows[0]?.floor ?? 9) * 100 + 1;
    for (let added = rows.length; added < count; added++) {
      while (inUse.has(String(next))) next++;
      await client.query('INSERT INTO rooms (type_id, number) VALUES ($1, $2)', [typeId, String(next)]);
      inUse.add(String(next));
      next++;
    }
    return null;
  }
  if (rows.length === count) return null;
  const free = rows.filter((row) => row.feeds === 0 && !row.guest).reverse();
  const retire = free.slice(0, rows.length - count);
  if (retire.length < rows.length - count)
    return 'the other rooms of this type read channel calendars or have a guest in tonight: retire rooms one by one on the Rooms screen';
  await takeOutOfUse(
    client,
    retire.map((row) => Number(row.id)),
    today,
  );
  return null;
}

/** The room's new calendar address (the old one stops working at once). */
export async function replaceRoomToken(db: Queryable, roomId: number): Promise<boolean> {
  const { rowCount } = await db.query(
    `UPDATE rooms SET calendar_token = translate(gen_random_uuid()::text || gen_random_uuid()::text, '-', '') WHERE id = $1 AND retired_at IS NULL`,
    [roomId],
  );
  return (rowCount ?? 0) > 0;
}

/* ---- The desk ---- */

/** Each booking's rooms on one night (the desk's list shows the rooms of its night). */
export async function roomsOfBookings(db: Queryable, nights: ReadonlyArray<{ bookingId: string; night: string }>) {
  const { rows } = await db.query<{ booking_id: string; id: string; number: string }>(
    `SELECT p.booking_id, r.id, r.number
       FROM unnest($1::text[], $2::date[]) AS q(booking_id, night)
       JOIN room_placements p ON p.booking_id = q.booking_id AND p.night = q.night
       JOIN rooms r ON r.id = p.room
      ORDER BY p.booking_id, ${roomOrder}`,
    [nights.map((n) => n.bookingId), nights.map((n) => n.night)],
  );
  const byBooking = new Map<string, RoomRef[]>();
  for (const row of rows)
    byBooking.set(row.booking_id, [...(byBooking.get(row.booking_id) ?? []), { id: Number(row.id), number: row.number }]);
  return byBooking;
}

/** The rooms of the booking's type free (no booking, no channel's block) on every night it still holds from `from` on. */
export async function moveTargets(db: Queryable, bookingIds: readonly string[], from: string): Promise<Map<string, RoomRef[]>> {
  const { rows } = await db.query<{ booking_id: string; id: string; number: string }>(
    `WITH remaining AS (
       SELECT p.booking_id, array_agg(DISTINCT p.night) AS nights, min(r.type_id) AS type_id
         FROM room_placements p JOIN rooms r ON r.id = p.room
        WHERE p.booking_id = ANY ($1::text[]) AND p.night >= $2::date
        GROUP BY p.booking_id
     )
     SELECT m.booking_id, r.id, r.number
       FROM remaining m JOIN rooms r ON r.type_id = m.type_id AND r.retired_at IS NULL
      WHERE NOT EXISTS (SELECT 1 FROM unnest(m.nights) AS n WHERE NOT room_is_free(r.id, n))
      ORDER BY m.booking_id, ${roomOrder}`,
    [bookingIds, from],
  );
  const byBooking = new Map<string, RoomRef[]>();
  for (const row of rows)
    byBooking.set(row.booking_id, [...(byBooking.get(row.booking_id) ?? []), { id: Number(row.id), number: row.number }]);
  return byBooking;
}

/** Every room in use on a night: the bookings placed on it and the channels blocking it. */
export async function roomsOfNight(db: Queryable, night: string, title: (typeId: string) => string): Promise<DeskRoom[]> {
  const { rows } = await db.query<{ id: string; number: string; type_id: string; booking_ids: string[]; channels: string[] }>(
    `SELECT r.id, r.number, r.type_id,
            array(SELECT p.booking_id FROM room_placements p WHERE p.room = r.id AND p.night = $1::date) AS booking_ids,
            array(SELECT DISTINCT f.label FROM channel_block_nights k JOIN channel_blocks b ON b.id = k.block_id
                    JOIN channel_feeds f ON f.id = b.feed_id
                   WHERE k.room = r.id AND k.night = $1::date AND NOT k.echo ORDER BY 1) AS channels
       FROM rooms r WHERE r.retired_at IS NULL ORDER BY r.type_id, ${roomOrder}`,
    [night],
  );
  return rows.map((row) => ({
    id: Number(row.id),
    number: row.number,
    typeId: row.type_id,
    title: title(row.type_id),
    bookingIds: row.booking_ids,
    channels: row.channels,
  }));
}

/** Nights from `from` on (at most `limit`) where a type has more rooms taken than it has, or a booking and a channel's block share a room. */
export async function overbookedNights(db: Queryable, from: string, title: (typeId: string) => string, limit = 60): Promise<Overbooking[]> {
  const { rows } = await db.query<{
    night: string;
    type_id: string;
    taken: number;
    rooms: number;
    clashes: Array<{ roomNumber: string; bookingId: string; channels: string[] }> | null;
  }>(
    `WITH clash AS (
       SELECT p.night, r.type_id, r.number, p.booking_id,
              array_agg(DISTINCT f.label ORDER BY f.label) AS channels
         FROM room_placements p
         JOIN rooms r ON r.id = p.room
         JOIN channel_block_nights k ON k.room = p.room AND k.night = p.night AND NOT k.echo
         JOIN channel_blocks b ON b.id = k.block_id
         JOIN channel_feeds f ON f.id = b.feed_id
        WHERE p.night >= $1::date
        GROUP BY p.night, r.type_id, r.number, p.booking_id
     ), nights AS (
       SELECT n.night, n.room_id AS type_id FROM room_nights n JOIN room_types t ON t.room_id = n.room_id
        WHERE n.night >= $1::date AND n.booked + n.blocked + n.out_of_service > t.rooms
       UNION
       SELECT night, type_id FROM clash
     )
     SELECT to_char(x.night, 'YYYY-MM-DD') AS night, x.type_id,
            coalesce(n.booked + n.blocked + n.out_of_service, 0)::int AS taken, t.rooms,
            (SELECT json_agg(json_build_object('roomNumber', c.number, 'bookingId', c.booking_id, 'channels', c.channels)
                             ORDER BY length(c.number), c.number)
               FROM clash c WHERE c.night = x.night AND c.type_id = x.type_id) AS clashes
       FROM nights x
       JOIN room_types t ON t.room_id = x.type_id
       LEFT JOIN room_nights n ON n.room_id = x.type_id AND n.night = x.night
      ORDER BY x.night, x.type_id LIMIT $2`,
    [from, limit],
  );
  return rows.map((row) => ({
    night: row.night,
    typeId: row.type_id,
    title: title(row.type_id),
    taken: row.taken,
    rooms: row.rooms,
    clashes: row.clashes ?? [],
  }));
}

export type RoomMoveOutcome =
  | { outcome: 'moved'; nights: number; from: string; to: string }
  | { outcome: 'missing' }
  | { outcome: 'refused'; message: string }
  | { outcome: 'taken'; night: string; to: string };

/**
 * The desk moves a booking from one of its rooms to another room of its type, for the nights it
 * holds from today (or its arrival) on. All of them or none: when the other room is taken on one
 * night, nothing moves and that night is named.
 */
export async function moveToRoom(
  db: pg.Pool,
  bookingId: string,
  fromRoom: number,
  toRoom: number,
  today: string,
  actor: { staff: string; address: string },
): Promise<RoomMoveOutcome> {
  return inTransaction(db, async (client) => {
    const booking = await client.query<{ room_id: string | null; check_in: string | null }>(
      'SELECT room_id, check_in FROM bookings WHERE booking_id = $1 AND deleted_at IS NULL FOR UPDATE',
      [bookingId],
    );
    const row = booking.rows[0];
    if (!row) return { outcome: 'missing' as const };
    const rooms = await client.query<{ id: string; number: string; type_id: string; retired: boolean }>(
      'SELECT id, number, type_id, retired_at IS NOT NULL AS retired FROM rooms WHERE id = ANY ($1::bigint[])',
      [[fromRoom, toRoom]],
    );
    const from = rooms.rows.find((r) => Number(r.id) === fromRoom);
    const to = rooms.rows.find((r) => Number(r.id) === toRoom);
    if (!from || !to) return { outcome: 'refused' as const, message: 'There is no such room.' };
    if (fromRoom === toRoom) return { outcome: 'refused' as const, message: `The booking is in room ${to.number} already.` };
    if (to.retired) return { outcome: 'refused' as const, message: `Room ${to.number} is no longer in use.` };
    if (to.type_id !== row.room_id || from.type_id !== row.room_id)
      return { outcome: 'refused' as const, message: `Room ${to.number} is not of this booking's room type.` };
    const start = row.check_in && row.check_in > today ? row.check_in : today;
    const { rows } = await client.query<{ moved: number; taken: string | null }>(
      `SELECT moved, to_char(taken, 'YYYY-MM-DD') AS taken FROM move_booking_room($1, $2, $3, $4::date)`,
      [bookingId, fromRoom, toRoom, start],
    );
    const result = rows[0]!;
    if (result.taken) return { outcome: 'taken' as const, night: result.taken, to: to.number };
    if (result.moved === 0)
      return { outcome: 'refused' as const, message: `Booking ${bookingId} holds no night in room ${from.number} from today on.` };
    await client.query(`INSERT INTO audit_log (booking_id, action, actor, address, staff) VALUES ($1, 'room', 'admin', $2, $3)`, [
      bookingId,
      actor.address,
      actor.staff,
    ]);
    return { outcome: 'moved' as const, nights: result.moved, from: from.number, to: to.number };
  });
}
