import { Type } from '@sinclair/typebox';
import type { Static } from '@sinclair/typebox';
import { DeskRoom, Overbooking, RoomRef } from './roomsWire';
import { maxSearchLength } from './search';
import { maxGuestMobileInputLength, maxGuestNameLength } from './guestContact';

/**
 * The API's contract (server/API.md), once for both sides: the server validates requests and
 * serialises replies with these schemas; the browser takes its types from them (`Static<>`, types
 * only, so no schema code reaches the browser's bundle). Limits both sides need are plain numbers
 * in their own modules (search.ts), which the browser may import.
 */

export const isoDate = Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$', description: 'YYYY-MM-DD' });
export const bookingIdParam = Type.String({ minLength: 1, maxLength: 64, pattern: '^[A-Za-z0-9_-]+$' });
export const email = Type.String({ format: 'email', maxLength: 254 });
/**
 * The guest's name and mobile number as typed (issue 34 item 5): the server checks them with
 * src/domain/guestContact.ts (a 400 says what is wrong) and stores them normalised. Optional in
 * the API, so that a client written before them still books; hotel mode's screens always send them.
 */
export const guestContactFields = {
  guestName: Type.Optional(Type.String({ maxLength: maxGuestNameLength * 2 })),
  guestMobile: Type.Optional(Type.String({ maxLength: maxGuestMobileInputLength })),
};

export const StayQuery = Type.Object({ checkIn: isoDate, checkOut: isoDate }, { additionalProperties: false });

export const ConfirmBody = Type.Object(
  {
    draftId: Type.String({ format: 'uuid' }),
    bookingId: Type.String({ pattern: '^BK[1-9][0-9]{5}$' }),
    roomId: Type.String({ maxLength: 32 }),
    packageIndex: Type.Integer({ minimum: 0, maximum: 9 }),
    rooms: Type.Integer({ minimum: 1, maximum: 3 }),
    checkIn: isoDate,
    checkOut: isoDate,
    email,
    ...guestContactFields,
    guestKey: Type.String({ pattern: '^[A-Za-z0-9_-]{43}$' }),
  },
  { additionalProperties: false },
);
export type ConfirmBody = Static<typeof ConfirmBody>;

export const BookingParams = Type.Object({ bookingId: bookingIdParam }, { additionalProperties: false });
export const LookupBody = Type.Object(
  { bookingId: bookingIdParam, email: Type.String({ minLength: 1, maxLength: 254 }) },
  { additionalProperties: false },
);
export const EmailBody = Type.Object(
  { email, currentEmail: Type.Optional(Type.String({ minLength: 1, maxLength: 254 })) },
  { additionalProperties: false },
);

export const SearchQuery = Type.Object(
  {
    q: Type.Optional(Type.String({ maxLength: maxSearchLength })),
    page: Type.Optional(Type.Integer({ minimum: 1, maximum: 100_000 })),
    pageSize: Type.Optional(Type.Integer({ minimum: 1, maximum: 100 })),
  },
  { additionalProperties: false },
);
export const OccupancyQuery = Type.Object(
  { from: Type.Optional(isoDate), days: Type.Optional(Type.Integer({ minimum: 1, maximum: 366 })) },
  { additionalProperties: false },
);
export const ExportQuery = Type.Object(
  { format: Type.Optional(Type.Union([Type.Literal('csv'), Type.Literal('json')])) },
  { additionalProperties: false },
);
export const SignInBody = Type.Object(
  { username: Type.String({ minLength: 1, maxLength: 100 }), password: Type.String({ minLength: 1, maxLength: 200 }) },
  { additionalProperties: false },
);
/** A browser-only backup: the records are read one by one (server/routes/adminImport.ts), so any JSON array is taken here. */
export const ImportBody = Type.Array(Type.Unknown(), { maxItems: 20_000 });

export const BookingStatusSchema = Type.Union([
  /** Hotel mode with payments (issue 37): holds its rooms until holdExpiresAt, waiting for the guest's payment. */
  Type.Literal('awaiting_payment'),
  Type.Literal('confirmed'),
  Type.Literal('checked_in'),
  Type.Literal('checked_out'),
  Type.Literal('no_show'),
  Type.Literal('cancelled'),
  /** Its hold ran out unpaid: it holds no rooms (issue 37). */
  Type.Literal('expired'),
]);

/** A booking as the API answers it (server/db/bookingQueries.ts reads its rows into this). */
export const BookingReply = Type.Object({
  bookingId: Type.String(),
  roomId: Type.Union([Type.String(), Type.Null()]),
  roomName: Type.String(),
  checkIn: Type.Union([Type.String(), Type.Null()]),
  checkOut: Type.Union([Type.String(), Type.Null()]),
  rooms: Type.Integer(),
  totalPrice: Type.Integer(),
  email: Type.String(),
  /** Issue 34 item 5: the guest's name and mobile (E.164); absent on bookings made before they were asked. */
  guestName: Type.Optional(Type.String()),
  guestMobile: Type.Optional(Type.String()),
  createdAt: Type.String(),
  /**
   * A booking's life (issue 23): confirmed, then checked_in, then checked_out; or no_show (after
   * the arrival day); or cancelled. A no-show or cancelled booking holds no rooms; it stays
   * readable (manage link, admin list).
   */
  status: BookingStatusSchema,
  /**
   * Hotel mode (issue 22), fixed when the guest confirmed: the sum of the nights' prices, the GST
   * on them (paise) and the invoice number. Absent on bookings made before prices were kept.
   */
  taxablePaise: Type.Optional(Type.Integer()),
  cgstPaise: Type.Optional(Type.Integer()),
  sgstPaise: Type.Optional(Type.Integer()),
  invoiceNumber: Type.Optional(Type.String()),
  /** Awaiting payment (issue 37): when its hold of the rooms ends (ISO timestamp). */
  holdExpiresAt: Type.Optional(Type.String()),
  /** Issue 37, in the admin list: what the hotel holds for it (payments less refunds) and what is still due, paise. */
  paidPaise: Type.Optional(Type.Integer()),
  duePaise: Type.Optional(Type.Integer()),
});
export type Booking = Static<typeof BookingReply>;
export type BookingStatus = Booking['status'];

/**
 * The guest's manage link (issue 24): the token travels in this header, never in a URL the
 * server logs. The link itself is `<site>/manage#<token>`: the fragment never leaves the browser.
 */
export const manageTokenHeader = 'x-manage-token';
export const manageTokenPattern = /^([A-Za-z0-9_-]{1,64})\.([1-9][0-9]{0,8})\.([A-Za-z0-9_-]{43})$/;

/** A new stay for the booking: dates and number of rooms (the room type and package stay). */
export const ManageChangeBody = Type.Object(
  { checkIn: isoDate, checkOut: isoDate, rooms: Type.Integer({ minimum: 1, maximum: 3 }) },
  { additionalProperties: false },
);
export type ManageChangeBody = Static<typeof ManageChangeBody>;

/** The cancellation policy as the manage screen states it before the guest confirms. */
export const CancelPolicy = Type.Object({
  /** Free cancellation until this many days before check-in (CANCEL_FREE_DAYS). */
  freeDays: Type.Integer(),
  /** The last day (hotel's date) a cancel is free, YYYY-MM-DD; null for a booking without dates. */
  freeUntil: Type.Union([isoDate, Type.Null()]),
  /** Whether the guest can still cancel here; when false the screen says to call the hotel. */
  canCancel: Type.Boolean(),
  hotelPhone: Type.String(),
  /** One sentence for the screen. */
  message: Type.String(),
});
export type CancelPolicy = Static<typeof CancelPolicy>;

export const ManageReply = Type.Object({
  booking: BookingReply,
  policy: CancelPolicy,
  /** The link works until this date (30 days after check-out). */
  linkValidUntil: isoDate,
  /** Whether dates and rooms may still be changed here (a confirmed booking whose stay has not begun). */
  canChange: Type.Boolean(),
});
export type ManageReply = Static<typeof ManageReply>;

/** What a change would be, before the guest confirms it (POST /api/manage/quote). */
export const QuoteReply = Type.Object({
  checkIn: isoDate,
  checkOut: isoDate,
  rooms: Type.Integer(),
  nights: Type.Integer(),
  totalPrice: Type.Integer(),
  previousTotal: Type.Integer(),
  /** Rooms of this type free on every night of the new stay, counting this booking's own as free. */
  left: Type.Integer(),
});
export type QuoteReply = Static<typeof QuoteReply>;

/** "Email me my booking link": answered the same whether the two match or not. */
export const LinkBody = Type.Object(
  { bookingId: bookingIdParam, email: Type.String({ minLength: 1, maxLength: 254 }) },
  { additionalProperties: false },
);
export type LinkBody = Static<typeof LinkBody>;

export const OutboxState = Type.Union([
  Type.Literal('pending'),
  Type.Literal('held'),
  Type.Literal('retrying'),
  Type.Literal('sent'),
  Type.Literal('failed'),
]);
export const OutboxMessage = Type.Object({
  id: Type.Integer(),
  createdAt: Type.String(),
  bookingId: Type.String(),
  kind: Type.String(),
  to: Type.String(),
  subject: Type.String(),
  state: OutboxState,
  tries: Type.Integer(),
  lastError: Type.Union([Type.String(), Type.Null()]),
  nextAttemptAt: Type.Union([Type.String(), Type.Null()]),
  sentAt: Type.Union([Type.String(), Type.Null()]),
  messageId: Type.String(),
  text: Type.String(),
  html: Type.String(),
});
export type OutboxMessage = Static<typeof OutboxMessage>;
export const OutboxReply = Type.Object({
  /** False without SMTP_URL: messages wait here (state "held") and nothing leaves the machine. */
  smtpConfigured: Type.Boolean(),
  /** One line for the screen on how delivery is set up. */
  note: Type.String(),
  /**
   * Set when the links in the emails point at this machine (PUBLIC_URL unset, or a localhost
   * address): a guest's phone cannot open them. What to set, for the screen; null when fine.
   */
  linkWarning: Type.Union([Type.String(), Type.Null()]),
  items: Type.Array(OutboxMessage),
});
export type OutboxReply = Static<typeof OutboxReply>;
export const OutboxQuery = Type.Object(
  { limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 200 })) },
  { additionalProperties: false },
);
export const OutboxParams = Type.Object({ id: Type.Integer({ minimum: 1, maximum: 2_147_483_647 }) }, { additionalProperties: false });

/** What GET /api/bookings/:id shows without the guest's key: that it exists, and its dates. */
export type BookingOutline = Pick<Booking, 'bookingId' | 'checkIn' | 'checkOut'>;

export type StayQuery = Static<typeof StayQuery>;
export type LookupBody = Static<typeof LookupBody>;
export type SignInBody = Static<typeof SignInBody>;

/** One night of a stay as the availability answer gives it, for one room of a type (issue 22). */
export const StayNight = Type.Object({
  night: isoDate,
  /** The price charged for one room that night, tax exclusive, paise. */
  pricePaise: Type.Integer(),
  /** Its CGST and SGST, as the confirm fixes them (issue 34 item 2: the total with tax before Confirm). */
  cgstPaise: Type.Integer(),
  sgstPaise: Type.Integer(),
  left: Type.Integer(),
  closed: Type.Boolean(),
});
export type StayNight = Static<typeof StayNight>;

export const AvailabilityReply = Type.Object({
  checkIn: isoDate,
  checkOut: isoDate,
  rooms: Type.Array(
    Type.Object({
      roomId: Type.String(),
      title: Type.String(),
      capacity: Type.Integer(),
      left: Type.Integer(),
      /** Hotel mode: each night's price and rooms left, the sum for one room, and the rules that refuse a stay. */
      nights: Type.Array(StayNight),
      stayPaise: Type.Integer(),
      /** The shortest stay arriving on checkIn may be; null: no rule. */
      minNights: Type.Union([Type.Integer(), Type.Null()]),
    }),
  ),
});
export type AvailabilityReply = Static<typeof AvailabilityReply>;

export const OccupancyReply = Type.Object({
  /** The first night, YYYY-MM-DD. */
  from: isoDate,
  days: Type.Integer(),
  /** booked[i]: rooms taken on the night from + i. */
  rooms: Type.Array(
    Type.Object({ roomId: Type.String(), title: Type.String(), capacity: Type.Integer(), booked: Type.Array(Type.Integer()) }),
  ),
});
export type OccupancyReply = Static<typeof OccupancyReply>;

export const AuditEntry = Type.Object({
  at: Type.String(),
  bookingId: Type.String(),
  action: Type.String(),
  actor: Type.Union([Type.Literal('admin'), Type.Literal('guest')]),
  address: Type.Union([Type.String(), Type.Null()]),
  /** The signed-in person who did it (actor "admin"); null for a guest and for entries older than staff accounts. */
  staff: Type.Union([Type.String(), Type.Null()]),
});
export type AuditEntry = Static<typeof AuditEntry>;

/** One address (an IPv6 address as its /64) or email (lower case) and how much it booked lately (GET /api/admin/bursts). */
const burstCounts = {
  bookings: Type.Integer(),
  roomNights: Type.Integer(),
  firstAt: Type.String(),
  lastAt: Type.String(),
};
export const BurstsReply = Type.Object({
  hours: Type.Integer(),
  addresses: Type.Array(Type.Object({ address: Type.String(), ...burstCounts })),
  emails: Type.Array(Type.Object({ email: Type.String(), ...burstCounts })),
});
export type BurstsReply = Static<typeof BurstsReply>;

/** The live bookings from one address or for one email (GET /api/admin/bursts/bookings). */
export const BurstBookingsReply = Type.Object({
  items: Type.Array(
    Type.Object({
      bookingId: Type.String(),
      roomName: Type.String(),
      checkIn: Type.Union([Type.String(), Type.Null()]),
      checkOut: Type.Union([Type.String(), Type.Null()]),
      rooms: Type.Integer(),
      totalPrice: Type.Integer(),
      email: Type.String(),
      createdAt: Type.String(),
      createdFrom: Type.Union([Type.String(), Type.Null()]),
    }),
  ),
});
export type BurstBooking = Static<typeof BurstBookingsReply>['items'][number];

/** What DELETE /api/admin/bursts/bookings deleted (soft, restorable for 30 days). */
export const BurstDeletedReply = Type.Object({ deleted: Type.Integer(), bookingIds: Type.Array(Type.String()) });
export type BurstDeletedReply = Static<typeof BurstDeletedReply>;

export const ImportReply = Type.Object({
  imported: Type.Integer(),
  conflicts: Type.Array(Type.Object({ bookingId: Type.String(), reason: Type.String() })),
});
export type ImportReply = Static<typeof ImportReply>;

/** owner: everything; desk (front desk): bookings, the desk, status moves, phone and walk-in bookings (server/API.md). */
export const StaffRoleSchema = Type.Union([Type.Literal('owner'), Type.Literal('desk')]);
export type StaffRole = Static<typeof StaffRoleSchema>;

export const AdminSessionReply = Type.Object({ username: Type.String(), csrfToken: Type.String(), role: StaffRoleSchema });
export type AdminSession = Static<typeof AdminSessionReply>;

/** A staff member's name: what the sign-in form takes, without spaces at either end or control characters. */
export const staffName = Type.String({
  minLength: 1,
  maxLength: 100,
  pattern: '^[^\\s\\x00-\\x1f\\x7f]([^\\x00-\\x1f\\x7f]*[^\\s\\x00-\\x1f\\x7f])?$',
});
export const staffPassword = Type.String({ minLength: 10, maxLength: 200 });
export const StaffParams = Type.Object({ username: staffName }, { additionalProperties: false });
export const NewStaffBody = Type.Object(
  { username: staffName, password: staffPassword, role: StaffRoleSchema },
  { additionalProperties: false },
);
export type NewStaffBody = Static<typeof NewStaffBody>;
export const StaffPasswordBody = Type.Object({ password: staffPassword }, { additionalProperties: false });
export const StaffMember = Type.Object({
  username: Type.String(),
  role: StaffRoleSchema,
  createdAt: Type.String(),
  sessions: Type.Integer(),
});
export type StaffMember = Static<typeof StaffMember>;
export const StaffReply = Type.Object({ items: Type.Array(StaffMember) });
export type StaffReply = Static<typeof StaffReply>;

/** The moves staff make on a booking (POST /api/admin/bookings/:bookingId/status). */
export const StatusMove = Type.Union([
  Type.Literal('checked_in'),
  Type.Literal('checked_out'),
  Type.Literal('no_show'),
  Type.Literal('cancelled'),
]);
export type StatusMove = Static<typeof StatusMove>;
export const StatusBody = Type.Object(
  {
    to: StatusMove,
    /** Issue 40, owners only: check out although a balance is still due on the bill (audited). */
    allowBalanceDue: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
);
export type StatusBody = Static<typeof StatusBody>;

/** One booking on the desk's lists, with what staff may do to it now. */
export const DeskBooking = Type.Object({
  bookingId: Type.String(),
  roomName: Type.String(),
  rooms: Type.Integer(),
  nights: Type.Integer(),
  checkIn: isoDate,
  checkOut: isoDate,
  email: Type.String(),
  /** Issue 34 item 5: absent on bookings made before they were asked. */
  guestName: Type.Optional(Type.String()),
  guestMobile: Type.Optional(Type.String()),
  status: BookingStatusSchema,
  /** The moves allowed now (the hotel's today); empty when none. */
  moves: Type.Array(StatusMove),
  /** Whether the last move by staff can be undone. */
  canUndo: Type.Boolean(),
  /** The rooms it holds on the desk's night (its last night for a departure): issue 38, rooms by number. */
  placedIn: Type.Array(RoomRef),
  /** Rooms of its type free on every night it still holds from today on: where "Move to" may put it. */
  moveTargets: Type.Array(RoomRef),
  /** Issue 37: what is paid and due, and the link a guest on the phone can pay by (while the booking waits for it). */
  payment: Type.Optional(
    Type.Object({
      paidPaise: Type.Integer(),
      duePaise: Type.Integer(),
      payUrl: Type.Union([Type.String(), Type.Null()]),
      holdExpiresAt: Type.Union([Type.String(), Type.Null()]),
    }),
  ),
});
export type DeskBooking = Static<typeof DeskBooking>;
export const DeskQuery = Type.Object({ date: Type.Optional(isoDate) }, { additionalProperties: false });
export const DeskReply = Type.Object({
  date: isoDate,
  /** The hotel's today (Asia/Kolkata), which the moves are judged by. */
  today: isoDate,
  arrivals: Type.Array(DeskBooking),
  departures: Type.Array(DeskBooking),
  inHouse: Type.Array(DeskBooking),
  /** Every room on the night of `date`: who holds it and which channels block it. */
  rooms: Type.Array(DeskRoom),
  /** Nights from today on with more rooms taken than the hotel has (a channel sold a room booked here). */
  overbooked: Type.Array(Overbooking),
  /** Issue 37: what the desk must know about payments (a payment after its hold, refunded because the rooms were gone). */
  attention: Type.Optional(Type.Array(Type.Object({ bookingId: Type.String(), at: Type.String(), message: Type.String() }))),
});
export type DeskReply = Static<typeof DeskReply>;
export const MoveReply = Type.Object({ booking: BookingReply, entry: DeskBooking });
export type MoveReply = Static<typeof MoveReply>;

/** A phone or walk-in booking entered by staff: a confirm's stay, with no device key (the guest gets the email). */
export const DeskBookingBody = Type.Object(
  {
    draftId: Type.String({ format: 'uuid' }),
    channel: Type.Union([Type.Literal('phone'), Type.Literal('walk-in')]),
    roomId: Type.String({ maxLength: 32 }),
    packageIndex: Type.Integer({ minimum: 0, maximum: 9 }),
    rooms: Type.Integer({ minimum: 1, maximum: 3 }),
    checkIn: isoDate,
    checkOut: isoDate,
    email,
    ...guestContactFields,
  },
  { additionalProperties: false },
);
export type DeskBookingBody = Static<typeof DeskBookingBody>;

/** The body every error answer carries; `message` is written for a person. */
export interface ErrorReply {
  error: string;
  message: string;
}

/**
 * The admin search's answer. Declared so that Fastify serialises it with a compiled serialiser
 * (fast-json-stringify) rather than JSON.stringify: a page of 50 bookings on every keystroke of
 * every admin is the API's largest frequent answer.
 */
export const SearchReply = Type.Object({
  items: Type.Array(BookingReply),
  total: Type.Integer(),
  totalExact: Type.Boolean(),
  page: Type.Integer(),
  pageSize: Type.Integer(),
});
export type SearchReply = Static<typeof SearchReply>;
export type SearchQuery = Static<typeof SearchQuery>;

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

export const RoomTypeSetting = Type.Object({
  roomId: Type.String(),
  title: Type.String(),
  rooms: Type.Integer(),
  pricePaise: Type.Integer(),
  discountPricePaise: Type.Integer(),
});
export type RoomTypeSetting = Static<typeof RoomTypeSetting>;

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
    rooms: Type.Optional(Type.Integer({ minimum: 1, maximum: 3 })),
    checkIn: Type.Optional(isoDate),
    checkOut: Type.Optional(isoDate),
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
/** POST /api/admin/desk/bookings: the booking, and for a phone booking held for its advance, its payment link. */
export const DeskBookingReply = Type.Object({ booking: BookingReply, payment: Type.Optional(PaymentSummary) });

/* ---- Issue 35: every route answers in a declared shape (server/plugins/responses.ts) ---- */

/** Every error answer: `{ error, message }` (server/plugins/errors.ts), the message written for a person. */
export const Refusal = Type.Object({ error: Type.String(), message: Type.String() });
/**
 * A stay refused with 409 (a confirm, a phone or walk-in booking, a manage change): rooms ran out
 * (`roomId`, `left`), a night is closed (`nights`), a minimum stay (`minNights`); otherwise the words only.
 */
export const StayRefusal = Type.Object({
  error: Type.String(),
  message: Type.String(),
  roomId: Type.Optional(Type.String()),
  left: Type.Optional(Type.Integer()),
  nights: Type.Optional(Type.Array(isoDate)),
  minNights: Type.Optional(Type.Integer()),
});
/** One booking, as every route that answers one wraps it. */
export const BookingEnvelope = Type.Object({ booking: BookingReply });
/** GET /api/bookings/:bookingId: the whole booking with its guest key, else only that it exists and its dates. */
export const BookingOutlineReply = Type.Object({
  bookingId: Type.String(),
  checkIn: Type.Union([Type.String(), Type.Null()]),
  checkOut: Type.Union([Type.String(), Type.Null()]),
});
export const BookingOrOutline = Type.Object({ booking: Type.Union([BookingReply, BookingOutlineReply]) });
export const HealthReply = Type.Object({ status: Type.Literal('ok'), database: Type.String() });
export const HealthDownReply = Type.Object({ error: Type.String(), message: Type.String(), database: Type.String() });
export const ReadyReply = Type.Object({ ready: Type.Literal(true) });
export const AuditReply = Type.Object({ items: Type.Array(AuditEntry) });
export const NewStaffReply = Type.Object({ username: Type.String(), role: StaffRoleSchema });
export const ResentReply = Type.Object({ resent: Type.Integer() });
export const LinkReply = Type.Object({ message: Type.String() });
/** An answer with no body (204, or a redirect's 303). */
export const NoContent = Type.Null();
