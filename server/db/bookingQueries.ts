import pg from 'pg';
import { holdsRooms } from '../../src/domain/bookingStatus';
import type { GuestRules, RoomGuests } from '../../src/domain/roomGuests';
import type { AuditEntry, Booking, BookingStatus, MealPlanPrice, StayNight } from '../../src/domain/wire';
import { inTransaction } from './database';
import { invoiceNumberOf } from './invoiceNumbers';

/**
 * Every SQL statement about bookings, inventory and the audit log, for every kind of database
 * (the embedded one and a PostgreSQL server run the same statements). Values travel only as
 * parameters, never spliced into the SQL text.
 */
type Queryable = pg.Pool | pg.PoolClient;

/** SQLSTATEs the statements here raise as answers, not failures: the connection stays healthy. */
const answeringStates = new Set(['P0001', '23505']);

/**
 * db.query for a statement whose refusal is an answer (no rooms left, a draft confirmed twice).
 * pool.query hands its connection back with the error, and pg-pool then closes that connection:
 * in a storm every refused confirm opened a new one (a new server process, about 25 ms), and 500
 * confirms took 15 s where they now take well under one. Any other error still retires the
 * connection, as pool.query would.
 */
async function queryKeepingConnection<R extends pg.QueryResultRow>(db: Queryable, config: pg.QueryConfig): Promise<pg.QueryResult<R>> {
  if (!(db instanceof pg.Pool)) return db.query<R>(config);
  const client = await db.connect();
  let failure: Error | undefined;
  try {
    return await client.query<R>(config);
  } catch (error) {
    if (!answeringStates.has((error as { code?: string }).code ?? '')) failure = error as Error;
    throw error;
  } finally {
    client.release(failure);
  }
}

export type { AuditEntry, Booking };

export interface BookingRow {
  booking_id: string;
  room_id: string | null;
  room_name: string;
  check_in: string | null;
  check_out: string | null;
  rooms: number;
  total_price: number;
  email: string;
  guest_name: string | null;
  guest_mobile: string | null;
  package_index?: number;
  guests?: RoomGuests[] | null;
  created_at: Date;
  status: BookingStatus;
  guest_key_hash?: Buffer | null;
  deleted_at?: Date | null;
  /** bigint: node-postgres hands int8 over as text, to keep it exact (paiseOf). */
  taxable_paise?: string | null;
  cgst_paise?: string | null;
  sgst_paise?: string | null;
  invoice_number?: string | null;
  hold_expires_at?: Date | null;
  /** Read by the admin list only (issue 37): what the hotel holds for it, in paise (bigint, as text). */
  held_paise?: string | null;
}

/**
 * A bigint sum of paise (migration 019) as a number. node-postgres answers int8 as text so that no
 * value past 2^53 is rounded; a booking's sums are far below it (270 room-nights at 100,000,000
 * paise with 18% tax is under 2^35), so the number is exact.
 */
export function paiseOf(value: string | number): number {
  return Number(value);
}

/** A booking's own columns: all of what a query reads of it but its invoice number. */
const bookingRowColumns =
  'booking_id, room_id, room_name, check_in, check_out, rooms, total_price, email, guest_name, guest_mobile, package_index, guests, created_at, status, taxable_paise, cgst_paise, sgst_paise, hold_expires_at';
/** A booking as every query reads it; its invoice number is in the invoices table (migration 013). */
export const bookingColumns = `${bookingRowColumns}, invoice_number_of(booking_id) AS invoice_number`;

/** The price fixed at confirm (issue 22), on the bookings that have one. */
function charges(row: BookingRow): Pick<Booking, 'taxablePaise' | 'cgstPaise' | 'sgstPaise' | 'invoiceNumber'> {
  if (row.taxable_paise == null || row.cgst_paise == null || row.sgst_paise == null || row.invoice_number == null) return {};
  return {
    taxablePaise: paiseOf(row.taxable_paise),
    cgstPaise: paiseOf(row.cgst_paise),
    sgstPaise: paiseOf(row.sgst_paise),
    invoiceNumber: row.invoice_number,
  };
}

export function toBooking(row: BookingRow): Booking {
  return {
    bookingId: row.booking_id,
    roomId: row.room_id,
    roomName: row.room_name,
    checkIn: row.check_in,
    checkOut: row.check_out,
    rooms: row.rooms,
    totalPrice: row.total_price,
    email: row.email,
    ...guestContact(row.guest_name, row.guest_mobile),
    ...stayGuests(row.package_index, row.guests),
    createdAt: row.created_at.toISOString(),
    status: row.status,
    ...charges(row),
    ...(row.hold_expires_at ? { holdExpiresAt: row.hold_expires_at.toISOString() } : {}),
    ...money(row),
  };
}

/** Issue 40: the meal plan (hotel bookings have one: CP before plans existed) and the guests, when said. */
export function stayGuests(
  packageIndex: number | null | undefined,
  guests: RoomGuests[] | null | undefined,
): Pick<Booking, 'packageIndex' | 'guests'> {
  return { ...(packageIndex != null ? { packageIndex } : {}), ...(guests ? { guests } : {}) };
}

/** Issue 34 item 5: the guest's name and mobile, on the bookings that have them (none before they were asked). */
export function guestContact(
  name: string | null | undefined,
  mobile: string | null | undefined,
): Pick<Booking, 'guestName' | 'guestMobile'> {
  return { ...(name ? { guestName: name } : {}), ...(mobile ? { guestMobile: mobile } : {}) };
}

/** Issue 37: what the hotel holds for a booking and what is still due, where the query read it (the admin list). */
function money(row: BookingRow): Pick<Booking, 'paidPaise' | 'duePaise'> {
  if (row.held_paise == null) return {};
  const paid = paiseOf(row.held_paise);
  const total = row.taxable_paise != null ? paiseOf(row.taxable_paise) + paiseOf(row.cgst_paise ?? 0) + paiseOf(row.sgst_paise ?? 0) : null;
  return { paidPaise: paid, ...(total !== null ? { duePaise: Math.max(0, total - paid) } : {}) };
}

/** SQLSTATE of take_nights() refusing a stay (functions/inventory.sql): a rule of the owner's, or no rooms left. */
export const roomsUnavailable = 'P0001';

/**
 * Why a stay cannot be held: no rooms left on a night, a night the owner closed (for the type or
 * the whole hotel), or a stay shorter than the minimum for its arrival day. The same refusal on
 * every path that takes nights; server/bookingRules.ts refusalBody says it to the guest.
 */
export type StayRefusal =
  | { outcome: 'unavailable'; roomId: string; left: number }
  | { outcome: 'closed'; roomId: string; nights: string[] }
  | { outcome: 'min-stay'; checkIn: string; nights: number }
  | ({ outcome: 'guests' } & GuestsRefusalFacts);

/** Why stay_lines (functions/prices.sql) refused a stay's plan or guests: server/bookingRules.ts guestsMessage words it. */
export interface GuestsRefusalFacts {
  reason: 'plan' | 'rooms' | 'adults' | 'children' | 'age';
  roomId: string;
  packageIndex?: number;
  rooms?: number;
  most?: number;
}

/**
 * take_nights' refusal as an answer, or null for any other error. check_stay_rules puts what the
 * message needs in the error's DETAIL; the rooms left are asked for (`left`) only when rooms are
 * what is missing, after the caller has rolled back what it took.
 */
export async function stayRefusalOf(error: unknown, roomId: string, left: () => Promise<number>): Promise<StayRefusal | null> {
  const { code, message, detail } = error as { code?: string; message?: string; detail?: string };
  if (code !== roomsUnavailable) return null;
  if (message === 'stay_closed') {
    const facts = JSON.parse(detail!) as { roomId: string; nights: string[] };
    return { outcome: 'closed', roomId: facts.roomId, nights: facts.nights };
  }
  if (message === 'stay_min_nights') {
    const facts = JSON.parse(detail!) as { checkIn: string; nights: number };
    return { outcome: 'min-stay', checkIn: facts.checkIn, nights: facts.nights };
  }
  if (message === 'rooms_unavailable') return { outcome: 'unavailable', roomId, left: await left() };
  if (message === 'stay_guests') return { outcome: 'guests', ...(JSON.parse(detail!) as GuestsRefusalFacts) };
  return null;
}

export interface RoomCapacity {
  roomId: string;
  capacity: number;
}

export interface NewBooking {
  draftId: string;
  bookingId: string;
  guestKeyHash: Buffer;
  roomId: string;
  roomName: string;
  packageIndex: number;
  rooms: number;
  checkIn: string;
  checkOut: string;
  email: string;
  /** Issue 34 item 5, checked and normalised by src/domain/guestContact.ts; null when the client sent none. */
  guestName: string | null;
  guestMobile: string | null;
  /** Issue 40: who sleeps in each room; null: not said (each room the adults its price includes). */
  guests: RoomGuests[] | null;
  /** The hotel's date: the invoice's date, and so its financial year. */
  today: string;
  /** The address (IPv6: its /64) the confirm came from, for finding a burst (routes/adminBursts.ts); null for staff's phone and walk-in bookings. */
  createdFrom: string | null;
}

/** `booking.status` is awaiting_payment when the owner's policy asks for a payment (issue 37): its rooms are held until booking.holdExpiresAt. */
export type ConfirmOutcome = { outcome: 'created' | 'replayed'; booking: Booking; guestKeyMatches: boolean } | StayRefusal;

interface ConfirmRow {
  replayed: boolean;
  booking_id: string | null;
  taxable_paise: string | null;
  cgst_paise: string | null;
  sgst_paise: string | null;
  held_until: Date | null;
}

async function bookingByDraft(db: Queryable, draftId: string) {
  const { rows } = await db.query<BookingRow>(`SELECT ${bookingColumns}, guest_key_hash FROM bookings WHERE draft_id = $1`, [draftId]);
  return rows[0];
}

/** Rooms of one type free on every night of a stay (the owner's number of rooms, less those taken or out of service). */
export async function roomsLeft(db: Queryable, room: RoomCapacity, checkIn: string, checkOut: string): Promise<number> {
  const { rows } = await db.query<{ left: number }>({
    name: 'rooms_left',
    text: `SELECT greatest(0, coalesce(t.rooms, $2::int) - coalesce(max(n.booked + n.out_of_service + n.blocked), 0))::int AS left
             FROM (SELECT $1::text AS room_id) AS r
             LEFT JOIN room_types t ON t.room_id = r.room_id
             LEFT JOIN room_nights n ON n.room_id = r.room_id AND n.night >= $3::date AND n.night < $4::date
            GROUP BY t.rooms`,
    values: [room.roomId, room.capacity, checkIn, checkOut],
  });
  return rows[0]?.left ?? 0;
}

/**
 * Confirms a booking in one statement (confirm_booking), then waits for its invoice number, which
 * is given just after the commit (invoiceNumbers.ts says why). A pool, not a client: the number
 * can only be given once the confirm has committed.
 */
export async function confirmBooking(db: pg.Pool, input: NewBooking): Promise<ConfirmOutcome> {
  try {
    const { rows } = await queryKeepingConnection<ConfirmRow>(db, {
      // Named: each connection parses and plans it once (the hot path of a busy confirm).
      name: 'confirm_booking_priced',
      text: `SELECT replayed, booking_id, taxable_paise, cgst_paise, sgst_paise, held_until
               FROM confirm_booking($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15)`,
      values: [
        input.draftId,
        input.bookingId,
        input.guestKeyHash,
        input.roomId,
        input.roomName,
        input.packageIndex,
        input.rooms,
        input.checkIn,
        input.checkOut,
        input.email,
        input.createdFrom,
        input.today,
        input.guestName,
        input.guestMobile,
        input.guests === null ? null : JSON.stringify(input.guests),
      ],
    });
    const result = rows[0]!;
    if (!result.replayed) {
      // Built from what was stored, so no second round trip on the common path.
      const taxable = paiseOf(result.taxable_paise!);
      // Held for a payment (issue 37): no invoice yet, it comes with the payment.
      const held = result.held_until;
      return {
        outcome: 'created',
        guestKeyMatches: true,
        booking: {
          bookingId: result.booking_id!,
          roomId: input.roomId,
          roomName: input.roomName,
          checkIn: input.checkIn,
          checkOut: input.checkOut,
          rooms: input.rooms,
          totalPrice: Math.floor((taxable + 50) / 100),
          email: input.email,
          ...guestContact(input.guestName, input.guestMobile),
          ...stayGuests(input.packageIndex, input.guests),
          createdAt: new Date().toISOString(),
          status: held ? 'awaiting_payment' : 'confirmed',
          taxablePaise: taxable,
          cgstPaise: paiseOf(result.cgst_paise!),
          sgstPaise: paiseOf(result.sgst_paise!),
          ...(held ? { holdExpiresAt: held.toISOString() } : { invoiceNumber: await invoiceNumberOf(db, result.booking_id!) }),
        },
      };
    }
  } catch (error) {
    const refusal = await stayRefusalOf(error, input.roomId, () => roomsLeft(db, { ...input, capacity: 0 }, input.checkIn, input.checkOut));
    if (refusal) return refusal;
    const code = (error as { code?: string }).code;
    // The same draft confirmed at the same moment (a double click, two tabs): the other won.
    if (!(code === '23505' && (error as { constraint?: string }).constraint === 'bookings_draft_id_key')) throw error;
  }
  const stored = await bookingByDraft(db, input.draftId);
  if (!stored) throw new Error('A replayed draft has no booking');
  // The same draft confirmed twice at once: the first may not have its number yet (a booking held
  // for its payment, or whose hold expired, has none to wait for).
  if (stored.taxable_paise != null && stored.invoice_number == null && stored.status !== 'awaiting_payment' && stored.status !== 'expired')
    stored.invoice_number = await invoiceNumberOf(db, stored.booking_id).catch(() => null); // a hold cancelled before its payment has none
  return { outcome: 'replayed', booking: toBooking(stored), guestKeyMatches: stored.guest_key_hash?.equals(input.guestKeyHash) ?? false };
}

export interface RoomAvailability {
  roomId: string;
  capacity: number;
  left: number;
  nights: StayNight[];
  stayPaise: number;
  minNights: number | null;
  plans: MealPlanPrice[];
  guestRules: GuestRules;
}

/**
 * For each room type: the owner's number of rooms, each night's price of one room, rooms left and
 * closure, the rooms free on every night from checkIn to the night before checkOut, the sum of
 * the nights' prices, and the minimum stay for arriving on checkIn. One statement, one round trip.
 */
export async function availability(
  db: Queryable,
  roomTypes: readonly RoomCapacity[],
  checkIn: string,
  checkOut: string,
): Promise<RoomAvailability[]> {
  const { rows } = await db.query<{
    room_id: string;
    capacity: number;
    min_nights: number | null;
    nights: StayNight[];
    plans: MealPlanPrice[];
    guest_rules: GuestRules;
  }>({
    // Named: parsed once per connection. The statement is room_availability() (functions/inventory.sql).
    name: 'room_availability',
    text: 'SELECT room_id, capacity, min_nights, nights, plans, guest_rules FROM room_availability($1::text[], $2::int[], $3::date, $4::date)',
    values: [roomTypes.map((r) => r.roomId), roomTypes.map((r) => r.capacity), checkIn, checkOut],
  });
  return rows.map((row) => {
    const nights = row.nights ?? [];
    return {
      roomId: row.room_id,
      capacity: row.capacity,
      left: nights.length ? Math.min(...nights.map((n) => n.left)) : row.capacity,
      nights,
      stayPaise: nights.reduce((sum, n) => sum + (n.pricePaise ?? 0), 0),
      minNights: row.min_nights,
      plans: row.plans,
      guestRules: row.guest_rules,
    };
  });
}

export interface StoredBooking extends Booking {
  guestKeyHash: Buffer | null;
}

export async function findBooking(db: Queryable, bookingId: string): Promise<StoredBooking | null> {
  const { rows } = await db.query<BookingRow>(
    `SELECT ${bookingColumns}, guest_key_hash FROM bookings WHERE booking_id = $1 AND deleted_at IS NULL`,
    [bookingId],
  );
  const row = rows[0];
  return row ? { ...toBooking(row), guestKeyHash: row.guest_key_hash ?? null } : null;
}

export type Actor = 'admin' | 'guest';

/**
 * A new email address, with a notice to the old address and the new one queued in the same
 * statement. The manage link's version goes up: a link mailed to the old address stops working,
 * and the notice to the new address carries the new link.
 */
export async function changeEmail(db: Queryable, bookingId: string, email: string, actor: Actor, address: string): Promise<Booking | null> {
  const { rows } = await db.query<BookingRow>(
    `WITH old AS (
       SELECT booking_id, email FROM bookings WHERE booking_id = $1 AND deleted_at IS NULL FOR UPDATE
     ), changed AS (
       UPDATE bookings b SET email = $2, updated_at = now(), manage_version = b.manage_version + 1
         FROM old WHERE b.booking_id = old.booking_id
       RETURNING b.*, old.email AS old_email, booking_snapshot(b) || jsonb_build_object('oldEmail', old.email) AS snapshot
     ), logged AS (
       INSERT INTO audit_log (booking_id, action, actor, address) SELECT booking_id, 'email', $3, $4 FROM changed
     ), queued AS (
       INSERT INTO outbox (booking_id, kind, recipient, booking, state)
       SELECT c.booking_id, m.kind, m.recipient, c.snapshot, CASE WHEN s.deliver THEN 'pending' ELSE 'held' END
         FROM changed c
        CROSS JOIN mail_settings s
        CROSS JOIN LATERAL (VALUES ('email-old', c.old_email), ('email-new', c.email)) AS m(kind, recipient)
        WHERE lower(c.old_email) <> lower(c.email) OR m.kind = 'email-new'
     )
     SELECT ${bookingColumns} FROM changed`,
    [bookingId, email, actor, address],
  );
  return rows[0] ? toBooking(rows[0]) : null;
}

/** bookings.search_text (migration 004) is lower(id, email and room) joined by chr(31), which keeps a query from matching across two fields. */
const searchText = 'search_text';
/** Counting every match of a broad search at 100,000 bookings costs more than the page itself; past this, "more than". */
export const exactTotalLimit = 1_000;

function likePattern(query: string): string {
  return `%${query.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

export interface SearchPage {
  items: Booking[];
  total: number;
  totalExact: boolean;
  /** The database snapshot the page was read in (pg_current_snapshot), for searchCache.ts. */
  snapshot: string;
}

/**
 * Live bookings whose ID, email or room name contains the query (any case), newest first, and
 * how many there are, up to exactTotalLimit + 1. One statement, so one connection and one snapshot.
 *
 * It reads the matches once, up to the limit and in no order (`matches`: the trigram index for a
 * narrow term, the table's first rows for a broad one). When that is all of them (a name, a
 * booking ID: tens to hundreds), the page is those rows sorted. Only when there are more is the
 * page read again, walking bookings_newest until it is full, which a broad term ("gmail", or
 * nothing at all) does within a few hundred rows. Asking for the page first and counting after
 * read a narrow term's matches twice: names took 1.7 ms instead of 1.1, ID prefixes 0.74 instead
 * of 0.64 (npm run bench:api's data), for 0.3 ms more on a broad term.
 */
export async function searchBookings(db: Queryable, query: string, page: number, pageSize: number): Promise<SearchPage> {
  const filter = query === '' ? '' : `AND ${searchText} LIKE $4`;
  const params: unknown[] = [pageSize, (page - 1) * pageSize, exactTotalLimit + 1, ...(query === '' ? [] : [likePattern(query)])];
  const { rows } = await db.query<BookingRow & { total: number; snapshot: string }>(
    `WITH matches AS MATERIALIZED (
       SELECT ${bookingRowColumns} FROM bookings WHERE deleted_at IS NULL ${filter} LIMIT $3::int
     ), counted AS MATERIALIZED (
       SELECT count(*)::int AS n FROM matches
     ), page AS MATERIALIZED (
       (SELECT * FROM matches WHERE (SELECT n FROM counted) < $3::int
         ORDER BY created_at DESC, booking_id DESC LIMIT $1::int OFFSET $2::int)
       UNION ALL
       (SELECT ${bookingRowColumns} FROM bookings WHERE deleted_at IS NULL ${filter} AND (SELECT n FROM counted) >= $3::int
         ORDER BY created_at DESC, booking_id DESC LIMIT $1::int OFFSET $2::int)
     )
     SELECT (SELECT n FROM counted) AS total, pg_current_snapshot()::text AS snapshot, page.*,
            invoice_number_of(page.booking_id) AS invoice_number, -- for the page's rows only, not every match
            held_paise_of(page.booking_id)::text AS held_paise -- issue 37: paid / due in the list
       FROM (SELECT) AS one LEFT JOIN page ON true
      ORDER BY page.created_at DESC, page.booking_id DESC`,
    params,
  );
  const total = rows[0]!.total;
  const items = rows.filter((row) => row.booking_id !== null).map(toBooking);
  return { items, total: Math.min(total, exactTotalLimit), totalExact: total <= exactTotalLimit, snapshot: rows[0]!.snapshot };
}

/** Soft delete: the booking's nights are freed at once; restoreBooking can take them back for 30 days. */
export async function deleteBooking(db: pg.Pool, bookingId: string, address: string, staff: string): Promise<Booking | null> {
  return inTransaction(db, async (client) => {
    const { rows } = await client.query<BookingRow>(
      `UPDATE bookings SET deleted_at = now() WHERE booking_id = $1 AND deleted_at IS NULL RETURNING ${bookingColumns}`,
      [bookingId],
    );
    const row = rows[0];
    if (!row) return null;
    // A cancelled, checked-out or no-show booking gave its nights back already.
    if (holdsRooms(row.status))
      await client.query('SELECT free_nights($1, $2, $3, $4)', [row.room_id, row.check_in, row.check_out, row.rooms]);
    await client.query(`INSERT INTO audit_log (booking_id, action, actor, address, staff) VALUES ($1, 'delete', 'admin', $2, $3)`, [
      bookingId,
      address,
      staff,
    ]);
    return toBooking(row);
  });
}

/** A restored booking takes its nights again, as a confirm would: the owner's rules and the rooms left both hold. */
export type RestoreOutcome = { outcome: 'restored'; booking: Booking } | { outcome: 'missing' } | StayRefusal;

export async function restoreBooking(
  db: pg.Pool,
  bookingId: string,
  capacityOf: (roomId: string) => number,
  address: string,
  staff: string,
): Promise<RestoreOutcome> {
  try {
    return await inTransaction(db, async (client) => {
      const { rows } = await client.query<BookingRow>(
        `UPDATE bookings SET deleted_at = NULL WHERE booking_id = $1 AND deleted_at IS NOT NULL RETURNING ${bookingColumns}`,
        [bookingId],
      );
      const row = rows[0];
      if (!row) return { outcome: 'missing' as const };
      if (row.room_id && holdsRooms(row.status))
        await client.query('SELECT take_nights($1, $2, $3, $4, $5)', [
          row.room_id,
          row.check_in,
          row.check_out,
          row.rooms,
          capacityOf(row.room_id),
        ]);
      await client.query(`INSERT INTO audit_log (booking_id, action, actor, address, staff) VALUES ($1, 'restore', 'admin', $2, $3)`, [
        bookingId,
        address,
        staff,
      ]);
      return { outcome: 'restored' as const, booking: toBooking(row) };
    });
  } catch (error) {
    if ((error as { code?: string }).code !== roomsUnavailable) throw error;
    const stored = await db.query<BookingRow>(`SELECT ${bookingColumns} FROM bookings WHERE booking_id = $1`, [bookingId]);
    const row = stored.rows[0]!;
    const refusal = await stayRefusalOf(error, row.room_id!, () =>
      roomsLeft(db, { roomId: row.room_id!, capacity: capacityOf(row.room_id!) }, row.check_in!, row.check_out!),
    );
    if (!refusal) throw error;
    return refusal;
  }
}

/** Deleted bookings past their 30 days are removed for good, and every copy of their guests' particulars (purge_deleted_bookings, functions/bookings.sql). */
export async function purgeDeleted(db: Queryable): Promise<number> {
  const { rows } = await db.query<{ purged: number }>(`SELECT purge_deleted_bookings(interval '30 days') AS purged`);
  return rows[0]?.purged ?? 0;
}

/** Rooms taken on each of `days` nights from `from`, per room type. */
export async function occupancy(db: Queryable, from: string, days: number): Promise<Map<string, number[]>> {
  const { rows } = await db.query<{ room_id: string; offset: number; booked: number }>(
    `SELECT room_id, (night - $1::date)::int AS offset, booked FROM room_nights
      WHERE night >= $1::date AND night < $1::date + $2::int AND booked > 0`,
    [from, days],
  );
  const byRoom = new Map<string, number[]>();
  for (const row of rows) {
    const nights = byRoom.get(row.room_id) ?? new Array<number>(days).fill(0);
    nights[row.offset] = row.booked;
    byRoom.set(row.room_id, nights);
  }
  return byRoom;
}

export async function recentAudit(db: Queryable, limit = 50): Promise<AuditEntry[]> {
  const { rows } = await db.query<{
    at: Date;
    booking_id: string;
    action: string;
    actor: Actor;
    address: string | null;
    staff: string | null;
  }>('SELECT at, booking_id, action, actor, address, staff FROM audit_log ORDER BY id DESC LIMIT $1', [limit]);
  return rows.map((row) => ({
    at: row.at.toISOString(),
    bookingId: row.booking_id,
    action: row.action,
    actor: row.actor,
    address: row.address,
    staff: row.staff,
  }));
}

/** Every live booking, oldest first (export). */
export async function allBookings(db: Queryable): Promise<Booking[]> {
  const { rows } = await db.query<BookingRow>(
    `SELECT ${bookingColumns} FROM bookings WHERE deleted_at IS NULL ORDER BY created_at, booking_id`,
  );
  return rows.map(toBooking);
}

export interface ImportedBooking {
  bookingId: string;
  roomId: string | null;
  roomName: string;
  rooms: number;
  checkIn: string | null;
  checkOut: string | null;
  totalPrice: number;
  email: string;
  createdAt: string | null;
}

/** Imported; an ID the hotel has already; or refused as a confirm of that stay would be. */
export type ImportOutcome = { outcome: 'imported' } | { outcome: 'exists' } | StayRefusal;

/**
 * One record of a browser backup: stored under its own ID unless that ID exists (nothing is
 * overwritten), taking its nights like a confirm when it names a room type and dates.
 */
export async function importBooking(
  db: pg.Pool,
  record: ImportedBooking,
  capacity: number,
  address: string,
  staff: string,
): Promise<ImportOutcome> {
  try {
    return await inTransaction(db, async (client) => {
      const inserted = await client.query(
        `INSERT INTO bookings (booking_id, room_id, room_name, rooms, check_in, check_out, total_price, email, created_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, coalesce($9::timestamptz, now()))
         ON CONFLICT (booking_id) DO NOTHING RETURNING booking_id`,
        [
          record.bookingId,
          record.roomId,
          record.roomName,
          record.rooms,
          record.checkIn,
          record.checkOut,
          record.totalPrice,
          record.email,
          record.createdAt,
        ],
      );
      if (inserted.rowCount === 0) return { outcome: 'exists' as const };
      if (record.roomId)
        await client.query('SELECT take_nights($1, $2, $3, $4, $5)', [
          record.roomId,
          record.checkIn,
          record.checkOut,
          record.rooms,
          capacity,
        ]);
      await client.query(`INSERT INTO audit_log (booking_id, action, actor, address, staff) VALUES ($1, 'import', 'admin', $2, $3)`, [
        record.bookingId,
        address,
        staff,
      ]);
      return { outcome: 'imported' as const };
    });
  } catch (error) {
    const refusal =
      record.roomId &&
      (await stayRefusalOf(error, record.roomId, () =>
        roomsLeft(db, { roomId: record.roomId!, capacity }, record.checkIn!, record.checkOut!),
      ));
    if (!refusal) throw error;
    return refusal;
  }
}
