import type pg from 'pg';
import { amountDueNow, cancelRefundPaise, splitRefund, stayTotalPaise, voucherTax } from '../../src/domain/payments';
import type { RefundReason, StayCharges } from '../../src/domain/payments';
import type { BookingStatus } from '../../src/domain/wire';
import type { PaymentItem, PaymentSummary } from '../../src/domain/paymentsWire';
import type { PaymentsConfig } from '../config';
import { roomsLeft, stayRefusalOf } from '../db/bookingQueries';
import type { StayRefusal } from '../db/bookingQueries';
import { inTransaction } from '../db/database';
import { numberLeftoverInvoices } from '../db/invoiceNumbers';
import { bookingMoney, effectivePolicy, payableBooking, paymentColumns, paymentSettings, toPaymentItem } from './paymentQueries';
import type { PayableBooking, PaymentRow } from './paymentQueries';
import { RazorpayError, razorpayClient } from './razorpay';
import { returnSignatureValid, webhookSignatureValid } from './signatures';
import type { ReturnFields } from './signatures';
import type { RazorpayClient, RazorpayLink, RazorpayRefund } from './razorpay';
import { longDate } from '../../src/domain/dateWords';
import { defaultLimits } from '../requestLimits';
import { createStayGate } from '../stayGate';
import type { StayGate } from '../stayGate';

/**
 * Money in, money out (issue 37). Every path that learns of a payment (the guest's signed return,
 * a webhook, the reconciler asking Razorpay) goes through applyCapture, in a transaction that locks
 * the payment's row: the first to come records it, gives its receipt voucher and confirms the
 * booking; every later one finds it recorded and changes nothing. So a payment is recorded once,
 * the booking confirmed once, the confirmation mailed once, in whatever order they come.
 *
 * Razorpay is never asked while a row is locked: a call may take RAZORPAY_TIMEOUT_MS, and a webhook
 * must be answered within 5 s. A row is written before Razorpay is asked (a link's `creating`, a
 * refund's `pending`), so a server killed between Razorpay's answer and our write leaves a row
 * the retry or the reconciler finishes from (links by reference_id, refunds by their idempotency key).
 */

export type LinkOutcome =
  | { outcome: 'open'; payment: PaymentItem }
  /** The booking does not wait for a payment (paid, expired, cancelled, gone): its status. */
  | { outcome: 'not-held'; status: BookingStatus | null }
  /** Razorpay did not make the link (down, slow, refused): no link the guest can pay. */
  | { outcome: 'unavailable'; message: string };

/** Paying again when the rooms are gone, or the owner's rules refuse the stay now (a closed night). */
export type PayAgainOutcome = LinkOutcome | { outcome: 'refused'; refusal: StayRefusal };

export interface Capture {
  linkId: string | null;
  referenceId: string | null;
  paymentId: string;
  /** The amount captured (paise), when the caller knows it; otherwise the link's. */
  amountPaise: number | null;
  method: string | null;
}

export interface PaymentsOptions {
  pool: pg.Pool;
  /** Null without Razorpay's keys: no payments, every guest pays at the hotel. */
  config: PaymentsConfig | null;
  /** PUBLIC_URL: where Razorpay sends the guest back (callback_url); a function for a test server whose port comes later. */
  publicUrl: string | (() => string);
  /** Tests hand their own client to reach a server they stop or slow; default: razorpayClient(config). */
  client?: RazorpayClient;
  /** The hotel's today (tests set the clock). */
  today?: () => string;
  /** The stay's rules (server/stayGate.ts): paying after a hold ended sells the stay anew; default: the real clock, the default limits. */
  gate?: Pick<StayGate, 'check' | 'ownerRules' | 'today' | 'refused'>;
  log?: (level: 'info' | 'warn' | 'error', message: string, detail?: Record<string, unknown>) => void;
  /** Messages were queued: the outbox sender looks at once. */
  onMail?: () => void;
}

/** The words a guest gets when the link cannot be made. */
export const paymentUnavailableMessage =
  'The payment service is not answering just now, so your booking was not made and no rooms are held for you. Please try again in a few minutes.';

const leaseSeconds = 60;
const duplicateReference = (error: unknown) =>
  error instanceof RazorpayError &&
  error.kind === 'refused' &&
  /reference.?id/i.test(error.message) &&
  /(exist|already|taken|duplicate|unique)/i.test(error.message);

export interface PaymentsService {
  /** Razorpay's keys are set: links can be made. */
  readonly online: boolean;
  /** A live link for a booking awaiting its payment: the one it has, or a new one. */
  startPayment(bookingId: string, channel: 'web' | 'phone'): Promise<LinkOutcome>;
  /** A new booking whose link could not be made is removed: it never existed for the guest, its nights are free. */
  withdrawHold(bookingId: string): Promise<void>;
  /** The link to pay by (the open one, or a new one); an expired hold takes its rooms again first, while they are free. */
  payAgain(bookingId: string): Promise<PayAgainOutcome>;
  /** The booking's money for its guest or staff; null for an unknown booking. */
  summary(bookingId: string): Promise<PaymentSummary | null>;
  /** Records a verified event (webhook or signed return) once; answers its row and whether it was new. */
  recordEvent(event: {
    eventId: string;
    source: 'webhook' | 'return';
    event: string;
    payload: unknown;
  }): Promise<{ id: number; isNew: boolean }>;
  /** Handles a recorded event (if nobody has): answers its outcome, or null when another instance has it or had it. */
  processEvent(id: number): Promise<string | null>;
  /** The refunds due, the events waiting, the cancels to refund, the links and holds to check: one pass. */
  reconcile(options?: { force?: boolean }): Promise<{ checked: number; changed: number }>;
  /** Runs what a change just queued (refunds, events) soon, apart from the request. */
  kick(): void;
  /** Waits for what kick() started (tests, and a graceful stop). */
  settled(): Promise<void>;
  /** A webhook's body signed with the webhook secret (false without keys). */
  webhookValid(rawBody: Buffer, signature: unknown): boolean;
  /** A guest's return signed with the key secret (false without keys). */
  returnValid(fields: ReturnFields): boolean;
  /** A booking waiting for its payment, confirmed without one (a walk-in pays at the desk); false when it was not waiting. */
  confirmWithoutPayment(bookingId: string): Promise<boolean>;
  /** Mails the guest the link to pay (a phone booking: the desk also reads it out or copies it). */
  mailLink(bookingId: string, payment: PaymentItem, holdExpiresAt: string | null): Promise<void>;
  client: RazorpayClient | null;
}

export function createPayments(options: PaymentsOptions): PaymentsService {
  const { pool, config } = options;
  const client = options.client ?? (config ? razorpayClient(config) : null);
  const gate = options.gate ?? createStayGate({ limits: defaultLimits });
  const today = options.today ?? gate.today;
  const log = options.log ?? (() => undefined);
  const mailed = () => options.onMail?.();
  const publicUrl = options.publicUrl;
  const callbackUrl = () => `${typeof publicUrl === 'string' ? publicUrl : publicUrl()}/api/payments/razorpay/return`;
  let inFlight: Promise<unknown> = Promise.resolve();

  const describe = (error: unknown) => (error instanceof Error ? error.message : String(error)).slice(0, 500);

  // ---- links ----

  /** The booking's live payment row (locked), or a new one asked for by the policy; or why there is none. */
  type Prepared =
    | { row: PaymentRow; booking: PayableBooking; fresh: boolean }
    /** No link wanted: the booking's status (confirmed here when the policy no longer asks for a payment). */
    | { row?: undefined; status: BookingStatus | null; confirmedHere?: boolean };
  async function prepareLink(bookingId: string, channel: 'web' | 'phone'): Promise<Prepared> {
    return inTransaction(pool, async (db): Promise<Prepared> => {
      const booking = await payableBooking(db, bookingId, true);
      if (!booking || booking.deleted || booking.status !== 'awaiting_payment') return { status: booking?.status ?? null };
      const live = await db.query<PaymentRow>(
        `SELECT ${paymentColumns} FROM payments WHERE booking_id = $1 AND state IN ('creating', 'open') FOR UPDATE`,
        [bookingId],
      );
      const current = live.rows[0];
      if (current) return { row: current, booking, fresh: false };
      const amount = amountDueNow(effectivePolicy(await paymentSettings(db)), booking.charges);
      if (amount === 0) {
        // The owner turned payments off (or the keys went) while this booking waited: it is confirmed as if paid at the hotel.
        await db.query('SELECT confirm_paid_booking($1, $2, NULL)', [bookingId, today()]);
        return { status: 'confirmed', confirmedHere: true };
      }
      const { rows: counted } = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM payments WHERE booking_id = $1', [bookingId]);
      const n = counted[0]!.n;
      // Razorpay takes a reference_id once: the booking ID, then BK123456-2, -3 for a payment made again.
      const reference = n === 0 ? bookingId : `${bookingId}-${n + 1}`;
      const { rows } = await db.query<PaymentRow>(
        `INSERT INTO payments (booking_id, reference_id, channel, amount_paise, stay_taxable_paise, stay_cgst_paise, stay_sgst_paise)
         VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING ${paymentColumns}`,
        [bookingId, reference, channel, amount, booking.charges.taxablePaise, booking.charges.cgstPaise, booking.charges.sgstPaise],
      );
      return { row: rows[0]!, booking, fresh: true };
    });
  }

  /** Records the link Razorpay made (or that a lost answer had made) on its row. */
  async function linkOpened(paymentId: string, link: RazorpayLink): Promise<PaymentItem> {
    const { rows } = await pool.query<PaymentRow>(
      `UPDATE payments SET state = CASE WHEN state IN ('creating', 'failed') THEN 'open' ELSE state END,
              link_id = $2, short_url = $3, link_expires_at = to_timestamp($4), error = NULL, orphan_check = false, updated_at = now(),
              next_check_at = now() + make_interval(secs => $5)
        WHERE id = $1 RETURNING ${paymentColumns}`,
      [paymentId, link.id, link.short_url, link.expire_by ?? null, config?.reconcileSeconds ?? 30],
    );
    return toPaymentItem(rows[0]!);
  }

  function linkDescription(booking: PayableBooking): string {
    const dates = booking.checkIn && booking.checkOut ? `, ${longDate(booking.checkIn)} to ${longDate(booking.checkOut)}` : '';
    return `Booking ${booking.bookingId}: ${booking.rooms} × ${booking.roomName}${dates}`;
  }

  async function startPayment(bookingId: string, channel: 'web' | 'phone'): Promise<LinkOutcome> {
    if (!client) return { outcome: 'unavailable', message: paymentUnavailableMessage };
    const prepared = await prepareLink(bookingId, channel);
    if (!prepared.row && prepared.confirmedHere) await numberLeftoverInvoices(pool);
    if (!prepared.row) return { outcome: 'not-held', status: prepared.status };
    const { row, booking, fresh } = prepared;
    if (row.state === 'open' && row.short_url) return { outcome: 'open', payment: toPaymentItem(row) };
    // Razorpay wants expire_by at least 15 minutes ahead; the hold may be shorter, and the
    // reconciler cancels the link when the hold ends.
    const holdEnd = booking.holdExpiresAt?.getTime() ?? Date.now();
    const expireBy = Math.ceil(Math.max(holdEnd, Date.now() + 16 * 60_000) / 1000);
    try {
      const link = await client.createLink({
        amountPaise: Number(row.amount_paise),
        referenceId: row.reference_id,
        description: linkDescription(booking),
        email: booking.email,
        callbackUrl: callbackUrl(),
        expireBy,
        notes: { booking_id: bookingId, reference_id: row.reference_id },
      });
      return { outcome: 'open', payment: await linkOpened(row.id, link) };
    } catch (error) {
      // Asked before (a retry after a lost answer, or a killed server): Razorpay made it then.
      if (!fresh || duplicateReference(error)) {
        const found = await client.linksByReference(row.reference_id).catch(() => []);
        if (found[0]) return { outcome: 'open', payment: await linkOpened(row.id, found[0]) };
      }
      // Not made, or not known to be: a link Razorpay made all the same (the answer came too late)
      // is looked for by the reconciler, which cancels it (orphan_check).
      const unanswered = !(error instanceof RazorpayError && error.kind === 'refused');
      await pool.query(
        `UPDATE payments SET state = 'failed', error = $2, orphan_check = $3, next_check_at = now() + interval '20 seconds', updated_at = now()
          WHERE id = $1 AND state = 'creating'`,
        [row.id, `Razorpay: ${describe(error)}`, unanswered],
      );
      log('warn', 'payment link not made', { bookingId, error: describe(error) });
      return { outcome: 'unavailable', message: paymentUnavailableMessage };
    }
  }

  async function withdrawHold(bookingId: string): Promise<void> {
    await pool.query(
      `WITH gone AS (DELETE FROM bookings WHERE booking_id = $1 AND status = 'awaiting_payment' RETURNING room_id, check_in, check_out, rooms)
       SELECT free_nights(room_id, check_in, check_out, rooms) FROM gone`,
      [bookingId],
    );
  }

  /**
   * The link a booking's guest pays by: the open one, or a new one; after an expired hold, its rooms
   * taken again first (while free, and the owner's rules allow the stay). When Razorpay cannot make
   * the link, the rooms go back at once: no hold is left without a way to pay for it.
   */
  async function payAgain(bookingId: string): Promise<PayAgainOutcome> {
    const booking = await payableBooking(pool, bookingId);
    if (!booking || booking.deleted) return { outcome: 'not-held', status: null };
    if (!client) return { outcome: 'unavailable', message: paymentUnavailableMessage };
    if (booking.status === 'expired') {
      const settings = await paymentSettings(pool);
      try {
        await pool.query('SELECT hold_again($1, $2)', [bookingId, settings.holdMinutes]);
      } catch (error) {
        const refusal = await stayRefusalOf(error, booking.roomId!, () =>
          roomsLeft(pool, { roomId: booking.roomId!, capacity: 0 }, booking.checkIn!, booking.checkOut!),
        );
        if (!refusal) throw error;
        return { outcome: 'refused', refusal };
      }
    } else if (booking.status !== 'awaiting_payment') return { outcome: 'not-held', status: booking.status };
    const outcome = await startPayment(bookingId, 'web');
    if (outcome.outcome === 'unavailable')
      // Said to the guest on the page ("not made, no rooms held"); a later Pay again holds them anew while they are free.
      await pool.query(
        `WITH back AS (UPDATE bookings SET status = 'expired', hold_expires_at = NULL, updated_at = now()
                        WHERE booking_id = $1 AND status = 'awaiting_payment' RETURNING room_id, check_in, check_out, rooms)
         SELECT free_nights(room_id, check_in, check_out, rooms) FROM back`,
        [bookingId],
      );
    return outcome;
  }

  // ---- money received ----

  /** The stay a voucher's tax is worked out on: the booking's price now, or the one the link was made for. */
  const chargesOf = (booking: PayableBooking | null, row: PaymentRow): StayCharges =>
    booking && !booking.deleted && booking.charges.taxablePaise > 0
      ? booking.charges
      : {
          taxablePaise: Number(row.stay_taxable_paise),
          cgstPaise: Number(row.stay_cgst_paise),
          sgstPaise: Number(row.stay_sgst_paise),
          firstNight: null,
        };

  /**
   * A receipt or refund voucher, numbered in its series, with its GST worked out on what the
   * vouchers of this booking already hold (voucherTax, src/domain/payments.ts). One booking's
   * vouchers are issued one at a time (a lock on its ID), so each sees the one before.
   */
  async function issueVoucher(
    db: pg.PoolClient,
    voucher: {
      kind: 'receipt' | 'refund';
      bookingId: string;
      paymentId: string;
      refundId?: string;
      amountPaise: number;
      charges: StayCharges;
    },
  ) {
    await db.query('SELECT pg_advisory_xact_lock(7311037, hashtext($1))', [voucher.bookingId]);
    const { rows } = await db.query<{ held: string }>(
      `SELECT coalesce(sum(CASE kind WHEN 'receipt' THEN amount_paise ELSE -amount_paise END), 0)::text AS held FROM vouchers WHERE booking_id = $1`,
      [voucher.bookingId],
    );
    const held = Number(rows[0]!.held);
    const tax = voucherTax(voucher.charges, held, voucher.kind === 'receipt' ? held + voucher.amountPaise : held - voucher.amountPaise);
    const date = today();
    const numbered = await db.query<{ n: string }>('SELECT next_voucher_number($1, $2) AS n', [voucher.kind, date]);
    const number = numbered.rows[0]!.n;
    await db.query(
      `INSERT INTO vouchers (voucher_number, kind, voucher_date, booking_id, payment_id, refund_id, amount_paise, taxable_paise, cgst_paise, sgst_paise)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)`,
      [
        number,
        voucher.kind,
        date,
        voucher.bookingId,
        voucher.paymentId,
        voucher.refundId ?? null,
        tax.amountPaise,
        tax.taxablePaise,
        tax.cgstPaise,
        tax.sgstPaise,
      ],
    );
    return { voucherNumber: number, voucherDate: date, ...tax };
  }

  async function addRefund(db: pg.PoolClient, row: PaymentRow, amountPaise: number, reason: RefundReason) {
    await db.query('INSERT INTO refunds (payment_id, booking_id, amount_paise, reason) VALUES ($1, $2, $3, $4)', [
      row.id,
      row.booking_id,
      amountPaise,
      reason,
    ]);
  }

  /**
   * A payment Razorpay captured, recorded once (see the top of this file). What it does:
   * - the booking waits for it: confirmed (invoice, confirmation with the receipt voucher);
   * - its hold expired: confirmed if its rooms are still free, else refunded at once, the guest
   *   and the hotel told;
   * - the booking was paid already (another link), cancelled, or is gone: refunded at once.
   */
  async function applyCapture(db: pg.PoolClient, capture: Capture): Promise<string> {
    const { rows } = await db.query<PaymentRow>(
      `SELECT ${paymentColumns} FROM payments
        WHERE ($1::text IS NOT NULL AND link_id = $1) OR ($2::text IS NOT NULL AND reference_id = $2) OR razorpay_payment_id = $3
        ORDER BY razorpay_payment_id = $3 DESC NULLS LAST, link_id = $1 DESC NULLS LAST LIMIT 1 FOR UPDATE`,
      [capture.linkId, capture.referenceId, capture.paymentId],
    );
    const row = rows[0];
    if (!row) return 'not a link of this hotel: nothing done';
    if (row.razorpay_payment_id === capture.paymentId) {
      // The signed return names no method; the webhook that follows does.
      if (capture.method && !row.method) await db.query('UPDATE payments SET method = $2 WHERE id = $1', [row.id, capture.method]);
      return 'already recorded';
    }
    if (row.state === 'paid') return `link already paid by ${row.razorpay_payment_id}: nothing done`;
    const amount = capture.amountPaise ?? Number(row.amount_paise);
    await db.query('SELECT pg_advisory_xact_lock(7311037, hashtext($1))', [row.booking_id]);
    const booking = await payableBooking(db, row.booking_id, true);
    await db.query(
      `UPDATE payments SET state = 'paid', razorpay_payment_id = $2, method = $3, paid_at = now(), amount_paise = $4,
              link_id = coalesce(link_id, $5), orphan_check = false, error = NULL, updated_at = now()
        WHERE id = $1`,
      [row.id, capture.paymentId, capture.method, amount, capture.linkId],
    );
    const receipt = await issueVoucher(db, {
      kind: 'receipt',
      bookingId: row.booking_id,
      paymentId: row.id,
      amountPaise: amount,
      charges: chargesOf(booking, row),
    });
    const { rows: heldRows } = await db.query<{ held: string }>('SELECT held_paise_of($1)::text AS held', [row.booking_id]);
    const duePaise = Math.max(0, stayTotalPaise(chargesOf(booking, row)) - Number(heldRows[0]!.held));
    const receiptJson = JSON.stringify({ ...receipt, razorpayPaymentId: capture.paymentId, method: capture.method, duePaise });
    if (!booking || booking.deleted) {
      await addRefund(db, row, amount, 'no_booking');
      return 'no booking to pay for: refunded';
    }
    if (booking.status === 'awaiting_payment') {
      await db.query('SELECT confirm_paid_booking($1, $2, $3::jsonb)', [row.booking_id, today(), receiptJson]);
      return 'booking confirmed';
    }
    if (booking.status === 'expired') {
      // Paid after its hold ended: kept if the stay may still be sold (the gate: its dates have not
      // passed) and its rooms are still free.
      let refused = gate.check(booking);
      if (!refused) {
        await db.query('SAVEPOINT late');
        try {
          await db.query('SELECT hold_again($1, NULL)', [row.booking_id]);
          await db.query('RELEASE SAVEPOINT late');
        } catch (error) {
          if ((error as { code?: string }).code !== 'P0001') throw error;
          await db.query('ROLLBACK TO SAVEPOINT late');
          const refusal = await stayRefusalOf(error, booking.roomId ?? '', () =>
            roomsLeft(db, { roomId: booking.roomId ?? '', capacity: 0 }, booking.checkIn!, booking.checkOut!),
          );
          if (!refusal) throw error;
          refused = gate.refused(refusal);
        }
      }
      if (refused) {
        await addRefund(db, row, amount, 'late_payment');
        await db.query(`SELECT queue_payment_mail($1, 'late-refund', 'hotel-late-refund', $2::jsonb)`, [
          row.booking_id,
          JSON.stringify({ receipt: JSON.parse(receiptJson) }),
        ]);
        // The event's outcome (the Payments screen) says why, in the words a Pay again is refused with.
        return `paid after the hold, refused (${refused.body.message}): refunded`;
      }
      await db.query('SELECT confirm_paid_booking($1, $2, $3::jsonb)', [row.booking_id, today(), receiptJson]);
      return 'paid after the hold, rooms still free: booking confirmed';
    }
    const { rows: others } = await db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM payments WHERE booking_id = $1 AND state = 'paid' AND id <> $2`,
      [row.booking_id, row.id],
    );
    if (booking.status === 'cancelled' || booking.status === 'no_show') {
      await addRefund(db, row, amount, 'cancelled');
      return 'booking cancelled: refunded';
    }
    if (others[0]!.n > 0) {
      await addRefund(db, row, amount, 'double_payment');
      return 'booking paid already: refunded';
    }
    return 'kept toward the stay';
  }

  // ---- refunds ----

  /** Razorpay says a refund is processed (or failed): recorded once, with its refund voucher and a message to the guest. */
  async function settleRefund(db: pg.PoolClient, refundId: string, refund: RazorpayRefund): Promise<string> {
    const { rows } = await db.query<{
      id: string;
      state: string;
      payment_id: string;
      booking_id: string;
      amount_paise: string;
      reason: string;
    }>('SELECT id, state, payment_id, booking_id, amount_paise::text, reason FROM refunds WHERE id = $1 FOR UPDATE', [refundId]);
    const row = rows[0];
    if (!row) return 'no such refund';
    if (row.state === 'processed' || row.state === 'failed') return `already ${row.state}`;
    if (refund.status === 'failed') {
      await db.query(`UPDATE refunds SET state = 'failed', razorpay_refund_id = $2, error = 'Razorpay: the refund failed' WHERE id = $1`, [
        row.id,
        refund.id,
      ]);
      log('error', 'refund failed', { refundId: row.id, bookingId: row.booking_id });
      return 'refund failed';
    }
    if (refund.status !== 'processed') {
      await db.query(`UPDATE refunds SET state = 'created', razorpay_refund_id = $2 WHERE id = $1`, [row.id, refund.id]);
      return 'refund on its way';
    }
    await db.query(`UPDATE refunds SET state = 'processed', razorpay_refund_id = $2, processed_at = now(), error = NULL WHERE id = $1`, [
      row.id,
      refund.id,
    ]);
    const payment = await db.query<PaymentRow>(`SELECT ${paymentColumns} FROM payments WHERE id = $1`, [row.payment_id]);
    const booking = await payableBooking(db, row.booking_id);
    const voucher = await issueVoucher(db, {
      kind: 'refund',
      bookingId: row.booking_id,
      paymentId: row.payment_id,
      refundId: row.id,
      amountPaise: Number(row.amount_paise),
      charges: chargesOf(booking, payment.rows[0]!),
    });
    if (booking && !booking.deleted)
      await db.query(`SELECT queue_payment_mail($1, 'refunded', NULL, $2::jsonb)`, [
        row.booking_id,
        JSON.stringify({ refund: { ...voucher, reason: row.reason } }),
      ]);
    return 'refund processed';
  }

  /** One refund due: asked of Razorpay (with its idempotency key) or looked up; answers whether one was found. */
  async function runOneRefund(): Promise<boolean> {
    const claimed = await inTransaction(pool, async (db) => {
      const { rows } = await db.query<{
        id: string;
        state: 'pending' | 'created';
        amount_paise: string;
        booking_id: string;
        idempotency_key: string;
        razorpay_refund_id: string | null;
        razorpay_payment_id: string;
        tries: number;
      }>(
        `SELECT r.id, r.state, r.amount_paise::text, r.booking_id, r.idempotency_key, r.razorpay_refund_id, p.razorpay_payment_id, r.tries
           FROM refunds r JOIN payments p ON p.id = r.payment_id
          WHERE r.state IN ('pending', 'created') AND r.next_check_at <= now()
          ORDER BY r.next_check_at, r.id LIMIT 1 FOR UPDATE OF r SKIP LOCKED`,
      );
      const row = rows[0];
      if (row) await db.query(`UPDATE refunds SET next_check_at = now() + make_interval(secs => $2) WHERE id = $1`, [row.id, leaseSeconds]);
      return row;
    });
    if (!claimed || !client) return false;
    try {
      const refund =
        claimed.state === 'pending' || !claimed.razorpay_refund_id
          ? await client.refund(claimed.razorpay_payment_id, Number(claimed.amount_paise), claimed.idempotency_key, {
              booking_id: claimed.booking_id,
              refund_key: claimed.idempotency_key,
            })
          : await client.fetchRefund(claimed.razorpay_refund_id);
      const outcome = await inTransaction(pool, (db) => settleRefund(db, claimed.id, refund));
      if (outcome === 'refund on its way')
        await pool.query(`UPDATE refunds SET next_check_at = now() + make_interval(secs => $2), tries = tries + 1 WHERE id = $1`, [
          claimed.id,
          config?.reconcileSeconds ?? 30,
        ]);
      if (outcome === 'refund processed') mailed();
    } catch (error) {
      const refused = error instanceof RazorpayError && error.kind === 'refused';
      // 15 s, doubling, at most 10 minutes.
      const wait = Math.min(600, 15 * 2 ** Math.min(claimed.tries, 6));
      await pool.query(
        `UPDATE refunds SET error = $2, tries = tries + 1, state = CASE WHEN $3 THEN 'failed' ELSE state END,
                next_check_at = now() + make_interval(secs => $4)
          WHERE id = $1 AND state IN ('pending', 'created')`,
        [claimed.id, `Razorpay: ${describe(error)}`, refused, wait],
      );
      log(refused ? 'error' : 'warn', refused ? 'refund refused' : 'refund not reached, will retry', {
        refundId: claimed.id,
        error: describe(error),
      });
    }
    return true;
  }

  /** A cancel of a paid booking (cancel_refunds, written by the cancel): its refunds by the owner's policy. */
  async function refundOneCancel(): Promise<boolean> {
    return inTransaction(pool, async (db) => {
      const { rows } = await db.query<{ booking_id: string; free: boolean }>(
        'SELECT booking_id, free FROM cancel_refunds WHERE done_at IS NULL ORDER BY at LIMIT 1 FOR UPDATE SKIP LOCKED',
      );
      const cancel = rows[0];
      if (!cancel) return false;
      await db.query('SELECT pg_advisory_xact_lock(7311037, hashtext($1))', [cancel.booking_id]);
      const { rows: paid } = await db.query<PaymentRow & { refunded: string }>(
        `SELECT ${paymentColumns},
                (SELECT coalesce(sum(r.amount_paise), 0) FROM refunds r WHERE r.payment_id = payments.id AND r.state <> 'failed')::text AS refunded
           FROM payments WHERE booking_id = $1 AND state = 'paid' ORDER BY paid_at, id`,
        [cancel.booking_id],
      );
      const items = paid.map((row) => ({ row, amountPaise: Number(row.amount_paise), refundedPaise: Number(row.refunded) }));
      const held = items.reduce((sum, p) => sum + p.amountPaise - p.refundedPaise, 0);
      const settings = await paymentSettings(db);
      const refund = cancelRefundPaise(held, cancel.free, settings.lateRefundPercent);
      for (const part of splitRefund(items, refund)) await addRefund(db, part.payment.row, part.amountPaise, 'cancelled');
      await db.query('UPDATE cancel_refunds SET done_at = now() WHERE booking_id = $1', [cancel.booking_id]);
      return true;
    });
  }

  // ---- events ----

  async function recordEvent(event: { eventId: string; source: 'webhook' | 'return'; event: string; payload: unknown }) {
    const { rows } = await pool.query<{ id: string; is_new: boolean }>(
      `INSERT INTO payment_events (event_id, source, event, payload) VALUES ($1, $2, $3, $4)
       ON CONFLICT (event_id) DO UPDATE SET deliveries = payment_events.deliveries + 1
       RETURNING id, (xmax = 0) AS is_new`,
      [event.eventId, event.source, event.event, JSON.stringify(event.payload)],
    );
    return { id: Number(rows[0]!.id), isNew: rows[0]!.is_new };
  }

  type EventPayload = {
    payload?: {
      payment_link?: { entity?: { id?: string; reference_id?: string } };
      payment?: { entity?: { id?: string; amount?: number; method?: string; status?: string; notes?: Record<string, string> | unknown[] } };
      refund?: { entity?: RazorpayRefund };
    };
    /** A signed return (routes/payments.ts). */
    return?: { paymentId: string; linkId: string; referenceId: string };
  };

  async function handleEvent(db: pg.PoolClient, event: string, body: EventPayload): Promise<string> {
    if (event === 'return' && body.return)
      return applyCapture(db, {
        linkId: body.return.linkId,
        referenceId: body.return.referenceId,
        paymentId: body.return.paymentId,
        amountPaise: null,
        method: null,
      });
    const payment = body.payload?.payment?.entity;
    const notes = payment?.notes && !Array.isArray(payment.notes) ? payment.notes : {};
    if (event === 'payment_link.paid' && payment?.id) {
      const link = body.payload?.payment_link?.entity;
      return applyCapture(db, {
        linkId: link?.id ?? null,
        referenceId: link?.reference_id ?? null,
        paymentId: payment.id,
        amountPaise: typeof payment.amount === 'number' ? payment.amount : null,
        method: payment.method ?? null,
      });
    }
    if (event === 'payment.captured' && payment?.id) {
      // A payment of a link carries the link's notes: our reference. Without them, the reconciler's
      // look at the booking's links finds it.
      const reference = typeof notes.reference_id === 'string' ? notes.reference_id : null;
      if (!reference) return 'no reference in the payment: left to the reconciler';
      return applyCapture(db, {
        linkId: null,
        referenceId: reference,
        paymentId: payment.id,
        amountPaise: typeof payment.amount === 'number' ? payment.amount : null,
        method: payment.method ?? null,
      });
    }
    if ((event === 'refund.processed' || event === 'refund.failed') && body.payload?.refund?.entity) {
      const refund = body.payload.refund.entity;
      const key = refund.notes && !Array.isArray(refund.notes) ? refund.notes.refund_key : undefined;
      const { rows } = await db.query<{ id: string }>(
        'SELECT id FROM refunds WHERE razorpay_refund_id = $1 OR idempotency_key::text = $2 LIMIT 1',
        [refund.id, typeof key === 'string' ? key : null],
      );
      if (!rows[0]) return 'not a refund of this hotel: nothing done';
      return settleRefund(db, rows[0].id, { ...refund, status: event === 'refund.failed' ? 'failed' : 'processed' });
    }
    return 'not an event this hotel acts on';
  }

  async function processEvent(id: number): Promise<string | null> {
    const outcome = await inTransaction(pool, async (db) => {
      const { rows } = await db.query<{ event: string; payload: EventPayload }>(
        'SELECT event, payload FROM payment_events WHERE id = $1 AND processed_at IS NULL FOR UPDATE SKIP LOCKED',
        [id],
      );
      const row = rows[0];
      if (!row) return null;
      const result = await handleEvent(db, row.event, row.payload);
      await db.query('UPDATE payment_events SET processed_at = now(), outcome = $2 WHERE id = $1', [id, result]);
      return result;
    });
    if (outcome !== null) {
      // A booking confirmed by its payment gets its invoice number now, as a confirm's does (invoiceNumbers.ts).
      if (outcome.includes('confirmed')) await numberLeftoverInvoices(pool);
      mailed();
      kick();
    }
    return outcome;
  }

  // ---- the reconciler's checks ----

  /** What Razorpay says of one payment link row (claimed by the caller): adopted, paid, cancelled or left open. */
  async function checkLink(row: PaymentRow): Promise<boolean> {
    if (!client) return false;
    const links = row.link_id ? [await client.fetchLink(row.link_id)] : await client.linksByReference(row.reference_id);
    const link = links[0];
    if (!link) {
      // Never made: a link being made is given up; a failed one needs no more looking.
      await pool.query(
        `UPDATE payments SET state = CASE WHEN state = 'creating' THEN 'failed' ELSE state END, orphan_check = false,
                error = coalesce(error, 'Razorpay has no such link'), updated_at = now()
          WHERE id = $1`,
        [row.id],
      );
      return row.state === 'creating';
    }
    let changed = false;
    for (const paid of (link.payments ?? []).filter((p) => p.status === 'captured')) {
      const outcome = await inTransaction(pool, (db) =>
        applyCapture(db, {
          linkId: link.id,
          referenceId: link.reference_id,
          paymentId: paid.payment_id,
          amountPaise: paid.amount,
          method: paid.method ?? null,
        }),
      );
      if (outcome !== 'already recorded') {
        changed = true;
        log('info', 'payment found by the reconciler', { bookingId: row.booking_id, outcome });
      }
    }
    if (changed) return true;
    const booking = await payableBooking(pool, row.booking_id);
    const wanted = booking && !booking.deleted && booking.status === 'awaiting_payment' && row.state !== 'failed';
    if (link.status === 'created' && !wanted) {
      const cancelled = await client.cancelLink(link.id);
      await pool.query(
        `UPDATE payments SET state = CASE WHEN state = 'paid' THEN state ELSE 'cancelled' END, link_id = $2, short_url = $3, orphan_check = false, updated_at = now()
          WHERE id = $1`,
        [row.id, link.id, cancelled.short_url ?? link.short_url],
      );
      return true;
    }
    if (link.status === 'expired' || link.status === 'cancelled') {
      const { rowCount } = await pool.query(
        `UPDATE payments SET state = $2, link_id = $3, orphan_check = false, updated_at = now() WHERE id = $1 AND state IN ('creating', 'open', 'failed')`,
        [row.id, link.status, link.id],
      );
      return (rowCount ?? 0) > 0;
    }
    if (row.state === 'creating') {
      await linkOpened(row.id, link);
      return true;
    }
    await pool.query(`UPDATE payments SET orphan_check = false, next_check_at = now() + make_interval(secs => $2) WHERE id = $1`, [
      row.id,
      config?.reconcileSeconds ?? 30,
    ]);
    return false;
  }

  /** One link row due for a look (a lease keeps other instances off it meanwhile). */
  async function checkOneLink(): Promise<{ found: boolean; changed: boolean }> {
    const row = await inTransaction(pool, async (db) => {
      const { rows } = await db.query<PaymentRow>(
        `SELECT ${paymentColumns} FROM payments
          WHERE (state IN ('creating', 'open') OR orphan_check) AND next_check_at <= now()
            AND NOT (state = 'creating' AND created_at > now() - interval '20 seconds')
          ORDER BY next_check_at, id LIMIT 1 FOR UPDATE SKIP LOCKED`,
      );
      const found = rows[0];
      if (found)
        await db.query(`UPDATE payments SET next_check_at = now() + make_interval(secs => $2) WHERE id = $1`, [found.id, leaseSeconds]);
      return found;
    });
    if (!row) return { found: false, changed: false };
    try {
      return { found: true, changed: await checkLink(row) };
    } catch (error) {
      await pool.query(`UPDATE payments SET next_check_at = now() + make_interval(secs => $2) WHERE id = $1`, [
        row.id,
        config?.reconcileSeconds ?? 30,
      ]);
      log('warn', 'payment link not checked', { paymentId: row.id, error: describe(error) });
      return { found: true, changed: false };
    }
  }

  /**
   * Holds past their end: their links are looked at first (a payment made in time whose webhook
   * was lost confirms the booking), then the hold ends (its nights free, the guest told) and its
   * open links are cancelled, so that they can no longer be paid. A hold that never got a link
   * (its server killed before) ends two minutes after it began.
   */
  async function expireHolds(): Promise<number> {
    const { rows } = await pool.query<{ booking_id: string }>(
      `SELECT booking_id FROM bookings b
        WHERE status = 'awaiting_payment' AND deleted_at IS NULL
          AND (hold_expires_at <= now()
               OR (created_at < now() - interval '2 minutes' AND updated_at < now() - interval '2 minutes'
                   AND NOT EXISTS (SELECT 1 FROM payments p WHERE p.booking_id = b.booking_id AND p.state IN ('creating', 'open', 'paid'))))
        ORDER BY hold_expires_at LIMIT 50`,
    );
    let expired = 0;
    for (const { booking_id: bookingId } of rows) {
      const { rows: live } = await pool.query<PaymentRow>(
        `SELECT ${paymentColumns} FROM payments WHERE booking_id = $1 AND state = 'open'`,
        [bookingId],
      );
      for (const row of live)
        await checkLink(row).catch((error) => log('warn', 'hold link not checked', { bookingId, error: describe(error) }));
      const { rows: ended } = await pool.query<{ ended: boolean }>('SELECT expire_hold($1) AS ended', [bookingId]);
      if (!ended[0]!.ended) continue;
      expired += 1;
      mailed();
      log('info', 'hold expired', { bookingId });
      const { rows: open } = await pool.query<PaymentRow>(
        `SELECT ${paymentColumns} FROM payments WHERE booking_id = $1 AND state = 'open'`,
        [bookingId],
      );
      // Razorpay away: the link stays open here, and checkOneLink cancels it once Razorpay answers.
      for (const row of open) await checkLink(row).catch(() => undefined);
    }
    return expired;
  }

  async function reconcile({ force = false }: { force?: boolean } = {}) {
    let checked = 0;
    let changed = 0;
    if (force) {
      // Reconcile now: every open link and refund is due, except those another pass holds (a lease
      // is a minute; a later look is at most a few minutes away).
      await pool.query(
        `UPDATE payments SET next_check_at = now() WHERE (state IN ('creating', 'open') OR orphan_check)
            AND next_check_at > now() AND next_check_at <= now() + make_interval(secs => $1)`,
        [Math.max(leaseSeconds / 2, (config?.reconcileSeconds ?? 30) + 1)],
      );
      await pool.query(
        `UPDATE refunds SET next_check_at = now() WHERE state IN ('pending', 'created') AND next_check_at > now()
            AND (next_check_at <= now() + make_interval(secs => $1) OR tries > 0)`,
        [Math.max(leaseSeconds / 2, (config?.reconcileSeconds ?? 30) + 1)],
      );
    }
    const { rows: waiting } = await pool.query<{ id: string }>(
      `SELECT id FROM payment_events WHERE processed_at IS NULL AND received_at < now() - make_interval(secs => $1) ORDER BY id LIMIT 200`,
      [force ? 0 : 2],
    );
    for (const { id } of waiting) {
      checked += 1;
      if ((await processEvent(Number(id))) !== null) changed += 1;
    }
    while (await refundOneCancel()) changed += 1;
    for (let i = 0; i < 500; i++) {
      const result = await checkOneLink();
      if (!result.found) break;
      checked += 1;
      if (result.changed) changed += 1;
    }
    changed += await expireHolds();
    for (let i = 0; i < 500 && (await runOneRefund()); i++) checked += 1;
    return { checked, changed };
  }

  /** Refunds and events right after the change that queued them, apart from the request that did it. */
  function kick() {
    if (!client) return;
    inFlight = inFlight
      .then(async () => {
        while (await refundOneCancel());
        for (let i = 0; i < 100 && (await runOneRefund()); i++);
      })
      .catch((error) => log('warn', 'refunds not run', { error: describe(error) }));
  }

  async function summary(bookingId: string): Promise<PaymentSummary | null> {
    const booking = await payableBooking(pool, bookingId);
    if (!booking || booking.deleted) return null;
    const money = await bookingMoney(pool, bookingId);
    const total = booking.charges.taxablePaise + booking.charges.cgstPaise + booking.charges.sgstPaise;
    const open = money.payments.find((p) => p.state === 'open' && p.url);
    let canPayAgain = false;
    if (booking.status === 'expired' && client && booking.roomId && booking.checkIn && booking.checkOut && !gate.check(booking)) {
      const stay = { roomId: booking.roomId, checkIn: booking.checkIn, checkOut: booking.checkOut };
      canPayAgain =
        !(await gate.ownerRules(pool, stay)) &&
        (await roomsLeft(pool, { ...stay, capacity: 0 }, stay.checkIn, stay.checkOut)) >= booking.rooms;
    }
    return {
      bookingId,
      status: booking.status,
      holdExpiresAt: booking.holdExpiresAt?.toISOString() ?? null,
      totalPaise: total,
      paidPaise: money.heldPaise,
      duePaise: Math.max(0, total - money.heldPaise),
      payUrl: booking.status === 'awaiting_payment' ? (open?.url ?? null) : null,
      dueNowPaise: booking.status === 'awaiting_payment' ? (open?.amountPaise ?? 0) : 0,
      canPayAgain,
      payments: money.payments,
      refunds: money.refunds,
      vouchers: money.vouchers,
    };
  }

  async function confirmWithoutPayment(bookingId: string): Promise<boolean> {
    const { rowCount } = await pool.query(
      `SELECT confirm_paid_booking(booking_id, $2, NULL) FROM bookings WHERE booking_id = $1 AND status = 'awaiting_payment' FOR UPDATE`,
      [bookingId, today()],
    );
    if (rowCount) {
      await numberLeftoverInvoices(pool);
      mailed();
    }
    return (rowCount ?? 0) > 0;
  }

  async function mailLink(bookingId: string, payment: PaymentItem, holdExpiresAt: string | null) {
    await pool.query(`SELECT queue_payment_mail($1, 'payment-link', NULL, $2::jsonb)`, [
      bookingId,
      JSON.stringify({ payment: { url: payment.url, amountPaise: payment.amountPaise, holdExpiresAt } }),
    ]);
    mailed();
  }

  return {
    online: client !== null,
    client,
    webhookValid: (rawBody, signature) => (config ? webhookSignatureValid(config.webhookSecret, rawBody, signature) : false),
    returnValid: (fields) => (config ? returnSignatureValid(config.keySecret, fields) : false),
    confirmWithoutPayment,
    mailLink,
    startPayment,
    withdrawHold,
    payAgain,
    summary,
    recordEvent,
    processEvent,
    reconcile,
    kick,
    settled: () => inFlight.then(() => undefined),
  };
}
