import { Type } from '@sinclair/typebox';
import type { Static } from '@sinclair/typebox';
import { BookingStatusSchema, bookingIdParam } from './wire';

/**
 * The running bill of a stay (issue 40; server/API.md "The bill at the desk"), once for both sides
 * as the rest of the API (wire.ts). Money is integer paise; a GST rate is in basis points (500 = 5%),
 * split evenly into CGST and SGST.
 */

const paise = Type.Integer();
const id = Type.Integer({ minimum: 1, maximum: 2_147_483_647 });
const note = Type.String({ maxLength: 200 });

/* ---- The owner's catalogue of services ---- */

export const ServiceFields = {
  name: Type.String({ minLength: 1, maxLength: 60, pattern: '\\S' }),
  /** Services Accounting Code: 99 and four digits. */
  sac: Type.String({ pattern: '^99[0-9]{4}$', description: 'a SAC: 99 and four digits' }),
  /** The price of one, before tax. */
  pricePaise: Type.Integer({ minimum: 0, maximum: 100_000_000 }),
  /** GST in basis points: 0 to 2800 (28%), an even number (half is CGST, half SGST). */
  gstBasisPoints: Type.Integer({ minimum: 0, maximum: 2800, multipleOf: 2 }),
  /** Offered to the desk; one no longer offered stays on the bills that have it. */
  active: Type.Boolean(),
};
export const ServiceBody = Type.Object(ServiceFields, { additionalProperties: false });
export type ServiceBody = Static<typeof ServiceBody>;
export const Service = Type.Object({ id, ...ServiceFields });
export type Service = Static<typeof Service>;
export const ServicesReply = Type.Object({ items: Type.Array(Service) });
export type ServicesReply = Static<typeof ServicesReply>;
export const ServiceParams = Type.Object({ serviceId: id }, { additionalProperties: false });

/* ---- A booking's bill ---- */

export const PaymentMethod = Type.Union([Type.Literal('cash'), Type.Literal('upi'), Type.Literal('card')]);
export type PaymentMethod = Static<typeof PaymentMethod>;

export const ChargeBody = Type.Object(
  { serviceId: id, quantity: Type.Integer({ minimum: 1, maximum: 999 }), note: Type.Optional(note) },
  { additionalProperties: false },
);
export type ChargeBody = Static<typeof ChargeBody>;
export const PaymentBody = Type.Object(
  { method: PaymentMethod, amountPaise: Type.Integer({ minimum: 1, maximum: 100_000_000_000 }), note: Type.Optional(note) },
  { additionalProperties: false },
);
export type PaymentBody = Static<typeof PaymentBody>;
export const ReversalBody = Type.Object({ note: Type.Optional(note) }, { additionalProperties: false });
export type ReversalBody = Static<typeof ReversalBody>;
export const LineParams = Type.Object(
  { bookingId: bookingIdParam, lineId: Type.Integer({ minimum: 1, maximum: 9_007_199_254_740_991 }) },
  { additionalProperties: false },
);

/**
 * One line of the bill. A charge carries its service's SAC, quantity, price and GST as posted; a
 * payment its method; the Razorpay advance is a payment line of its own (kind "advance", no ID).
 * A reversal has its figures negated and names the line it reverses.
 */
export const FolioLine = Type.Object({
  id: Type.Union([Type.Integer(), Type.Null()]),
  kind: Type.Union([Type.Literal('charge'), Type.Literal('payment'), Type.Literal('advance')]),
  description: Type.String(),
  sac: Type.Union([Type.String(), Type.Null()]),
  quantity: Type.Union([Type.Integer(), Type.Null()]),
  unitPaise: Type.Union([paise, Type.Null()]),
  gstBasisPoints: Type.Union([Type.Integer(), Type.Null()]),
  taxablePaise: paise,
  cgstPaise: paise,
  sgstPaise: paise,
  /** A charge: taxable value and GST; a payment: what was received (negative on a reversal). */
  amountPaise: paise,
  method: Type.Union([PaymentMethod, Type.Null()]),
  note: Type.Union([Type.String(), Type.Null()]),
  reverses: Type.Union([Type.Integer(), Type.Null()]),
  /** This line was reversed (by the line with that ID). */
  reversedBy: Type.Union([Type.Integer(), Type.Null()]),
  staff: Type.String(),
  postedAt: Type.String({ description: 'ISO 8601 timestamp' }),
});
export type FolioLine = Static<typeof FolioLine>;

export const FolioReply = Type.Object({
  bookingId: Type.String(),
  status: BookingStatusSchema,
  guestEmail: Type.String(),
  roomName: Type.String(),
  rooms: Type.Integer(),
  checkIn: Type.String(),
  checkOut: Type.String(),
  /** The room-nights as the invoice bills them, GST included. */
  roomPaise: paise,
  lines: Type.Array(FolioLine),
  /** Services posted net of reversals, GST included. */
  chargesPaise: paise,
  /** Payments posted net of reversals, and the advance paid online. */
  paymentsPaise: paise,
  /** What is still due: room-nights + services − payments (negative: owed to the guest). */
  balancePaise: paise,
  /** Whether the desk may post now (a guest checked in). */
  open: Type.Boolean(),
});
export type FolioReply = Static<typeof FolioReply>;
