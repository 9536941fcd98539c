import type pg from 'pg';
import { addDays } from '../../src/domain/dates';
import { formCDateFields, formCFields, missingParticulars } from '../../src/domain/formC';
import type { FormCField, FormCParticulars } from '../../src/domain/formC';
import type { FormCGuest, FormCReply } from '../../src/domain/formCWire';
import { countOf } from '../../src/domain/words';

type Queryable = pg.Pool | pg.PoolClient;

/**
 * Form C (issue 40): every statement on the foreign guests' particulars. The particulars leave the
 * database only through formCOf and exportRows (the Form C screen and its export); no other query
 * of the server reads form_c_guests, and no value of it is ever logged.
 */

/** Each particular's column (snake case of its name). */
const columnOf = (field: FormCField) => field.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`);
const columns = formCFields.map(([field]) => columnOf(field));
const isDate = (field: FormCField) => formCDateFields.includes(field);

type GuestRow = Record<string, string | null> & { id: string };

function guestOf(row: GuestRow): FormCGuest {
  const particulars = Object.fromEntries(formCFields.map(([field]) => [field, row[columnOf(field)] ?? ''])) as FormCParticulars;
  return { id: Number(row.id), ...particulars, missing: missingParticulars(particulars) };
}

export async function retentionDays(db: Queryable): Promise<number> {
  const { rows } = await db.query<{ retention_days: number }>('SELECT retention_days FROM form_c_settings');
  return rows[0]?.retention_days ?? 180;
}

export async function setRetentionDays(db: pg.Pool, days: number, staff: string): Promise<void> {
  const client = await db.connect();
  try {
    await client.query('BEGIN');
    await client.query('UPDATE form_c_settings SET retention_days = $1', [days]);
    await client.query(`INSERT INTO form_c_audit (booking_id, action, staff, detail) VALUES (NULL, 'retention', $1, $2)`, [
      staff,
      `${days} days`,
    ]);
    await client.query('COMMIT');
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  } finally {
    client.release();
  }
}

/** A booking's Form C, or null when there is no such booking (a deleted one included). */
export async function formCOf(db: Queryable, bookingId: string): Promise<FormCReply | null> {
  const { rows } = await db.query<{
    booking_id: string;
    room_name: string;
    check_in: string | null;
    check_out: string | null;
    status: string;
    foreign_guests: boolean | null;
    submitted_on: string | null;
    submitted_by: string | null;
    erased_on: string | null;
    address: string | null;
    retention_days: number;
  }>(
    `SELECT b.booking_id, b.room_name, b.check_in, b.check_out, b.status, f.foreign_guests, f.submitted_on, f.submitted_by, f.erased_on,
            (SELECT address FROM hotel_settings LIMIT 1) AS address, (SELECT retention_days FROM form_c_settings) AS retention_days
       FROM bookings b LEFT JOIN form_c_bookings f ON f.booking_id = b.booking_id
      WHERE b.booking_id = $1 AND b.deleted_at IS NULL`,
    [bookingId],
  );
  const booking = rows[0];
  if (!booking) return null;
  const guests = await db.query<GuestRow>(`SELECT id, ${columns.join(', ')} FROM form_c_guests WHERE booking_id = $1 ORDER BY id`, [
    bookingId,
  ]);
  return {
    bookingId: booking.booking_id,
    roomName: booking.room_name,
    checkIn: booking.check_in,
    checkOut: booking.check_out,
    status: booking.status,
    foreignGuests: booking.foreign_guests,
    hotelAddress: booking.address ?? '',
    guests: guests.rows.map(guestOf),
    submittedOn: booking.submitted_on,
    submittedBy: booking.submitted_by,
    erasedOn: booking.erased_on,
    eraseOn: booking.check_out && !booking.erased_on ? addDays(booking.check_out, booking.retention_days) : null,
  };
}

export type FormCWrite = { outcome: 'done' } | { outcome: 'missing' } | { outcome: 'refused'; message: string };

/**
 * A statement that fails on a guest's row: PostgreSQL's `detail` ("Failing row contains (…)") holds
 * the row's values, the particulars, and the error log prints every field of an error. It goes.
 */
function withoutRowValues(error: unknown): unknown {
  if (error && typeof error === 'object' && 'detail' in error) delete (error as { detail?: unknown }).detail;
  return error;
}

async function inTransaction(db: pg.Pool, work: (client: pg.PoolClient) => Promise<FormCWrite>): Promise<FormCWrite> {
  const client = await db.connect();
  try {
    await client.query('BEGIN');
    const outcome = await work(client);
    await client.query(outcome.outcome === 'done' ? 'COMMIT' : 'ROLLBACK');
    return outcome;
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw withoutRowValues(error);
  } finally {
    client.release();
  }
}

/** Locks the booking's Form C row (made if need be); missing when there is no booking, refused once erased. */
async function lockFormC(client: pg.PoolClient, bookingId: string): Promise<FormCWrite | null> {
  const booking = await client.query('SELECT 1 FROM bookings WHERE booking_id = $1 AND deleted_at IS NULL', [bookingId]);
  if (booking.rowCount === 0) return { outcome: 'missing' };
  await client.query('INSERT INTO form_c_bookings (booking_id) VALUES ($1) ON CONFLICT DO NOTHING', [bookingId]);
  const { rows } = await client.query<{ erased_on: string | null }>(
    'SELECT erased_on FROM form_c_bookings WHERE booking_id = $1 FOR UPDATE',
    [bookingId],
  );
  if (rows[0]!.erased_on)
    return {
      outcome: 'refused',
      message: `This booking’s Form C particulars were erased on ${rows[0]!.erased_on}: nothing can be added now.`,
    };
  return null;
}

const audit = (client: pg.PoolClient, bookingId: string, action: string, staff: string, detail = '') =>
  client.query('INSERT INTO form_c_audit (booking_id, action, staff, detail) VALUES ($1, $2, $3, $4)', [bookingId, action, staff, detail]);

export function answerForeignGuests(db: pg.Pool, bookingId: string, foreignGuests: boolean, staff: string): Promise<FormCWrite> {
  return inTransaction(db, async (client) => {
    const locked = await lockFormC(client, bookingId);
    if (locked) return locked;
    if (!foreignGuests) {
      const { rowCount } = await client.query('SELECT 1 FROM form_c_guests WHERE booking_id = $1', [bookingId]);
      if (rowCount)
        return { outcome: 'refused', message: 'This booking has guests from abroad recorded: remove them first to answer “No”.' };
    }
    await client.query('UPDATE form_c_bookings SET foreign_guests = $2 WHERE booking_id = $1', [bookingId, foreignGuests]);
    await audit(client, bookingId, 'answer', staff, foreignGuests ? 'yes' : 'no');
    return { outcome: 'done' };
  });
}

const values = (guest: FormCParticulars) => formCFields.map(([field]) => (isDate(field) && guest[field] === '' ? null : guest[field]));

/** Adds a guest (guestId null) or changes one of the booking's guests. */
export function saveGuest(
  db: pg.Pool,
  bookingId: string,
  guestId: number | null,
  guest: FormCParticulars,
  staff: string,
): Promise<FormCWrite> {
  return inTransaction(db, async (client) => {
    const locked = await lockFormC(client, bookingId);
    if (locked) return locked;
    if (guestId === null) {
      const placeholders = columns.map((_, index) => `$${index + 3}`).join(', ');
      const added = await client.query<{ id: string }>(
        `INSERT INTO form_c_guests (booking_id, updated_by, ${columns.join(', ')}) VALUES ($1, $2, ${placeholders}) RETURNING id`,
        [bookingId, staff, ...values(guest)],
      );
      await client.query('UPDATE form_c_bookings SET foreign_guests = true WHERE booking_id = $1', [bookingId]);
      await audit(client, bookingId, 'add', staff, `guest ${added.rows[0]!.id}`);
      return { outcome: 'done' };
    }
    const sets = columns.map((column, index) => `${column} = $${index + 4}`).join(', ');
    const changed = await client.query(
      `UPDATE form_c_guests SET updated_by = $3, updated_at = now(), ${sets} WHERE booking_id = $1 AND id = $2`,
      [bookingId, guestId, staff, ...values(guest)],
    );
    if (changed.rowCount === 0) return { outcome: 'missing' };
    await audit(client, bookingId, 'change', staff, `guest ${guestId}`);
    return { outcome: 'done' };
  });
}

export function removeGuest(db: pg.Pool, bookingId: string, guestId: number, staff: string): Promise<FormCWrite> {
  return inTransaction(db, async (client) => {
    const locked = await lockFormC(client, bookingId);
    if (locked) return locked;
    const { rows } = await client.query<{ submitted_on: string | null }>('SELECT submitted_on FROM form_c_bookings WHERE booking_id = $1', [
      bookingId,
    ]);
    if (rows[0]!.submitted_on)
      return {
        outcome: 'refused',
        message: `This Form C was submitted to the FRRO on ${rows[0]!.submitted_on}: its guests cannot be removed now.`,
      };
    const removed = await client.query('DELETE FROM form_c_guests WHERE booking_id = $1 AND id = $2', [bookingId, guestId]);
    if (removed.rowCount === 0) return { outcome: 'missing' };
    await audit(client, bookingId, 'remove', staff, `guest ${guestId}`);
    return { outcome: 'done' };
  });
}

/** Marks the Form C submitted to the FRRO (today, by this person): only with every guest's particulars complete. */
export function markSubmitted(db: pg.Pool, bookingId: string, today: string, staff: string): Promise<FormCWrite> {
  return inTransaction(db, async (client) => {
    const locked = await lockFormC(client, bookingId);
    if (locked) return locked;
    const guests = await client.query<GuestRow>(`SELECT id, ${columns.join(', ')} FROM form_c_guests WHERE booking_id = $1`, [bookingId]);
    if (guests.rowCount === 0) return { outcome: 'refused', message: 'This Form C has no guest from abroad to submit.' };
    if (guests.rows.map(guestOf).some((guest) => guest.missing.length > 0))
      return {
        outcome: 'refused',
        message: 'Some particulars are still missing: complete every guest before marking the Form C submitted.',
      };
    await client.query('UPDATE form_c_bookings SET submitted_on = $2, submitted_by = $3 WHERE booking_id = $1 AND submitted_on IS NULL', [
      bookingId,
      today,
      staff,
    ]);
    await audit(client, bookingId, 'submit', staff);
    return { outcome: 'done' };
  });
}

export async function auditExport(db: Queryable, bookingId: string, staff: string, format: string): Promise<void> {
  await db.query(`INSERT INTO form_c_audit (booking_id, action, staff, detail) VALUES ($1, 'export', $2, $3)`, [bookingId, staff, format]);
}

/**
 * The pending list: checked-in bookings that arrived today or yesterday (the hotel's dates, so
 * every arrival of the last 24 hours) where the desk has not answered "any guests from abroad?",
 * answered yes without recording a guest, or recorded a guest with particulars missing.
 */
export async function pendingFormC(
  db: Queryable,
  today: string,
): Promise<Array<{ bookingId: string; roomName: string; checkIn: string; reason: string }>> {
  const { rows } = await db.query<{ booking_id: string; room_name: string; check_in: string; foreign_guests: boolean | null }>(
    `SELECT b.booking_id, b.room_name, b.check_in, f.foreign_guests
       FROM bookings b LEFT JOIN form_c_bookings f ON f.booking_id = b.booking_id
      WHERE b.status = 'checked_in' AND b.deleted_at IS NULL AND b.check_in BETWEEN $1::date - 1 AND $1::date
        AND f.erased_on IS NULL AND (f.foreign_guests IS NULL OR f.foreign_guests)
      ORDER BY b.check_in, b.booking_id`,
    [today],
  );
  const pending = [];
  for (const row of rows) {
    let reason = 'Not answered: any guests from abroad?';
    if (row.foreign_guests) {
      const guests = await db.query<GuestRow>(`SELECT id, ${columns.join(', ')} FROM form_c_guests WHERE booking_id = $1`, [
        row.booking_id,
      ]);
      const missing = guests.rows.map(guestOf).reduce((sum, guest) => sum + guest.missing.length, 0);
      if (guests.rowCount === 0) reason = 'Guests from abroad, none recorded yet';
      else if (missing === 0) continue;
      else reason = `${countOf(missing, 'particular')} missing`;
    }
    pending.push({ bookingId: row.booking_id, roomName: row.room_name, checkIn: row.check_in, reason });
  }
  return pending;
}

/**
 * Housekeeping (server/main.ts): the particulars of stays whose check-out is the retention period
 * ago or more are deleted, whatever the booking's status says (a stay the desk never checked out
 * is still confirmed or checked in long after its dates), and the booking remembers the day; each
 * erasure is audited with how many guests it held, never what. Returns the bookings erased.
 */
export async function eraseExpiredFormC(db: pg.Pool, today: string): Promise<string[]> {
  const client = await db.connect();
  try {
    await client.query('BEGIN');
    const { rows } = await client.query<{ booking_id: string; guests: string }>(
      `WITH due AS (
         SELECT g.booking_id, count(*) AS guests FROM form_c_guests g JOIN bookings b ON b.booking_id = g.booking_id
          WHERE b.check_out + (SELECT retention_days FROM form_c_settings) <= $1::date
          GROUP BY g.booking_id),
       gone AS (DELETE FROM form_c_guests g USING due WHERE g.booking_id = due.booking_id RETURNING g.booking_id)
       SELECT booking_id, guests::text FROM due`,
      [today],
    );
    for (const row of rows) {
      await client.query(
        `INSERT INTO form_c_bookings (booking_id, foreign_guests, erased_on) VALUES ($1, true, $2)
         ON CONFLICT (booking_id) DO UPDATE SET erased_on = $2`,
        [row.booking_id, today],
      );
      await audit(client, row.booking_id, 'erase', 'housekeeping', `particulars of ${row.guests} guest${row.guests === '1' ? '' : 's'}`);
    }
    await client.query('COMMIT');
    return rows.map((row) => row.booking_id);
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  } finally {
    client.release();
  }
}

/** Who did what to a booking's Form C (never the particulars). */
export async function formCAudit(
  db: Queryable,
  bookingId: string,
): Promise<Array<{ at: string; action: string; staff: string; detail: string }>> {
  const { rows } = await db.query<{ at: Date; action: string; staff: string; detail: string }>(
    'SELECT at, action, staff, detail FROM form_c_audit WHERE booking_id = $1 ORDER BY id',
    [bookingId],
  );
  return rows.map((row) => ({ ...row, at: row.at.toISOString() }));
}
