import { Type } from '@sinclair/typebox';
import type { Static } from '@sinclair/typebox';
import { BookingReply, BookingStatusSchema, GuestRulesWire, isoDate } from './wire';

/** The owner's rooms, prices, closures, minimum stays, GST and the tax invoice: issue 22. Part of the API's contract (wire.ts says how it is used). */

/* ---- Issue 22: rooms, prices, closures, minimum stays, GST and invoices set by the owner ---- */

const paise = Type.Integer({ minimum: 0, maximum: 100_000_000, description: 'paise (₹1 = 100)' });
const nightRange = { firstNight: isoDate, lastNight: isoDate };
export const roomIdParam = Type.String({ minLength: 1, maxLength: 32, pattern: '^[a-z][a-z0-9-]*$' });
const optionalRoom = Type.Union([roomIdParam, Type.Null()], { description: 'a room type, or null: every type' });

export const RoomTypeParams = Type.Object({ roomId: roomIdParam }, { additionalProperties: false });
export const RuleParams = Type.Object({ id: Type.Integer({ minimum: 1, maximum: 2_147_483_647 }) }, { additionalProperties: false });

/** PUT /api/admin/room-types/:roomId */
export const RoomTypeBody = Type.Object(
  { rooms: Type.Integer({ minimum: 0, maximum: 1000 }), pricePaise: paise, discountPricePaise: paise },
  { additionalProperties: false },
);
export type RoomTypeBody = Static<typeof RoomTypeBody>;
/** PUT /api/admin/room-types/:roomId/out-of-service: these nights, this many rooms out (0 puts them back). */
export const OutOfServiceBody = Type.Object(
  { ...nightRange, rooms: Type.Integer({ minimum: 0, maximum: 1000 }) },
  { additionalProperties: false },
);
export type OutOfServiceBody = Static<typeof OutOfServiceBody>;
/** POST /api/admin/price-rules; weekdays: ISO days of the night (1 Monday .. 7 Sunday), absent for every night. */
export const PriceRuleBody = Type.Object(
  {
    roomId: roomIdParam,
    ...nightRange,
    weekdays: Type.Optional(Type.Array(Type.Integer({ minimum: 1, maximum: 7 }), { minItems: 1, maxItems: 7, uniqueItems: true })),
    pricePaise: paise,
  },
  { additionalProperties: false },
);
export type PriceRuleBody = Static<typeof PriceRuleBody>;
export const ClosureBody = Type.Object({ roomId: optionalRoom, ...nightRange }, { additionalProperties: false });
export type ClosureBody = Static<typeof ClosureBody>;
export const MinStayBody = Type.Object(
  { roomId: optionalRoom, ...nightRange, nights: Type.Integer({ minimum: 1, maximum: 90 }) },
  { additionalProperties: false },
);
export type MinStayBody = Static<typeof MinStayBody>;

export const GstSlabSchema = Type.Object(
  {
    upToPaise: Type.Union([paise, Type.Null()]),
    cgstBasisPoints: Type.Integer({ minimum: 0, maximum: 5000 }),
    sgstBasisPoints: Type.Integer({ minimum: 0, maximum: 5000 }),
  },
  { additionalProperties: false },
);
/** The hotel's legal details on the invoice, and the GST slabs in force. */
export const HotelSettingsBody = Type.Object(
  {
    legalName: Type.String({ maxLength: 200 }),
    address: Type.String({ maxLength: 500 }),
    gstin: Type.String({ maxLength: 15 }),
    gstSlabs: Type.Array(GstSlabSchema, { minItems: 1, maxItems: 10 }),
  },
  { additionalProperties: false },
);
export type HotelSettings = Static<typeof HotelSettingsBody>;

export const PriceRule = Type.Object({
  id: Type.Integer(),
  roomId: Type.String(),
  firstNight: isoDate,
  lastNight: isoDate,
  weekdays: Type.Union([Type.Array(Type.Integer()), Type.Null()]),
  pricePaise: Type.Integer(),
});
export type PriceRule = Static<typeof PriceRule>;
export const Closure = Type.Object({
  id: Type.Integer(),
  roomId: Type.Union([Type.String(), Type.Null()]),
  firstNight: isoDate,
  lastNight: isoDate,
});
export type Closure = Static<typeof Closure>;
export const MinStay = Type.Object({
  id: Type.Integer(),
  roomId: Type.Union([Type.String(), Type.Null()]),
  firstNight: isoDate,
  lastNight: isoDate,
  nights: Type.Integer(),
});
export type MinStay = Static<typeof MinStay>;

/** Issue 40: one meal plan of a type as the owner sets it (src/domain/mealPlans.ts: packageIndex is its place there). */
export const MealPlanSetting = Type.Object(
  {
    packageIndex: Type.Integer({ minimum: 0, maximum: 3 }),
    enabled: Type.Boolean(),
    pricePaise: Type.Integer({ minimum: 0, maximum: 10_000_000 }),
    per: Type.Union([Type.Literal('room'), Type.Literal('person')]),
  },
  { additionalProperties: false },
);
export type MealPlanSetting = Static<typeof MealPlanSetting>;
export const RoomTypeSetting = Type.Object({
  roomId: Type.String(),
  title: Type.String(),
  rooms: Type.Integer(),
  pricePaise: Type.Integer(),
  discountPricePaise: Type.Integer(),
  /** Issue 40: its guests and meal plans (StayOptionsBody). */
  guestRules: GuestRulesWire,
  plans: Type.Array(MealPlanSetting),
});
export type RoomTypeSetting = Static<typeof RoomTypeSetting>;

/**
 * PUT /api/admin/room-types/:roomId/stay-options (owners; audited): the guests a room takes and
 * what its price includes, and the four meal plans (at least one on). Bookings keep the price they
 * were confirmed at; the next confirm prices by these.
 */
export const StayOptionsBody = Type.Object(
  { guestRules: GuestRulesWire, plans: Type.Array(MealPlanSetting, { minItems: 4, maxItems: 4 }) },
  { additionalProperties: false },
);
export type StayOptionsBody = Static<typeof StayOptionsBody>;

/** GET /api/admin/prices?from&days: the owner's calendar. */
export const PricesQuery = Type.Object(
  { from: Type.Optional(isoDate), days: Type.Optional(Type.Integer({ minimum: 1, maximum: 400 })) },
  { additionalProperties: false },
);
export const CalendarNight = Type.Object({
  night: isoDate,
  pricePaise: Type.Integer(),
  booked: Type.Integer(),
  outOfService: Type.Integer(),
  left: Type.Integer(),
  closed: Type.Boolean(),
  minNights: Type.Union([Type.Integer(), Type.Null()]),
});
export type CalendarNight = Static<typeof CalendarNight>;
export const PricesReply = Type.Object({
  from: isoDate,
  days: Type.Integer(),
  roomTypes: Type.Array(Type.Object({ ...RoomTypeSetting.properties, nights: Type.Array(CalendarNight) })),
  rules: Type.Array(PriceRule),
  closures: Type.Array(Closure),
  minStays: Type.Array(MinStay),
  settings: HotelSettingsBody,
});
export type PricesReply = Static<typeof PricesReply>;

export const SettingsAuditReply = Type.Object({
  items: Type.Array(
    Type.Object({
      at: Type.String(),
      username: Type.String(),
      address: Type.Union([Type.String(), Type.Null()]),
      subject: Type.String(),
      oldValue: Type.Unknown(),
      newValue: Type.Unknown(),
    }),
  ),
});
export type SettingsAuditReply = Static<typeof SettingsAuditReply>;

export const InvoiceLineSchema = Type.Object({
  night: isoDate,
  rooms: Type.Integer(),
  pricePaise: Type.Integer(),
  cgstBasisPoints: Type.Integer(),
  sgstBasisPoints: Type.Integer(),
  taxablePaise: Type.Integer(),
  cgstPaise: Type.Integer(),
  sgstPaise: Type.Integer(),
});
/** GET /api/bookings/:bookingId/invoice (the guest's key) and GET /api/admin/bookings/:bookingId/invoice. */
export const InvoiceReply = Type.Object({
  invoiceNumber: Type.String(),
  invoiceDate: isoDate,
  bookingId: Type.String(),
  /** Every status of a booking's life prints (issue 35: a checked-in guest's invoice answered 500). */
  status: BookingStatusSchema,
  hotel: Type.Object({ legalName: Type.String(), address: Type.String(), gstin: Type.String() }),
  guestEmail: Type.String(),
  /** Billed to (issue 34 item 5): absent on bookings made before the name and mobile were asked. */
  guestName: Type.Optional(Type.String()),
  guestMobile: Type.Optional(Type.String()),
  roomName: Type.String(),
  checkIn: isoDate,
  checkOut: isoDate,
  rooms: Type.Integer(),
  /** Issue 40: the meal plan (its place in src/domain/mealPlans.ts) and the guests room by room, when said. */
  packageIndex: Type.Optional(Type.Integer()),
  guests: Type.Optional(BookingReply.properties.guests),
  sac: Type.String(),
  lines: Type.Array(InvoiceLineSchema),
  taxablePaise: Type.Integer(),
  cgstPaise: Type.Integer(),
  sgstPaise: Type.Integer(),
  totalPaise: Type.Integer(),
  /** Issue 37: the receipt and refund vouchers of money received before the stay, what they add up to, and what remains due. */
  vouchers: Type.Optional(
    Type.Array(Type.Object({ voucherNumber: Type.String(), kind: Type.String(), voucherDate: isoDate, amountPaise: Type.Integer() })),
  ),
  advancePaise: Type.Optional(Type.Integer()),
  duePaise: Type.Optional(Type.Integer()),
  /**
   * Issue 40: the stay's bill, once the desk has posted to it: the services net of reversals (each
   * with its SAC and GST at its rate), the payments taken at the desk net of reversals, and the sums
   * with the room-nights above: the grand total, all that was paid (the advance included) and the
   * balance. Absent for a booking without posts: its invoice is the room-nights' alone, as before.
   */
  bill: Type.Optional(
    Type.Object({
      services: Type.Array(
        Type.Object({
          description: Type.String(),
          sac: Type.String(),
          quantity: Type.Integer(),
          unitPaise: Type.Integer(),
          gstBasisPoints: Type.Integer(),
          taxablePaise: Type.Integer(),
          cgstPaise: Type.Integer(),
          sgstPaise: Type.Integer(),
        }),
      ),
      payments: Type.Array(Type.Object({ description: Type.String(), postedAt: Type.String(), amountPaise: Type.Integer() })),
      servicesTaxablePaise: Type.Integer(),
      servicesCgstPaise: Type.Integer(),
      servicesSgstPaise: Type.Integer(),
      grandTotalPaise: Type.Integer(),
      paidPaise: Type.Integer(),
      balancePaise: Type.Integer(),
    }),
  ),
});
export type InvoiceReply = Static<typeof InvoiceReply>;
