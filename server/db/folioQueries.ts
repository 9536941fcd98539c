import type pg from 'pg';
import type { FolioLine, FolioReply, Service, ServiceBody } from '../../src/domain/folioWire';
import type { BookingStatus } from '../../src/domain/wire';
import { formatPaise } from '../../src/domain/tax';
import { inTransaction } from './database';

/**
 * The running bill of a stay (issue 40): the owner's catalogue, a booking's lines and sums, and
 * the desk's posts. Every figure and rule is in SQL (functions/folio.sql): the GST of a charge,
 * the balance, that a line is never changed and is reversed once, and that a guest with a balance
 * due is not checked out. Here they are called and their refusals turned into words for staff.
 */

type Queryable = pg.Pool | pg.PoolClient;

/** A refusal of the bill's rules: 404 (no such booking or line) or 409, with a sentence for staff. */
export class FolioRefusal extends Error {
  constructor(
    readonly status: 404 | 409,
    message: string,
  ) {
    super(message);
  }
}

/** The words of the check-out refused for a balance (the one sentence the desk sees, wherever it checks out). */
export function balanceDueMessage(duePaise: number): string {
  return `${formatPaise(duePaise)} is still due on this bill: take the payment or ask the owner.`;
}

/** The database's refusals (SQLSTATE FO404, FO409, FO402 of functions/folio.sql) as FolioRefusal; anything else as it came. */
export function folioRefusalOf(error: unknown): FolioRefusal | null {
  const { code, message, detail } = (error ?? {}) as { code?: string; message?: string; detail?: string };
  if (code === 'FO404') return new FolioRefusal(404, message ?? '');
  if (code === 'FO409') return new FolioRefusal(409, message ?? '');
  if (code === 'FO402') return new FolioRefusal(409, balanceDueMessage(Number(detail)));
  return null;
}

async function refusing<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    throw folioRefusalOf(error) ?? error;
  }
}

const serviceColumns = `id, name, sac, price_paise AS "pricePaise", gst_basis_points AS "gstBasisPoints", active`;

export async function listServices(db: Queryable): Promise<Service[]> {
  return (await db.query<Service>(`SELECT ${serviceColumns} FROM folio_services ORDER BY active DESC, lower(name), id`)).rows;
}

interface Actor {
  staff: string;
  address: string;
}

/** Adds (no id) or changes a service, audited in settings_audit as the owner's other settings are; null: no such service. */
export async function saveService(db: pg.Pool, id: number | null, body: ServiceBody, actor: Actor): Promise<Service | null> {
  return refusing(() =>
    inTransaction(db, async (client) => {
      const before =
        id === null
          ? null
          : (await client.query<Service>(`SELECT ${serviceColumns} FROM folio_services WHERE id = $1 FOR UPDATE`, [id])).rows[0];
      if (id !== null && !before) return null;
      const values = [body.name.trim(), body.sac, body.pricePaise, body.gstBasisPoints, body.active];
      let saved: Service;
      try {
        saved = (
          id === null
            ? await client.query<Service>(
                `INSERT INTO folio_services (name, sac, price_paise, gst_basis_points, active) VALUES ($1, $2, $3, $4, $5) RETURNING ${serviceColumns}`,
                values,
              )
            : await client.query<Service>(
                `UPDATE folio_services SET name = $1, sac = $2, price_paise = $3, gst_basis_points = $4, active = $5 WHERE id = $6 RETURNING ${serviceColumns}`,
                [...values, id],
              )
        ).rows[0]!;
      } catch (error) {
        if ((error as { code?: string }).code === '23505')
          throw new FolioRefusal(409, `A service named “${body.name.trim()}” is already in the catalogue.`);
        throw error;
      }
      await client.query(`INSERT INTO settings_audit (username, address, subject, old_value, new_value) VALUES ($1, $2, $3, $4, $5)`, [
        actor.staff,
        actor.address,
        `service ${saved.id}`,
        before ? JSON.stringify(before) : null,
        JSON.stringify(saved),
      ]);
      return saved;
    }),
  );
}

interface LineRow {
  id: string;
  kind: 'charge' | 'payment';
  description: string;
  sac: string | null;
  quantity: number | null;
  unit_paise: number | null;
  gst_basis_points: number | null;
  taxable_paise: string;
  cgst_paise: string;
  sgst_paise: string;
  amount_paise: string;
  method: FolioLine['method'];
  note: string | null;
  reverses: string | null;
  reversed_by: string | null;
  staff: string;
  posted_at: Date;
}

/**
 * A booking's bill: the lines in the order posted, the advance paid online first (a line made from
 * the payments, not stored twice), and the sums as folio_sums works them out. Null: no such booking.
 */
export async function folioOf(db: Queryable, bookingId: string): Promise<FolioReply | null> {
  const { rows } = await db.query<{
    booking_id: string;
    status: BookingStatus;
    email: string;
    room_name: string;
    rooms: number;
    check_in: string;
    check_out: string;
    room_paise: string;
    charges_paise: string;
    payments_paise: string;
    advance_paise: string;
    balance_paise: string;
    paid_at: Date | null;
  }>(
    `SELECT b.booking_id, b.status, b.email, b.room_name, b.rooms, to_char(b.check_in, 'YYYY-MM-DD') AS check_in,
            to_char(b.check_out, 'YYYY-MM-DD') AS check_out, s.room_paise, s.charges_paise, s.payments_paise, s.advance_paise, s.balance_paise,
            (SELECT min(p.paid_at) FROM payments p WHERE p.booking_id = b.booking_id AND p.state = 'paid') AS paid_at
       FROM bookings b, folio_sums(b.booking_id) s
      WHERE b.booking_id = $1 AND b.deleted_at IS NULL AND b.check_in IS NOT NULL`,
    [bookingId],
  );
  const row = rows[0];
  if (!row) return null;
  const lines = await db.query<LineRow>(
    `SELECT l.id, l.kind, l.description, l.sac, l.quantity, l.unit_paise, l.gst_basis_points, l.taxable_paise, l.cgst_paise, l.sgst_paise,
            l.amount_paise, l.method, l.note, l.reverses, r.id AS reversed_by, l.staff, l.posted_at
       FROM folio_lines l LEFT JOIN folio_lines r ON r.reverses = l.id
      WHERE l.booking_id = $1 ORDER BY l.id`,
    [bookingId],
  );
  const advance = Number(row.advance_paise);
  const advanceLine: FolioLine[] =
    advance !== 0
      ? [
          {
            id: null,
            kind: 'advance',
            description: 'Paid online (Razorpay)',
            sac: null,
            quantity: null,
            unitPaise: null,
            gstBasisPoints: null,
            taxablePaise: 0,
            cgstPaise: 0,
            sgstPaise: 0,
            amountPaise: advance,
            method: null,
            note: null,
            reverses: null,
            reversedBy: null,
            staff: 'Guest',
            postedAt: (row.paid_at ?? new Date()).toISOString(),
          },
        ]
      : [];
  return {
    bookingId: row.booking_id,
    status: row.status,
    guestEmail: row.email,
    roomName: row.room_name,
    rooms: row.rooms,
    checkIn: row.check_in,
    checkOut: row.check_out,
    roomPaise: Number(row.room_paise),
    lines: [
      ...advanceLine,
      ...lines.rows.map((l) => {
        const [taxablePaise, cgstPaise, sgstPaise] = [Number(l.taxable_paise), Number(l.cgst_paise), Number(l.sgst_paise)];
        return {
          id: Number(l.id),
          kind: l.kind,
          description: l.description,
          sac: l.sac,
          quantity: l.quantity,
          unitPaise: l.unit_paise,
          gstBasisPoints: l.gst_basis_points,
          taxablePaise,
          cgstPaise,
          sgstPaise,
          amountPaise: l.kind === 'charge' ? taxablePaise + cgstPaise + sgstPaise : Number(l.amount_paise),
          method: l.method,
          note: l.note,
          reverses: l.reverses === null ? null : Number(l.reverses),
          reversedBy: l.reversed_by === null ? null : Number(l.reversed_by),
          staff: l.staff,
          postedAt: l.posted_at.toISOString(),
        };
      }),
    ],
    chargesPaise: Number(row.charges_paise),
    paymentsPaise: Number(row.payments_paise) + advance,
    balancePaise: Number(row.balance_paise),
    open: row.status === 'checked_in',
  };
}

/** Posts a charge, a payment or a reversal (the SQL function names it); refusals as FolioRefusal. */
export async function postToFolio(
  db: pg.Pool,
  post:
    | { kind: 'charge'; bookingId: string; serviceId: number; quantity: number; note?: string }
    | { kind: 'payment'; bookingId: string; method: string; amountPaise: number; note?: string }
    | { kind: 'reversal'; bookingId: string; lineId: number; note?: string },
  actor: Actor,
): Promise<number> {
  return refusing(() =>
    inTransaction(db, async (client) => {
      const note = post.note?.trim() ?? null;
      const { rows } = await (post.kind === 'charge'
        ? client.query<{ id: string }>('SELECT post_folio_charge($1, $2, $3, $4, $5) AS id', [
            post.bookingId,
            post.serviceId,
            post.quantity,
            note,
            actor.staff,
          ])
        : post.kind === 'payment'
          ? client.query<{ id: string }>('SELECT post_folio_payment($1, $2, $3, $4, $5) AS id', [
              post.bookingId,
              post.method,
              post.amountPaise,
              note,
              actor.staff,
            ])
          : client.query<{ id: string }>('SELECT reverse_folio_line($1, $2, $3, $4) AS id', [
              post.bookingId,
              post.lineId,
              note,
              actor.staff,
            ]));
      const id = Number(rows[0]!.id);
      await client.query(`INSERT INTO audit_log (booking_id, action, actor, address, staff) VALUES ($1, $2, 'admin', $3, $4)`, [
        post.bookingId,
        `bill-${post.kind}`,
        actor.address,
        actor.staff,
      ]);
      return id;
    }),
  );
}
