import { Type } from '@sinclair/typebox';
import type { Static } from '@sinclair/typebox';
import { BookingReply, BookingStatusSchema, bookingIdParam, isoDate, roomCount } from './wire';

/** Payments through Razorpay, refunds, receipt and refund vouchers: issue 37. Part of the API's contract (wire.ts says how it is used). */

/* ---- Issue 37: payments through Razorpay, refunds, receipt and refund vouchers ---- */

export const PolicyKindSchema = Type.Union([
  Type.Literal('pay_at_hotel'),
  Type.Literal('percent'),
  Type.Literal('first_night'),
  Type.Literal('full'),
]);

/** GET /api/payment-policy: the owner's policy in force, and with a stay, what it costs now and later. */
export const PaymentPolicyQuery = Type.Object(
  {
    roomId: Type.Optional(Type.String({ maxLength: 32 })),
    rooms: Type.Optional(roomCount),
    checkIn: Type.Optional(isoDate),
    checkOut: Type.Optional(isoDate),
    /** Issue 40: the stay's meal plan (default CP) and guests, in GET /api/stay-quote's form. */
    packageIndex: Type.Optional(Type.Integer({ minimum: 0, maximum: 9 })),
    guests: Type.Optional(Type.String({ maxLength: 200 })),
  },
  { additionalProperties: false },
);
export type PaymentPolicyQuery = Static<typeof PaymentPolicyQuery>;
export const PaymentPolicyReply = Type.Object({
  kind: PolicyKindSchema,
  percent: Type.Integer(),
  holdMinutes: Type.Integer(),
  lateRefundPercent: Type.Integer(),
  /** The policy in one sentence, and what a cancel gives back (empty when nothing is paid online). */
  sentence: Type.String(),
  cancelSentence: Type.String(),
  /** For the stay asked about: its total with GST, what is paid online now, and what is left for the hotel. */
  due: Type.Optional(Type.Object({ totalPaise: Type.Integer(), dueNowPaise: Type.Integer(), laterPaise: Type.Integer() })),
});
export type PaymentPolicyReply = Static<typeof PaymentPolicyReply>;

/** PUT /api/admin/payment-settings (owners; audited). */
export const PaymentSettingsBody = Type.Object(
  {
    policy: PolicyKindSchema,
    percent: Type.Integer({ minimum: 1, maximum: 100 }),
    holdMinutes: Type.Integer({ minimum: 1, maximum: 1440 }),
    lateRefundPercent: Type.Integer({ minimum: 0, maximum: 100 }),
  },
  { additionalProperties: false },
);
export type PaymentSettingsBody = Static<typeof PaymentSettingsBody>;
export const PaymentSettingsReply = Type.Object({
  /** The owner's choice; null: not chosen yet (with keys set, the first night's advance applies). */
  policy: Type.Union([PolicyKindSchema, Type.Null()]),
  percent: Type.Integer(),
  holdMinutes: Type.Integer(),
  lateRefundPercent: Type.Integer(),
  /** Whether Razorpay's keys are set on the servers: without them guests pay at the hotel whatever the policy. */
  online: Type.Boolean(),
  /** The policy guests get now. */
  effective: PolicyKindSchema,
  /** Where Razorpay must send its webhooks (the Razorpay Dashboard's webhook URL). */
  webhookUrl: Type.String(),
});
export type PaymentSettingsReply = Static<typeof PaymentSettingsReply>;

const nullableString = Type.Union([Type.String(), Type.Null()]);

export const PaymentStateSchema = Type.Union([
  Type.Literal('creating'),
  Type.Literal('open'),
  Type.Literal('paid'),
  Type.Literal('failed'),
  Type.Literal('cancelled'),
  Type.Literal('expired'),
]);
export const RefundStateSchema = Type.Union([
  Type.Literal('pending'),
  Type.Literal('created'),
  Type.Literal('processed'),
  Type.Literal('failed'),
]);
export const RefundReasonSchema = Type.Union([
  Type.Literal('cancelled'),
  Type.Literal('late_payment'),
  Type.Literal('double_payment'),
  Type.Literal('no_booking'),
]);

/** One payment link asked of Razorpay for a booking, and what came of it. */
export const PaymentItem = Type.Object({
  id: Type.Integer(),
  bookingId: Type.String(),
  referenceId: Type.String(),
  channel: Type.Union([Type.Literal('web'), Type.Literal('phone')]),
  amountPaise: Type.Integer(),
  state: PaymentStateSchema,
  /** The page the guest pays on, while it can be paid. */
  url: nullableString,
  linkId: nullableString,
  razorpayPaymentId: nullableString,
  method: nullableString,
  createdAt: Type.String(),
  paidAt: nullableString,
  error: nullableString,
});
export type PaymentItem = Static<typeof PaymentItem>;
export const RefundItem = Type.Object({
  id: Type.Integer(),
  bookingId: Type.String(),
  paymentId: Type.Integer(),
  amountPaise: Type.Integer(),
  reason: RefundReasonSchema,
  state: RefundStateSchema,
  razorpayRefundId: nullableString,
  createdAt: Type.String(),
  processedAt: nullableString,
  error: nullableString,
});
export type RefundItem = Static<typeof RefundItem>;
export const VoucherItem = Type.Object({
  voucherNumber: Type.String(),
  kind: Type.Union([Type.Literal('receipt'), Type.Literal('refund')]),
  voucherDate: isoDate,
  amountPaise: Type.Integer(),
  taxablePaise: Type.Integer(),
  cgstPaise: Type.Integer(),
  sgstPaise: Type.Integer(),
});
export type VoucherItem = Static<typeof VoucherItem>;

/** A booking's money, for the guest (with the booking's key) and for staff. */
export const PaymentSummary = Type.Object({
  bookingId: Type.String(),
  status: BookingStatusSchema,
  /** While awaiting payment: when the rooms stop being held. */
  holdExpiresAt: nullableString,
  /** The stay with GST; what the hotel holds (payments less refunds); what is left to pay. */
  totalPaise: Type.Integer(),
  paidPaise: Type.Integer(),
  duePaise: Type.Integer(),
  /** The link to pay now, while the booking waits for a payment (and its amount). */
  payUrl: nullableString,
  dueNowPaise: Type.Integer(),
  /** An expired hold may be paid again while its rooms are free: the guest is offered it. */
  canPayAgain: Type.Boolean(),
  payments: Type.Array(PaymentItem),
  refunds: Type.Array(RefundItem),
  vouchers: Type.Array(VoucherItem),
});
export type PaymentSummary = Static<typeof PaymentSummary>;
export const GuestPaymentReply = Type.Object({ booking: BookingReply, payment: PaymentSummary });
export type GuestPaymentReply = Static<typeof GuestPaymentReply>;

/** A receipt voucher (CGST rule 50) or refund voucher (rule 51), printable like the invoice. */
export const VoucherReply = Type.Object({
  voucherNumber: Type.String(),
  kind: Type.Union([Type.Literal('receipt'), Type.Literal('refund')]),
  voucherDate: isoDate,
  bookingId: Type.String(),
  hotel: Type.Object({ legalName: Type.String(), address: Type.String(), gstin: Type.String() }),
  guestEmail: Type.String(),
  roomName: Type.String(),
  checkIn: Type.Union([isoDate, Type.Null()]),
  checkOut: Type.Union([isoDate, Type.Null()]),
  sac: Type.String(),
  amountPaise: Type.Integer(),
  taxablePaise: Type.Integer(),
  cgstPaise: Type.Integer(),
  sgstPaise: Type.Integer(),
  /** The GST rates of the stay's nights (an advance is taxed at the rate of the stay). */
  rates: Type.Array(Type.Object({ cgstBasisPoints: Type.Integer(), sgstBasisPoints: Type.Integer() })),
  razorpayPaymentId: nullableString,
  /** A refund voucher: the receipt voucher of the payment it gives back. */
  receiptVoucherNumber: nullableString,
});
export type VoucherReply = Static<typeof VoucherReply>;
export const VoucherParams = Type.Object(
  { bookingId: bookingIdParam, voucherNumber: Type.String({ pattern: '^R(CV|FV)-[0-9]{4}-[0-9]{6}$' }) },
  { additionalProperties: false },
);
export const AdminVoucherParams = Type.Object(
  { voucherNumber: Type.String({ pattern: '^R(CV|FV)-[0-9]{4}-[0-9]{6}$' }) },
  { additionalProperties: false },
);

/** The back office's Payments screen (owners): every payment, refund and webhook event, newest first. */
export const AdminPaymentsQuery = Type.Object(
  {
    /** Which payments: all, open (waiting for the guest), paid, or those with a problem (failed, refunds not done). */
    show: Type.Optional(
      Type.Union([Type.Literal('all'), Type.Literal('open'), Type.Literal('paid'), Type.Literal('refunds'), Type.Literal('problems')]),
    ),
    /** A booking ID, or part of a guest's email. */
    q: Type.Optional(Type.String({ maxLength: 254 })),
    limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 500 })),
  },
  { additionalProperties: false },
);
export type AdminPaymentsQuery = Static<typeof AdminPaymentsQuery>;
export const PaymentEventItem = Type.Object({
  id: Type.Integer(),
  eventId: Type.String(),
  source: Type.Union([Type.Literal('webhook'), Type.Literal('return')]),
  event: Type.String(),
  bookingId: nullableString,
  deliveries: Type.Integer(),
  receivedAt: Type.String(),
  processedAt: nullableString,
  outcome: nullableString,
});
export type PaymentEventItem = Static<typeof PaymentEventItem>;
export const AttentionItem = Type.Object({ bookingId: Type.String(), at: Type.String(), message: Type.String() });
export type AttentionItem = Static<typeof AttentionItem>;
export const AdminPaymentsReply = Type.Object({
  /** Razorpay's keys are set: without them guests pay at the hotel. */
  online: Type.Boolean(),
  payments: Type.Array(
    Type.Object({ ...PaymentItem.properties, email: Type.String(), bookingStatus: Type.Union([BookingStatusSchema, Type.Null()]) }),
  ),
  refunds: Type.Array(RefundItem),
  events: Type.Array(PaymentEventItem),
  vouchers: Type.Array(Type.Object({ ...VoucherItem.properties, bookingId: Type.String() })),
  /** What the owner must know: payments that came after their hold and were refunded, refunds that failed. */
  attention: Type.Array(AttentionItem),
});
export type AdminPaymentsReply = Static<typeof AdminPaymentsReply>;
export const ReconcileReply = Type.Object({
  checked: Type.Integer(),
  changed: Type.Integer(),
  message: Type.String(),
});
export type ReconcileReply = Static<typeof ReconcileReply>;
/** POST /api/payments/razorpay/webhook, to Razorpay: the event is kept; `duplicate` when it was kept already (a retry). */
export const WebhookReply = Type.Object({ received: Type.Boolean(), duplicate: Type.Boolean() });
export type WebhookReply = Static<typeof WebhookReply>;
