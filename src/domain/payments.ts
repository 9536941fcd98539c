/**
 * Payments in hotel mode (issue 37): the owner's policy, what a guest pays now, how a payment's
 * GST is shown on its receipt voucher and a refund's on its refund voucher, and what a cancel
 * refunds. The server takes every amount from here and the screens word them from here, so that
 * each rule lives once. Money is integer paise; products that may pass 2^53 are done in BigInt.
 */

import { countOf } from './words';

/**
 * pay_at_hotel: nothing online (the default without Razorpay keys); percent: an advance of
 * `percent`% of the stay with its GST; first_night: the first night's price for the rooms booked,
 * with its GST; full: the whole stay.
 */
export type PolicyKind = 'pay_at_hotel' | 'percent' | 'first_night' | 'full';

export interface PaymentPolicy {
  kind: PolicyKind;
  /** For `percent`: 1 to 100. */
  percent: number;
  /** How long a booking awaiting payment holds its rooms, in minutes. */
  holdMinutes: number;
  /** After the free cancellation period: the share of what was paid that is refunded (0: the hotel keeps the advance). */
  lateRefundPercent: number;
}

/** What a stay costs as the hotel priced it: the sums of its nightly lines, and the first night's line (rooms included). */
export interface StayCharges {
  taxablePaise: number;
  cgstPaise: number;
  sgstPaise: number;
  firstNight: { taxablePaise: number; cgstPaise: number; sgstPaise: number } | null;
}

/** Razorpay's smallest payment: ₹1. */
export const minimumPaymentPaise = 100;

export const stayTotalPaise = (stay: Pick<StayCharges, 'taxablePaise' | 'cgstPaise' | 'sgstPaise'>) =>
  stay.taxablePaise + stay.cgstPaise + stay.sgstPaise;

/**
 * What the guest pays online before the booking is confirmed (paise, GST included): never more
 * than the stay, never less than Razorpay's ₹1 unless the stay itself is free (then nothing: a
 * free stay is confirmed as if paid at the hotel). A percentage is rounded half up to the paisa.
 */
export function amountDueNow(policy: Pick<PaymentPolicy, 'kind' | 'percent'>, stay: StayCharges): number {
  const total = stayTotalPaise(stay);
  if (policy.kind === 'pay_at_hotel' || total <= 0) return 0;
  let due: number;
  if (policy.kind === 'full') due = total;
  else if (policy.kind === 'first_night') due = stay.firstNight ? stayTotalPaise(stay.firstNight) : total;
  else due = Number((BigInt(total) * BigInt(policy.percent) + 50n) / 100n);
  return Math.min(total, Math.max(minimumPaymentPaise, due));
}

/** The GST a voucher shows: its amount split into taxable value, CGST and SGST (all paise, non-negative). */
export interface VoucherTax {
  amountPaise: number;
  taxablePaise: number;
  cgstPaise: number;
  sgstPaise: number;
}

/** The booking's tax on `net` paise received: its CGST and SGST in proportion, rounded down. */
function taxOn(stay: Pick<StayCharges, 'taxablePaise' | 'cgstPaise' | 'sgstPaise'>, net: number): { cgst: bigint; sgst: bigint } {
  const total = BigInt(stayTotalPaise(stay));
  if (total === 0n) return { cgst: 0n, sgst: 0n };
  const floorDiv = (a: bigint, b: bigint) => (a >= 0n ? a / b : -((-a + b - 1n) / b));
  return {
    cgst: floorDiv(BigInt(stay.cgstPaise) * BigInt(net), total),
    sgst: floorDiv(BigInt(stay.sgstPaise) * BigInt(net), total),
  };
}

/**
 * The GST on money received or refunded for a stay (CGST Rules 50 and 51: an advance is taxed
 * when received, at the rate of the supply). The tax a voucher shows is the tax on all the money
 * held for the booking after it, less the tax on what was held before it: the booking's own CGST
 * and SGST in proportion to the money held, rounded down. So the vouchers of a booking add up, to
 * the paisa, to the tax on what the hotel holds; when it holds the whole stay, to exactly the
 * invoice's CGST and SGST (test/domain/payments.test.ts proves it with fast-check).
 * `heldBefore` and `heldAfter` are paise held before and after this payment (after > before) or
 * refund (after < before).
 */
export function voucherTax(
  stay: Pick<StayCharges, 'taxablePaise' | 'cgstPaise' | 'sgstPaise'>,
  heldBefore: number,
  heldAfter: number,
): VoucherTax {
  const before = taxOn(stay, heldBefore);
  const after = taxOn(stay, heldAfter);
  const amount = Math.abs(heldAfter - heldBefore);
  const cgst = Math.abs(Number(after.cgst - before.cgst));
  const sgst = Math.abs(Number(after.sgst - before.sgst));
  return { amountPaise: amount, taxablePaise: amount - cgst - sgst, cgstPaise: cgst, sgstPaise: sgst };
}

/**
 * What a cancel gives back of `heldPaise` (what the hotel holds for the booking): all of it
 * within the free cancellation period; after it, the owner's percentage, rounded down (the hotel
 * keeps the rest as its cancellation charge, taxed at the room's rate: the vouchers already show
 * that tax).
 */
export function cancelRefundPaise(heldPaise: number, free: boolean, lateRefundPercent: number): number {
  if (heldPaise <= 0) return 0;
  if (free) return heldPaise;
  return Number((BigInt(heldPaise) * BigInt(lateRefundPercent)) / 100n);
}

/**
 * A refund spread over the payments it comes from: the newest first, each up to what it still
 * holds (its amount less its refunds so far). The parts add up to `refundPaise`, or to all that
 * is held when less.
 */
export function splitRefund<T extends { amountPaise: number; refundedPaise: number }>(
  payments: readonly T[],
  refundPaise: number,
): Array<{ payment: T; amountPaise: number }> {
  const parts: Array<{ payment: T; amountPaise: number }> = [];
  let left = refundPaise;
  for (const payment of [...payments].reverse()) {
    if (left <= 0) break;
    const part = Math.min(left, payment.amountPaise - payment.refundedPaise);
    if (part > 0) parts.push({ payment, amountPaise: part });
    left -= Math.max(0, part);
  }
  return parts;
}

const percentWords = (percent: number) => `${percent}%`;

/** The policy in one sentence for the booking screen, before any stay is chosen. */
export function policySentence(policy: PaymentPolicy): string {
  const hold = `Your rooms are held for ${countOf(policy.holdMinutes, 'minute')} while you pay.`;
  switch (policy.kind) {
    case 'pay_at_hotel':
      return 'Nothing is paid online: you pay at the hotel.';
    case 'first_night':
      return `To confirm, you pay the first night's price (with GST) online now; the rest is paid at the hotel. ${hold}`;
    case 'percent':
      return `To confirm, you pay ${percentWords(policy.percent)} of the stay (with GST) online now; the rest is paid at the hotel. ${hold}`;
    case 'full':
      return `To confirm, you pay the whole stay (with GST) online now. ${hold}`;
  }
}

/** What happens to the money on a cancel, for the guest before they book and before they cancel. */
export function cancelMoneySentence(policy: Pick<PaymentPolicy, 'kind' | 'lateRefundPercent'>, freeDays: number): string {
  if (policy.kind === 'pay_at_hotel') return '';
  const free = `Cancel up to ${countOf(freeDays, 'day')} before check-in and everything you paid is refunded`;
  if (policy.lateRefundPercent >= 100) return `${free}; later, it is refunded too.`;
  if (policy.lateRefundPercent === 0) return `${free}; later, the hotel keeps what you paid.`;
  return `${free}; later, ${policy.lateRefundPercent}% of it is refunded.`;
}

/** The labels of a payment's and a refund's states, for guests and staff alike. */
export const paymentStateLabels = {
  creating: 'Being made',
  open: 'Waiting for payment',
  paid: 'Paid',
  failed: 'Not made',
  cancelled: 'Cancelled',
  expired: 'Expired',
} as const;
export type PaymentState = keyof typeof paymentStateLabels;

export const refundStateLabels = {
  pending: 'Being sent',
  created: 'On its way',
  processed: 'Refunded',
  failed: 'Failed',
} as const;
export type RefundState = keyof typeof refundStateLabels;

/** Why a refund was made, in words. */
export const refundReasonLabels = {
  cancelled: 'Booking cancelled',
  late_payment: 'Paid after the hold ended; the rooms were gone',
  double_payment: 'Paid twice',
  no_booking: 'No booking to pay for',
} as const;
export type RefundReason = keyof typeof refundReasonLabels;
