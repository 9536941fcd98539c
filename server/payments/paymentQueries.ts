import type pg from 'pg';
import type { PaymentPolicy, PolicyKind, StayCharges } from '../../src/domain/payments';
import { accommodationSac } from '../../src/domain/tax';
import type { BookingStatus } from '../../src/domain/wire';
import { stayQuote } from '../db/priceQueries';
import type { QuotedStay } from '../db/priceQueries';
import type {
  AttentionItem,
  PaymentEventItem,
  PaymentItem,
  PaymentSettingsBody,
  RefundItem,
  VoucherItem,
  VoucherReply,
} from '../../src/domain/paymentsWire';
import { inTransaction } from '../db/database';
import type { Editor } from '../db/priceQueries';

/**
 * The statements that read payments, refunds, events and vouchers (migration 030), and the owner's
 * payment settings. What they do to bookings is in payments.ts and functions/payments.sql.
 */
type Queryable = pg.Pool | pg.PoolClient;

/** bigint columns come back as text (node-postgres does not guess at numbers past 2^53); paise stay far below. */
const paise = (value: string | number | null | undefined) => (value == null ? 0 : Number(value));
const iso = (value: Date | null | undefined) => (value ? value.toISOString() : null);

interface SettingsRow {
  policy: PolicyKind | null;
  percent: number;
  hold_minutes: number;
  late_refund_percent: number;
  gateway_ready: boolean;
}

export interface PaymentSettings {
  /** The owner's choice; null: not chosen yet. */
  policy: PolicyKind | null;
  percent: number;
  holdMinutes: number;
  lateRefundPercent: number;
  /** Razorpay's keys are set on the servers (written at each start). */
  gatewayReady: boolean;
}

function toSettings(row: SettingsRow): PaymentSettings {
  return {
    policy: row.policy,
    percent: row.percent,
    holdMinutes: row.hold_minutes,
    lateRefundPercent: row.late_refund_percent,
    gatewayReady: row.gateway_ready,
  };
}

export async function paymentSettings(db: Queryable): Promise<PaymentSettings> {
  const { rows } = await db.query<SettingsRow>(
    'SELECT policy, percent, hold_minutes, late_refund_percent, gateway_ready FROM payment_settings',
  );
  return toSettings(rows[0]!);
}

/**
 * The policy guests get: the owner's, or with keys set and none chosen the first night's advance;
 * without Razorpay's keys, always pay at the hotel (as payment_hold_minutes() in functions/payments.sql decides for the confirm).
 */
export function effectivePolicy(settings: PaymentSettings): PaymentPolicy {
  return {
    kind: settings.gatewayReady ? (settings.policy ?? 'first_night') : 'pay_at_hotel',
    percent: settings.percent,
    holdMinutes: settings.holdMinutes,
    lateRefundPercent: settings.lateRefundPercent,
  };
}

/** What this server was started with: Razorpay's keys or not (one row, the last start wins, as mail_settings). */
export async function saveGatewayReady(db: Queryable, ready: boolean): Promise<void> {
  await db.query('UPDATE payment_settings SET gateway_ready = $1', [ready]);
}

export async function savePaymentSettings(db: pg.Pool, body: PaymentSettingsBody, editor: Editor): Promise<PaymentSettings> {
  return inTransaction(db, async (client) => {
    const old = await client.query<SettingsRow>(
      'SELECT policy, percent, hold_minutes, late_refund_percent, gateway_ready FROM payment_settings FOR UPDATE',
    );
    const { rows } = await client.query<SettingsRow>(
      `UPDATE payment_settings SET policy = $1, percent = $2, hold_minutes = $3, late_refund_percent = $4
       RETURNING policy, percent, hold_minutes, late_refund_percent, gateway_ready`,
      [body.policy, body.percent, body.holdMinutes, body.lateRefundPercent],
    );
    const before = toSettings(old.rows[0]!);
    const after = toSettings(rows[0]!);
    const shown = ({ gatewayReady: _ready, ...rest }: PaymentSettings) => rest;
    await client.query('INSERT INTO settings_audit (username, address, subject, old_value, new_value) VALUES ($1, $2, $3, $4, $5)', [
      editor.username,
      editor.address,
      'payment policy',
      JSON.stringify(shown(before)),
      JSON.stringify(shown(after)),
    ]);
    return after;
  });
}

/** A booking's facts the payments need (bigint money read as numbers). */
export interface PayableBooking {
  bookingId: string;
  status: BookingStatus;
  email: string;
  roomId: string | null;
  roomName: string;
  rooms: number;
  checkIn: string | null;
  checkOut: string | null;
  holdExpiresAt: Date | null;
  deleted: boolean;
  charges: StayCharges;
}

interface BookingMoneyRow {
  booking_id: string;
  status: BookingStatus;
  email: string;
  room_id: string | null;
  room_name: string;
  rooms: number;
  check_in: string | null;
  check_out: string | null;
  hold_expires_at: Date | null;
  deleted: boolean;
  taxable_paise: string | null;
  cgst_paise: string | null;
  sgst_paise: string | null;
  first_night: { taxablePaise: number; cgstPaise: number; sgstPaise: number } | null;
}

/** The booking (deleted ones too), optionally locked for the caller's transaction. */
export async function payableBooking(db: Queryable, bookingId: string, lock = false): Promise<PayableBooking | null> {
  const { rows } = await db.query<BookingMoneyRow>(
    `SELECT booking_id, status, email, room_id, room_name, rooms, check_in, check_out, hold_expires_at, deleted_at IS NOT NULL AS deleted,
            taxable_paise::text, cgst_paise::text, sgst_paise::text,
            -- The first night is every line of it: rooms of different prices (their guests and plan,
            -- issue 40) have a line each (stay_price, functions/prices.sql).
            CASE WHEN lines IS NULL OR jsonb_array_length(lines) = 0 THEN NULL
                 ELSE (SELECT jsonb_build_object('taxablePaise', sum((l->>'taxablePaise')::bigint), 'cgstPaise', sum((l->>'cgstPaise')::bigint),
                                                 'sgstPaise', sum((l->>'sgstPaise')::bigint))
                         FROM jsonb_array_elements(lines) AS l
                        WHERE l->>'night' = (SELECT min(f->>'night') FROM jsonb_array_elements(lines) AS f)) END AS first_night
       FROM bookings WHERE booking_id = $1 ${lock ? 'FOR UPDATE' : ''}`,
    [bookingId],
  );
  const row = rows[0];
  if (!row) return null;
  return {
    bookingId: row.booking_id,
    status: row.status,
    email: row.email,
    roomId: row.room_id,
    roomName: row.room_name,
    rooms: row.rooms,
    checkIn: row.check_in,
    checkOut: row.check_out,
    holdExpiresAt: row.hold_expires_at,
    deleted: row.deleted,
    charges: {
      taxablePaise: paise(row.taxable_paise),
      cgstPaise: paise(row.cgst_paise),
      sgstPaise: paise(row.sgst_paise),
      firstNight: row.first_night
        ? {
            taxablePaise: paise(row.first_night.taxablePaise),
            cgstPaise: paise(row.first_night.cgstPaise),
            sgstPaise: paise(row.first_night.sgstPaise),
          }
        : null,
    },
  };
}

export interface PaymentRow {
  id: string;
  booking_id: string;
  reference_id: string;
  channel: 'web' | 'phone';
  amount_paise: string;
  state: PaymentItem['state'];
  link_id: string | null;
  short_url: string | null;
  link_expires_at: Date | null;
  razorpay_payment_id: string | null;
  method: string | null;
  paid_at: Date | null;
  error: string | null;
  created_at: Date;
  stay_taxable_paise: string;
  stay_cgst_paise: string;
  stay_sgst_paise: string;
}

export function toPaymentItem(row: PaymentRow): PaymentItem {
  return {
    id: Number(row.id),
    bookingId: row.booking_id,
    referenceId: row.reference_id,
    channel: row.channel,
    amountPaise: paise(row.amount_paise),
    state: row.state,
    url: row.state === 'open' ? row.short_url : null,
    linkId: row.link_id,
    razorpayPaymentId: row.razorpay_payment_id,
    method: row.method,
    createdAt: row.created_at.toISOString(),
    paidAt: iso(row.paid_at),
    error: row.error,
  };
}

interface RefundRow {
  id: string;
  payment_id: string;
  booking_id: string;
  amount_paise: string;
  reason: RefundItem['reason'];
  state: RefundItem['state'];
  razorpay_refund_id: string | null;
  created_at: Date;
  processed_at: Date | null;
  error: string | null;
}

function toRefundItem(row: RefundRow): RefundItem {
  return {
    id: Number(row.id),
    bookingId: row.booking_id,
    paymentId: Number(row.payment_id),
    amountPaise: paise(row.amount_paise),
    reason: row.reason,
    state: row.state,
    razorpayRefundId: row.razorpay_refund_id,
    createdAt: row.created_at.toISOString(),
    processedAt: iso(row.processed_at),
    error: row.error,
  };
}

interface VoucherRow {
  voucher_number: string;
  kind: 'receipt' | 'refund';
  voucher_date: string;
  booking_id: string;
  amount_paise: string;
  taxable_paise: string;
  cgst_paise: string;
  sgst_paise: string;
}

function toVoucherItem(row: VoucherRow): VoucherItem {
  return {
    voucherNumber: row.voucher_number,
    kind: row.kind,
    voucherDate: row.voucher_date,
    amountPaise: paise(row.amount_paise),
    taxablePaise: paise(row.taxable_paise),
    cgstPaise: paise(row.cgst_paise),
    sgstPaise: paise(row.sgst_paise),
  };
}

/** A payment row's columns, of the table under `alias` (bigint money as text). */
export const paymentColumnsOf = (alias: string) =>
  ['id', 'booking_id', 'reference_id', 'channel', 'amount_paise::text', 'state', 'link_id', 'short_url', 'link_expires_at']
    .concat(['razorpay_payment_id', 'method', 'paid_at', 'error', 'created_at'])
    .concat(['stay_taxable_paise::text', 'stay_cgst_paise::text', 'stay_sgst_paise::text'])
    .map((column) => `${alias}.${column}`)
    .join(', ');
export const paymentColumns = paymentColumnsOf('payments');
const refundColumns = 'id, payment_id, booking_id, amount_paise::text, reason, state, razorpay_refund_id, created_at, processed_at, error';
const voucherColumnsOf = (alias: string) =>
  [
    'voucher_number',
    'kind',
    'voucher_date',
    'booking_id',
    'amount_paise::text',
    'taxable_paise::text',
    'cgst_paise::text',
    'sgst_paise::text',
  ]
    .map((column) => `${alias}.${column}`)
    .join(', ');
const voucherColumns = voucherColumnsOf('vouchers');

export interface BookingMoney {
  payments: PaymentItem[];
  refunds: RefundItem[];
  vouchers: VoucherItem[];
  /** Payments received less refunds not failed. */
  heldPaise: number;
}

/** Everything about one booking's money, oldest first. */
export async function bookingMoney(db: Queryable, bookingId: string): Promise<BookingMoney> {
  const [payments, refunds, vouchers] = await Promise.all([
    db.query<PaymentRow>(`SELECT ${paymentColumns} FROM payments WHERE booking_id = $1 ORDER BY id`, [bookingId]),
    db.query<RefundRow>(`SELECT ${refundColumns} FROM refunds WHERE booking_id = $1 ORDER BY id`, [bookingId]),
    db.query<VoucherRow>(`SELECT ${voucherColumns} FROM vouchers WHERE booking_id = $1 ORDER BY created_at, voucher_number`, [bookingId]),
  ]);
  const items = payments.rows.map(toPaymentItem);
  const refundItems = refunds.rows.map(toRefundItem);
  const received = items.filter((p) => p.state === 'paid').reduce((sum, p) => sum + p.amountPaise, 0);
  const given = refundItems.filter((r) => r.state !== 'failed').reduce((sum, r) => sum + r.amountPaise, 0);
  return { payments: items, refunds: refundItems, vouchers: vouchers.rows.map(toVoucherItem), heldPaise: received - given };
}

export interface PaymentsListing {
  payments: Array<PaymentItem & { email: string; bookingStatus: BookingStatus | null }>;
  refunds: RefundItem[];
  events: PaymentEventItem[];
  vouchers: Array<VoucherItem & { bookingId: string }>;
}

/** The Payments screen: newest first, filtered by what to show and a booking ID or part of an email. */
export async function listPayments(db: Queryable, show: string, q: string, limit: number): Promise<PaymentsListing> {
  const term = q.trim();
  const match = term === '' ? null : `%${term.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const states: Record<string, string[]> = {
    all: ['creating', 'open', 'paid', 'failed', 'cancelled', 'expired'],
    open: ['creating', 'open'],
    paid: ['paid'],
    refunds: ['paid'],
    problems: ['failed'],
  };
  const [payments, refunds, events, vouchers] = await Promise.all([
    db.query<PaymentRow & { email: string | null; booking_status: BookingStatus | null }>(
      `SELECT ${paymentColumnsOf('p')}, b.email, b.status AS booking_status
         FROM payments p LEFT JOIN bookings b ON b.booking_id = p.booking_id
        WHERE p.state = ANY($1) AND ($2::text IS NULL OR lower(p.booking_id) LIKE $2 OR lower(b.email) LIKE $2)
          AND ($4 <> 'refunds' OR EXISTS (SELECT 1 FROM refunds r WHERE r.payment_id = p.id))
        ORDER BY p.id DESC LIMIT $3`,
      [states[show] ?? states.all, match, limit, show],
    ),
    db.query<RefundRow>(
      `SELECT ${refundColumns} FROM refunds
        WHERE ($1::text IS NULL OR lower(booking_id) LIKE $1) AND ($3 <> 'problems' OR state <> 'processed')
        ORDER BY id DESC LIMIT $2`,
      [match, limit, show],
    ),
    db.query<{
      id: string;
      event_id: string;
      source: 'webhook' | 'return';
      event: string;
      booking_id: string | null;
      deliveries: number;
      received_at: Date;
      processed_at: Date | null;
      outcome: string | null;
    }>(
      `SELECT id, event_id, source, event, deliveries, received_at, processed_at, outcome,
              coalesce(payload #>> '{payload,payment_link,entity,reference_id}', payload #>> '{payload,payment,entity,notes,booking_id}',
                       payload #>> '{payload,refund,entity,notes,booking_id}', payload ->> 'booking_id') AS booking_id
         FROM payment_events
        WHERE $1::text IS NULL OR lower(payload::text) LIKE $1
        ORDER BY id DESC LIMIT $2`,
      [match, limit],
    ),
    db.query<VoucherRow>(
      `SELECT ${voucherColumns} FROM vouchers WHERE $1::text IS NULL OR lower(booking_id) LIKE $1 ORDER BY created_at DESC, voucher_number DESC LIMIT $2`,
      [match, limit],
    ),
  ]);
  return {
    payments: payments.rows.map((row) => ({ ...toPaymentItem(row), email: row.email ?? '', bookingStatus: row.booking_status })),
    refunds: refunds.rows.map(toRefundItem),
    events: events.rows.map((row) => ({
      id: Number(row.id),
      eventId: row.event_id,
      source: row.source,
      event: row.event,
      // A reference ID of a payment made again (BK123456-2) names its booking.
      bookingId: row.booking_id ? row.booking_id.replace(/-\d+$/, '') : null,
      deliveries: row.deliveries,
      receivedAt: row.received_at.toISOString(),
      processedAt: iso(row.processed_at),
      outcome: row.outcome,
    })),
    vouchers: vouchers.rows.map((row) => ({ ...toVoucherItem(row), bookingId: row.booking_id })),
  };
}

/**
 * What the owner and the desk must know: in the last `days` days, payments that came after their
 * hold and were refunded because the rooms were gone (or had no booking), and refunds that failed.
 */
export async function attention(db: Queryable, days = 7): Promise<AttentionItem[]> {
  const { rows } = await db.query<{ booking_id: string; at: Date; reason: string; state: string; amount_paise: string }>(
    `SELECT booking_id, created_at AS at, reason, state, amount_paise::text FROM refunds
      WHERE created_at > now() - make_interval(days => $1)
        AND (reason IN ('late_payment', 'no_booking', 'double_payment') OR state = 'failed')
      ORDER BY id DESC LIMIT 50`,
    [days],
  );
  const rupees = (value: string) =>
    `₹${(Number(value) / 100).toLocaleString('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
  return rows.map((row) => ({
    bookingId: row.booking_id,
    at: row.at.toISOString(),
    message:
      row.state === 'failed'
        ? `The refund of ${rupees(row.amount_paise)} for ${row.booking_id} failed at Razorpay: refund the guest another way and note it.`
        : row.reason === 'late_payment'
          ? `${row.booking_id} was paid (${rupees(row.amount_paise)}) after its hold ended and its rooms were taken: the payment is refunded in full.`
          : row.reason === 'double_payment'
            ? `${row.booking_id} was paid twice: the second payment (${rupees(row.amount_paise)}) is refunded.`
            : `A payment of ${rupees(row.amount_paise)} (${row.booking_id}) had no booking to pay for: it is refunded.`,
  }));
}

/** A receipt or refund voucher, with the hotel's legal details as they are now; null when there is none. */
export async function voucherOf(
  db: Queryable,
  voucherNumber: string,
  bookingId?: string,
): Promise<{ voucher: VoucherReply; guestKeyHash: Buffer | null } | null> {
  const { rows } = await db.query<
    VoucherRow & {
      email: string | null;
      room_name: string | null;
      check_in: string | null;
      check_out: string | null;
      lines: Array<{ cgstBasisPoints: number; sgstBasisPoints: number }> | null;
      guest_key_hash: Buffer | null;
      razorpay_payment_id: string | null;
      receipt_number: string | null;
      legal_name: string;
      address: string;
      gstin: string;
    }
  >(
    `SELECT ${voucherColumnsOf('v')}, b.email, b.room_name, b.check_in, b.check_out, b.lines, b.guest_key_hash,
            p.razorpay_payment_id, r.voucher_number AS receipt_number, h.legal_name, h.address, h.gstin
       FROM vouchers v JOIN payments p ON p.id = v.payment_id
       LEFT JOIN bookings b ON b.booking_id = v.booking_id
       LEFT JOIN vouchers r ON r.payment_id = v.payment_id AND r.kind = 'receipt' AND v.kind = 'refund'
      CROSS JOIN hotel_settings h
      WHERE v.voucher_number = $1 AND ($2::text IS NULL OR v.booking_id = $2)`,
    [voucherNumber, bookingId ?? null],
  );
  const row = rows[0];
  if (!row) return null;
  const rates = [...new Map((row.lines ?? []).map((l) => [`${l.cgstBasisPoints}/${l.sgstBasisPoints}`, l])).values()].map((l) => ({
    cgstBasisPoints: l.cgstBasisPoints,
    sgstBasisPoints: l.sgstBasisPoints,
  }));
  const item = toVoucherItem(row);
  return {
    guestKeyHash: row.guest_key_hash,
    voucher: {
      voucherNumber: item.voucherNumber,
      kind: item.kind,
      voucherDate: item.voucherDate,
      bookingId: row.booking_id,
      hotel: { legalName: row.legal_name, address: row.address, gstin: row.gstin },
      guestEmail: row.email ?? '',
      roomName: row.room_name ?? '',
      checkIn: row.check_in,
      checkOut: row.check_out,
      sac: accommodationSac,
      amountPaise: item.amountPaise,
      taxablePaise: item.taxablePaise,
      cgstPaise: item.cgstPaise,
      sgstPaise: item.sgstPaise,
      rates,
      razorpayPaymentId: row.razorpay_payment_id,
      receiptVoucherNumber: row.receipt_number,
    },
  };
}

/** A stay's price as a confirm would fix it now (stayQuote): its sums and its first night, rooms included. */
export async function stayCharges(db: Queryable, stay: QuotedStay): Promise<StayCharges> {
  const quote = await stayQuote(db, stay);
  const firstNight = quote.lines[0]?.night;
  const first = quote.lines.filter((line) => line.night === firstNight);
  const sum = (lines: typeof first, pick: (line: (typeof first)[number]) => number) => lines.reduce((total, line) => total + pick(line), 0);
  return {
    taxablePaise: quote.taxablePaise,
    cgstPaise: quote.cgstPaise,
    sgstPaise: quote.sgstPaise,
    firstNight: first.length
      ? {
          taxablePaise: sum(first, (l) => l.taxablePaise),
          cgstPaise: sum(first, (l) => l.cgstPaise),
          sgstPaise: sum(first, (l) => l.sgstPaise),
        }
      : null,
  };
}
