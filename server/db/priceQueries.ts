import type pg from 'pg';
import { accommodationSac } from '../../src/domain/tax';
import type {
  CalendarNight,
  Closure,
  ClosureBody,
  HotelSettings,
  InvoiceReply,
  MinStay,
  MinStayBody,
  OutOfServiceBody,
  PriceRule,
  PriceRuleBody,
  RoomTypeBody,
  MealPlanSetting,
  StayOptionsBody,
  RoomTypeSetting,
  SettingsAuditReply,
} from '../../src/domain/pricesWire';
import { paiseOf, stayGuests } from './bookingQueries';
import type { GuestRules, RoomGuests } from '../../src/domain/roomGuests';
import { mealPlans } from '../../src/domain/mealPlans';
import type { StayQuoteReply } from '../../src/domain/wire';
import { inTransaction } from './database';
import { folioOf } from './folioQueries';
import { matchRoomsToCount, nightsAbove } from './roomQueries';

/**
 * The owner's rooms, prices, closures, minimum stays and legal details (issue 22, migration 009).
 * Every change is one transaction that also writes settings_audit with the value before and after.
 */

type Queryable = pg.Pool | pg.PoolClient;

export interface Editor {
  username: string;
  address: string;
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

interface RoomTypeRow {
  room_id: string;
  rooms: number;
  price_paise: number;
  discount_paise: number;
  guest_rules: GuestRules;
  plans: MealPlanSetting[] | null;
}
/** A room type as the owner sets it, with its guest rules and meal plans (issue 40, migration 100). */
const roomTypeColumns = `room_id, rooms, price_paise, discount_paise,
  json_build_object('includedAdults', included_adults, 'maxAdults', max_adults, 'maxChildren', max_children,
                    'extraAdultPaise', extra_adult_paise, 'extraChildPaise', extra_child_paise,
                    'childFreeBelowAge', child_free_below) AS guest_rules,
  (SELECT json_agg(json_build_object('packageIndex', m.package_index, 'enabled', m.enabled, 'pricePaise', m.price_paise, 'per', m.per)
                   ORDER BY m.package_index)
     FROM meal_plans m WHERE m.room_id = room_types.room_id) AS plans`;
const toRoomType = (row: RoomTypeRow, title: (roomId: string) => string): RoomTypeSetting => ({
  roomId: row.room_id,
  title: title(row.room_id),
  rooms: row.rooms,
  pricePaise: row.price_paise,
  discountPricePaise: row.discount_paise,
  guestRules: row.guest_rules,
  // A type without plans set sells its price: the CP plan (stay_lines).
  plans:
    row.plans ?? mealPlans.map((_, packageIndex) => ({ packageIndex, enabled: packageIndex === 0, pricePaise: 0, per: 'room' as const })),
});

export async function roomTypeSettings(db: Queryable, title: (roomId: string) => string): Promise<RoomTypeSetting[]> {
  const { rows } = await db.query<RoomTypeRow>(`SELECT ${roomTypeColumns} FROM room_types ORDER BY room_id`);
  return rows.map((row) => toRoomType(row, title));
}

/** Nights from `from` on where the rooms taken (booked and out of service) exceed `rooms`. */
export interface TakenNight {
  night: string;
  taken: number;
}

export type RoomTypeOutcome =
  | { outcome: 'saved'; roomType: RoomTypeSetting }
  | { outcome: 'missing' }
  | { outcome: 'below-taken'; nights: TakenNight[] }
  | { outcome: 'rooms-in-use'; message: string };

/**
 * Takes a room type's lock alone for the rest of the transaction: confirms in flight hold it
 * shared while they take nights (take_nights, functions/inventory.sql), so this waits for them, and new ones
 * wait for the commit. Taken before reading the nights taken, so that read sees every confirm.
 */
async function lockRoomType(client: pg.PoolClient, roomId: string): Promise<void> {
  await client.query('SELECT pg_advisory_xact_lock(7311012, hashtext($1))', [roomId]);
}

/**
 * The number of rooms and the two prices of a type. Never fewer rooms than are taken on a night
 * from `today` on: the type's lock (lockRoomType) keeps confirms from slipping in between the
 * check and the change.
 */
export async function saveRoomType(
  db: pg.Pool,
  roomId: string,
  body: RoomTypeBody,
  today: string,
  editor: Editor,
  title: (roomId: string) => string,
): Promise<RoomTypeOutcome> {
  return inTransaction(db, async (client) => {
    await lockRoomType(client, roomId);
    const { rows } = await client.query<RoomTypeRow>(`SELECT ${roomTypeColumns} FROM room_types WHERE room_id = $1 FOR UPDATE`, [roomId]);
    const old = rows[0];
    if (!old) return { outcome: 'missing' as const };
    // Rooms sold on other channels (blocked, issue 38) are taken too.
    const taken = await nightsAbove(client, roomId, today, body.rooms);
    if (taken.length) return { outcome: 'below-taken' as const, nights: taken };
    const saved = await client.query<RoomTypeRow>(
      `UPDATE room_types SET rooms = $2, price_paise = $3, discount_paise = $4 WHERE room_id = $1
       RETURNING ${roomTypeColumns}`,
      [roomId, body.rooms, body.pricePaise, body.discountPricePaise],
    );
    // The rooms by number follow the number (issue 38): numbered on from the highest, or the highest retired.
    const problem = await matchRoomsToCount(client, roomId, body.rooms, today);
    if (problem) {
      await client.query('ROLLBACK');
      return { outcome: 'rooms-in-use' as const, message: problem };
    }
    const before = toRoomType(old, title);
    const after = toRoomType(saved.rows[0]!, title);
    await audit(client, editor, `room type ${roomId}`, before, after);
    return { outcome: 'saved' as const, roomType: after };
  });
}

/**
 * Issue 40: a type's guest rules and meal plans, audited. Bookings keep the prices they were
 * confirmed at; the next confirm, quote or change prices by these (stay_lines).
 */
export async function saveStayOptions(
  db: pg.Pool,
  roomId: string,
  body: StayOptionsBody,
  editor: Editor,
  title: (roomId: string) => string,
): Promise<RoomTypeSetting | null> {
  return inTransaction(db, async (client) => {
    const { rows } = await client.query<RoomTypeRow>(`SELECT ${roomTypeColumns} FROM room_types WHERE room_id = $1 FOR UPDATE`, [roomId]);
    const old = rows[0];
    if (!old) return null;
    const rules = body.guestRules;
    await client.query(
      `UPDATE room_types SET included_adults = $2, max_adults = $3, max_children = $4, extra_adult_paise = $5,
              extra_child_paise = $6, child_free_below = $7 WHERE room_id = $1`,
      [
        roomId,
        rules.includedAdults,
        rules.maxAdults,
        rules.maxChildren,
        rules.extraAdultPaise,
        rules.extraChildPaise,
        rules.childFreeBelowAge,
      ],
    );
    await client.query(
      `INSERT INTO meal_plans (room_id, package_index, enabled, price_paise, per)
       SELECT $1, p.package_index, p.enabled, p.price_paise, p.per
         FROM jsonb_to_recordset($2::jsonb) AS p(package_index integer, enabled boolean, price_paise integer, per text)
       ON CONFLICT (room_id, package_index) DO UPDATE SET enabled = excluded.enabled, price_paise = excluded.price_paise, per = excluded.per`,
      [
        roomId,
        JSON.stringify(
          body.plans.map((p) => ({ package_index: p.packageIndex, enabled: p.enabled, price_paise: p.pricePaise, per: p.per })),
        ),
      ],
    );
    const saved = await client.query<RoomTypeRow>(`SELECT ${roomTypeColumns} FROM room_types WHERE room_id = $1`, [roomId]);
    const before = toRoomType(old, title);
    const after = toRoomType(saved.rows[0]!, title);
    await audit(client, editor, `stay options ${roomId}`, { guestRules: before.guestRules, plans: before.plans }, body);
    return after;
  });
}

export type OutOfServiceOutcome = { outcome: 'saved' } | { outcome: 'missing' } | { outcome: 'below-taken'; nights: TakenNight[] };

/** Sets the rooms of a type out of service on each night of the range (0 puts them back), if they are free. */
export async function setOutOfService(db: pg.Pool, roomId: string, body: OutOfServiceBody, editor: Editor): Promise<OutOfServiceOutcome> {
  return inTransaction(db, async (client) => {
    await lockRoomType(client, roomId);
    const type = await client.query<{ rooms: number }>('SELECT rooms FROM room_types WHERE room_id = $1 FOR UPDATE', [roomId]);
    const capacity = type.rows[0]?.rooms;
    if (capacity === undefined) return { outcome: 'missing' as const };
    const full = await client.query<TakenNight>(
      `SELECT to_char(night, 'YYYY-MM-DD') AS night, booked + blocked AS taken FROM room_nights
        WHERE room_id = $1 AND night BETWEEN $2::date AND $3::date AND booked + blocked + $4 > $5 ORDER BY night LIMIT 50`,
      [roomId, body.firstNight, body.lastNight, body.rooms, capacity],
    );
    if (body.rooms > capacity) return { outcome: 'below-taken' as const, nights: [{ night: body.firstNight, taken: 0 }] };
    if (full.rows.length) return { outcome: 'below-taken' as const, nights: full.rows };
    const old = await client.query<{ nights: Record<string, number> | null }>(
      `SELECT jsonb_object_agg(to_char(night, 'YYYY-MM-DD'), out_of_service) AS nights FROM room_nights
        WHERE room_id = $1 AND night BETWEEN $2::date AND $3::date AND out_of_service > 0`,
      [roomId, body.firstNight, body.lastNight],
    );
    await client.query(
      `INSERT INTO room_nights AS rn (room_id, night, booked, out_of_service)
       SELECT $1, d::date, 0, $4 FROM generate_series($2::date, $3::date, interval '1 day') AS d ORDER BY d
       ON CONFLICT (room_id, night) DO UPDATE SET out_of_service = excluded.out_of_service`,
      [roomId, body.firstNight, body.lastNight, body.rooms],
    );
    await audit(client, editor, `out of service ${roomId}`, { nights: old.rows[0]?.nights ?? {} }, body);
    return { outcome: 'saved' as const };
  });
}

interface RangeRow {
  id: string;
  room_id: string | null;
  first_night: string;
  last_night: string;
}
const range = (row: RangeRow) => ({ id: Number(row.id), roomId: row.room_id, firstNight: row.first_night, lastNight: row.last_night });
const toRule = (row: RangeRow & { weekdays: number[] | null; price_paise: number }): PriceRule => ({
  ...range(row),
  roomId: row.room_id!,
  weekdays: row.weekdays,
  pricePaise: row.price_paise,
});
const toMinStay = (row: RangeRow & { nights: number }): MinStay => ({ ...range(row), nights: row.nights });

const ruleColumns = 'id, room_id, first_night, last_night, weekdays, price_paise';
const closureColumns = 'id, room_id, first_night, last_night';
const minStayColumns = 'id, room_id, first_night, last_night, nights';

/** A room type the table does not know: the foreign key refuses it (23503). */
const unknownRoom = '23503';

export async function addPriceRule(db: pg.Pool, body: PriceRuleBody, editor: Editor): Promise<PriceRule | null> {
  try {
    return await inTransaction(db, async (client) => {
      const { rows } = await client.query(
        `INSERT INTO price_rules (room_id, first_night, last_night, weekdays, price_paise) VALUES ($1, $2, $3, $4, $5) RETURNING ${ruleColumns}`,
        [body.roomId, body.firstNight, body.lastNight, body.weekdays ? [...body.weekdays].sort() : null, body.pricePaise],
      );
      const rule = toRule(rows[0]);
      await audit(client, editor, 'price rule', null, rule);
      return rule;
    });
  } catch (error) {
    if ((error as { code?: string }).code === unknownRoom) return null;
    throw error;
  }
}

export async function addClosure(db: pg.Pool, body: ClosureBody, editor: Editor): Promise<Closure | null> {
  try {
    return await inTransaction(db, async (client) => {
      const { rows } = await client.query<RangeRow>(
        `INSERT INTO closures (room_id, first_night, last_night) VALUES ($1, $2, $3) RETURNING ${closureColumns}`,
        [body.roomId, body.firstNight, body.lastNight],
      );
      const closure = range(rows[0]!);
      await audit(client, editor, 'closure', null, closure);
      return closure;
    });
  } catch (error) {
    if ((error as { code?: string }).code === unknownRoom) return null;
    throw error;
  }
}

export async function addMinStay(db: pg.Pool, body: MinStayBody, editor: Editor): Promise<MinStay | null> {
  try {
    return await inTransaction(db, async (client) => {
      const { rows } = await client.query(
        `INSERT INTO min_stays (room_id, first_night, last_night, nights) VALUES ($1, $2, $3, $4) RETURNING ${minStayColumns}`,
        [body.roomId, body.firstNight, body.lastNight, body.nights],
      );
      const minStay = toMinStay(rows[0]);
      await audit(client, editor, 'minimum stay', null, minStay);
      return minStay;
    });
  } catch (error) {
    if ((error as { code?: string }).code === unknownRoom) return null;
    throw error;
  }
}

const removable = {
  'price rule': { table: 'price_rules', columns: ruleColumns, read: toRule },
  closure: { table: 'closures', columns: closureColumns, read: range },
  'minimum stay': { table: 'min_stays', columns: minStayColumns, read: toMinStay },
} as const;

/** Removes a price rule, closure or minimum stay; false when there is none with that ID. */
export async function removeRule(db: pg.Pool, kind: keyof typeof removable, id: number, editor: Editor): Promise<boolean> {
  const { table, columns, read } = removable[kind];
  return inTransaction(db, async (client) => {
    // The table name comes from the fixed list above, never from the request.
    const { rows } = await client.query(`DELETE FROM ${table} WHERE id = $1 RETURNING ${columns}`, [id]);
    if (!rows[0]) return false;
    await audit(client, editor, kind, read(rows[0]), null);
    return true;
  });
}

interface SettingsRow {
  legal_name: string;
  address: string;
  gstin: string;
  gst_slabs: HotelSettings['gstSlabs'];
}
const toSettings = (row: SettingsRow): HotelSettings => ({
  legalName: row.legal_name,
  address: row.address,
  gstin: row.gstin,
  gstSlabs: row.gst_slabs,
});

export async function hotelSettings(db: Queryable): Promise<HotelSettings> {
  const { rows } = await db.query<SettingsRow>('SELECT legal_name, address, gstin, gst_slabs FROM hotel_settings');
  return toSettings(rows[0]!);
}

export async function saveHotelSettings(db: pg.Pool, settings: HotelSettings, editor: Editor): Promise<HotelSettings> {
  return inTransaction(db, async (client) => {
    const old = await client.query<SettingsRow>('SELECT legal_name, address, gstin, gst_slabs FROM hotel_settings FOR UPDATE');
    const { rows } = await client.query<SettingsRow>(
      'UPDATE hotel_settings SET legal_name = $1, address = $2, gstin = $3, gst_slabs = $4 RETURNING legal_name, address, gstin, gst_slabs',
      [settings.legalName, settings.address, settings.gstin, JSON.stringify(settings.gstSlabs)],
    );
    const saved = toSettings(rows[0]!);
    await audit(client, editor, 'hotel settings', toSettings(old.rows[0]!), saved);
    return saved;
  });
}

/** The owner's calendar: for each type and night, the price, rooms booked and out, rooms left, closure and minimum stay. */
export async function calendar(db: Queryable, from: string, days: number): Promise<Map<string, CalendarNight[]>> {
  const { rows } = await db.query<{ room_id: string; nights: CalendarNight[] }>(
    `SELECT t.room_id,
            (SELECT json_agg(json_build_object(
                      'night', to_char(s.night, 'YYYY-MM-DD'), 'pricePaise', s.price_paise,
                      'booked', coalesce(n.booked, 0), 'outOfService', coalesce(n.out_of_service, 0),
                      'left', greatest(0, t.rooms - coalesce(n.booked + n.out_of_service + n.blocked, 0)),
                      'closed', night_closed(t.room_id, s.night), 'minNights', min_nights(t.room_id, s.night))
                    ORDER BY s.night)
               FROM stay_nights(t.room_id, $1::date, $1::date + $2::int) AS s
               LEFT JOIN room_nights n ON n.room_id = t.room_id AND n.night = s.night) AS nights
       FROM room_types t ORDER BY t.room_id`,
    [from, days],
  );
  return new Map(rows.map((row) => [row.room_id, row.nights ?? []]));
}

/** Rules that still matter: ending on or after `from`. */
export async function activeRules(db: Queryable, from: string): Promise<{ rules: PriceRule[]; closures: Closure[]; minStays: MinStay[] }> {
  const [rules, closures, minStays] = await Promise.all([
    db.query(`SELECT ${ruleColumns} FROM price_rules WHERE last_night >= $1 ORDER BY id`, [from]),
    db.query<RangeRow>(`SELECT ${closureColumns} FROM closures WHERE last_night >= $1 ORDER BY first_night, id`, [from]),
    db.query(`SELECT ${minStayColumns} FROM min_stays WHERE last_night >= $1 ORDER BY first_night, id`, [from]),
  ]);
  return { rules: rules.rows.map(toRule), closures: closures.rows.map(range), minStays: minStays.rows.map(toMinStay) };
}

export async function settingsAudit(db: Queryable, limit = 50): Promise<SettingsAuditReply['items']> {
  const { rows } = await db.query<{
    at: Date;
    username: string;
    address: string | null;
    subject: string;
    old_value: unknown;
    new_value: unknown;
  }>('SELECT at, username, address, subject, old_value, new_value FROM settings_audit ORDER BY id DESC LIMIT $1', [limit]);
  return rows.map((row) => ({
    at: row.at.toISOString(),
    username: row.username,
    address: row.address,
    subject: row.subject,
    oldValue: row.old_value,
    newValue: row.new_value,
  }));
}

export interface InvoiceSource {
  invoice: InvoiceReply;
  guestKeyHash: Buffer | null;
}

/** The tax invoice of a booking, with the hotel's legal details as they are now; null without one. */
export async function invoiceOf(db: Queryable, bookingId: string): Promise<InvoiceSource | null> {
  const { rows } = await db.query<{
    booking_id: string;
    status: 'confirmed' | 'cancelled';
    email: string;
    guest_name: string | null;
    guest_mobile: string | null;
    package_index: number;
    guests: RoomGuests[] | null;
    room_name: string;
    check_in: string;
    check_out: string;
    rooms: number;
    lines: InvoiceReply['lines'];
    taxable_paise: string;
    cgst_paise: string;
    sgst_paise: string;
    invoice_number: string;
    invoice_date: string;
    guest_key_hash: Buffer | null;
    legal_name: string;
    address: string;
    gstin: string;
  }>(
    `SELECT b.booking_id, b.status, b.email, b.guest_name, b.guest_mobile, b.package_index, b.guests, b.room_name, b.check_in, b.check_out, b.rooms, b.lines, b.taxable_paise,
            b.cgst_paise, b.sgst_paise, i.invoice_number, i.invoice_date, b.guest_key_hash, h.legal_name, h.address, h.gstin
       FROM bookings b JOIN invoices i ON i.booking_id = b.booking_id CROSS JOIN hotel_settings h
      WHERE b.booking_id = $1 AND b.deleted_at IS NULL`,
    [bookingId],
  );
  const row = rows[0];
  if (!row) return null;
  const [taxablePaise, cgstPaise, sgstPaise] = [paiseOf(row.taxable_paise), paiseOf(row.cgst_paise), paiseOf(row.sgst_paise)];
  // Issue 37: the money received before the stay (receipt vouchers, less refund vouchers) and what remains due.
  const { rows: vouchers } = await db.query<{ voucher_number: string; kind: string; voucher_date: string; amount_paise: string }>(
    'SELECT voucher_number, kind, voucher_date, amount_paise::text FROM vouchers WHERE booking_id = $1 ORDER BY created_at, voucher_number',
    [bookingId],
  );
  const advance = vouchers.reduce((sum, v) => sum + (v.kind === 'receipt' ? 1 : -1) * Number(v.amount_paise), 0);
  const total = taxablePaise + cgstPaise + sgstPaise;
  const advances = vouchers.length
    ? {
        vouchers: vouchers.map((v) => ({
          voucherNumber: v.voucher_number,
          kind: v.kind,
          voucherDate: v.voucher_date,
          amountPaise: Number(v.amount_paise),
        })),
        advancePaise: advance,
        duePaise: total - advance,
      }
    : {};
  return {
    guestKeyHash: row.guest_key_hash,
    invoice: {
      invoiceNumber: row.invoice_number,
      invoiceDate: row.invoice_date,
      bookingId: row.booking_id,
      status: row.status,
      hotel: { legalName: row.legal_name, address: row.address, gstin: row.gstin },
      guestEmail: row.email,
      ...(row.guest_name ? { guestName: row.guest_name } : {}),
      ...(row.guest_mobile ? { guestMobile: row.guest_mobile } : {}),
      roomName: row.room_name,
      checkIn: row.check_in,
      checkOut: row.check_out,
      rooms: row.rooms,
      ...stayGuests(row.package_index, row.guests),
      sac: accommodationSac,
      lines: row.lines,
      taxablePaise,
      cgstPaise,
      sgstPaise,
      totalPaise: total,
      ...advances,
      ...(await billOf(db, bookingId)),
    },
  };
}

/**
 * Issue 40: what the desk posted to the stay's bill, for the invoice: the lines still standing
 * (a line reversed and its reversal cancel out and neither prints) and the sums as the bill has
 * them. Nothing for a booking without posts, so its invoice is what it always was.
 */
async function billOf(db: Queryable, bookingId: string): Promise<Pick<InvoiceReply, 'bill'>> {
  const folio = await folioOf(db, bookingId);
  const posted = folio?.lines.filter((line) => line.id !== null) ?? [];
  if (!folio || posted.length === 0) return {};
  const standing = posted.filter((line) => line.reverses === null && line.reversedBy === null);
  const services = standing
    .filter((line) => line.kind === 'charge')
    .map((line) => ({
      description: line.description,
      sac: line.sac!,
      quantity: line.quantity!,
      unitPaise: line.unitPaise!,
      gstBasisPoints: line.gstBasisPoints!,
      taxablePaise: line.taxablePaise,
      cgstPaise: line.cgstPaise,
      sgstPaise: line.sgstPaise,
    }));
  const sum = (field: 'taxablePaise' | 'cgstPaise' | 'sgstPaise') => services.reduce((total, line) => total + line[field], 0);
  return {
    bill: {
      services,
      payments: standing
        .filter((line) => line.kind === 'payment')
        .map((line) => ({ description: line.description, postedAt: line.postedAt, amountPaise: line.amountPaise })),
      servicesTaxablePaise: sum('taxablePaise'),
      servicesCgstPaise: sum('cgstPaise'),
      servicesSgstPaise: sum('sgstPaise'),
      grandTotalPaise: folio.roomPaise + folio.chargesPaise,
      paidPaise: folio.paymentsPaise,
      balancePaise: folio.balancePaise,
    },
  };
}

/**
 * Works out the coming nights' prices again (night_prices, migration 011). Changes to the rules
 * do it themselves through triggers; this, hourly, moves the three years ahead along with the days
 * (a night outside them is priced by the rule, so a missed hour costs speed, never a wrong price).
 */
export async function refreshNightPrices(db: Queryable, today: string): Promise<void> {
  await db.query('SELECT refresh_night_prices($1::date)', [today]);
}

/** A stay to price: a room type, its plan (src/domain/mealPlans.ts) and guests (null: not said), rooms and dates. */
export interface QuotedStay {
  roomId: string;
  packageIndex: number;
  rooms: number;
  checkIn: string;
  checkOut: string;
  guests: RoomGuests[] | null;
}

/** A stay as a confirm would price it now: its lines and sums (stay_price, functions/prices.sql: the plan and guests too). */
export async function stayQuote(db: Queryable, stay: QuotedStay): Promise<StayQuoteReply> {
  const { rows } = await db.query<{
    lines: StayQuoteReply['lines'] | null;
    taxable: string | null;
    cgst: string | null;
    sgst: string | null;
  }>('SELECT lines, taxable, cgst, sgst FROM stay_price($1, $2::date, $3::date, $4::int, $5::int, $6::jsonb)', [
    stay.roomId,
    stay.checkIn,
    stay.checkOut,
    stay.rooms,
    stay.packageIndex,
    stay.guests ? JSON.stringify(stay.guests) : null,
  ]);
  const row = rows[0]!;
  return {
    lines: row.lines ?? [],
    taxablePaise: Number(row.taxable ?? 0),
    cgstPaise: Number(row.cgst ?? 0),
    sgstPaise: Number(row.sgst ?? 0),
  };
}
