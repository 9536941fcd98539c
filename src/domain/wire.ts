import { Type } from '@sinclair/typebox';
import type { Static } from '@sinclair/typebox';
import { maxSearchLength } from './search';
import { maxGuestMobileInputLength, maxGuestNameLength } from './guestContact';
import { maxRoomCount } from './rooms';

/**
 * The API's contract (server/API.md), once for both sides: the server validates requests and
 * serialises replies with these schemas; the browser takes its types from them (`Static<>`, types
 * only, so no schema code reaches the browser's bundle). Limits both sides need are plain numbers
 * in their own modules (search.ts), which the browser may import.
 *
 * This file holds what every resource shares (dates, IDs, a booking, refusals) and the guest's
 * bookings; each back-office resource has its own file beside it: staffWire, deskWire, outboxWire,
 * pricesWire (and the invoice), paymentsWire, roomsWire, reportsWire, folioWire.
 */

export const isoDate = Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$', description: 'YYYY-MM-DD' });
export const bookingIdParam = Type.String({ minLength: 1, maxLength: 64, pattern: '^[A-Za-z0-9_-]+$' });
export const email = Type.String({ format: 'email', maxLength: 254 });
/**
 * Rooms in one booking. Its bounds (1 to maxRoomCount) are the stay gate's, which refuses with the
 * same words on every path (server/stayGate.ts); a schema bound would answer first, in other words.
 */
export const roomCount = Type.Integer({ description: `rooms in one booking, 1 to ${maxRoomCount}` });
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

/** Issue 40: who sleeps in one room (src/domain/roomGuests.ts); the owner's limits are checked by the pricing rule. */
export const RoomGuestsWire = Type.Object(
  {
    adults: Type.Integer({ minimum: 1, maximum: 10 }),
    childAges: Type.Array(Type.Integer({ minimum: 0, maximum: 17 }), { maxItems: 10 }),
  },
  { additionalProperties: false },
);
/** A booking's guests, room by room (at most its rooms; rooms not named have the adults their price includes). */
export const BookingGuestsWire = Type.Array(RoomGuestsWire, { minItems: 1, maxItems: maxRoomCount });

/**
 * GET /api/stay-quote: a stay as the confirm would charge it now (issue 40: its meal plan and guests
 * too). guests: the compact form of src/domain/roomGuests.ts guestsParam ("2:7.4,2").
 */
export const StayQuoteQuery = Type.Object(
  {
    roomId: Type.String({ maxLength: 32 }),
    packageIndex: Type.Integer({ minimum: 0, maximum: 9 }),
    rooms: roomCount,
    checkIn: isoDate,
    checkOut: isoDate,
    guests: Type.Optional(Type.String({ maxLength: 200 })),
  },
  { additionalProperties: false },
);
export type StayQuoteQuery = Static<typeof StayQuoteQuery>;
/** A stay's lines as the confirm would store them (night, rooms, one room's price and tax, the line's), and their sums. */
export const StayQuoteReply = Type.Object({
  lines: Type.Array(
    Type.Object({
      night: isoDate,
      rooms: Type.Integer(),
      pricePaise: Type.Integer(),
      taxablePaise: Type.Integer(),
      cgstPaise: Type.Integer(),
      sgstPaise: Type.Integer(),
    }),
  ),
  taxablePaise: Type.Integer(),
  cgstPaise: Type.Integer(),
  sgstPaise: Type.Integer(),
});
export type StayQuoteReply = Static<typeof StayQuoteReply>;

export const ConfirmBody = Type.Object(
  {
    draftId: Type.String({ format: 'uuid' }),
    bookingId: Type.String({ pattern: '^BK[1-9][0-9]{5}$' }),
    roomId: Type.String({ maxLength: 32 }),
    packageIndex: Type.Integer({ minimum: 0, maximum: 9 }),
    rooms: roomCount,
    checkIn: isoDate,
    checkOut: isoDate,
    email,
    ...guestContactFields,
    /** Issue 40: absent, each room has the adults its price includes. */
    guests: Type.Optional(BookingGuestsWire),
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
  /** Issue 40, hotel mode: the meal plan (src/domain/mealPlans.ts: its place there) and the guests room by room, when said. */
  packageIndex: Type.Optional(Type.Integer()),
  guests: Type.Optional(Type.Array(RoomGuestsWire)),
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
export const ManageChangeBody = Type.Object({ checkIn: isoDate, checkOut: isoDate, rooms: roomCount }, { additionalProperties: false });
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

/** A meal plan as a room type sells it (issue 40): its place in src/domain/mealPlans.ts, per night, per room or per person. */
export const MealPlanPrice = Type.Object({
  packageIndex: Type.Integer({ minimum: 0, maximum: 3 }),
  pricePaise: Type.Integer({ minimum: 0, maximum: 10_000_000 }),
  per: Type.Union([Type.Literal('room'), Type.Literal('person')]),
});
export type MealPlanPrice = Static<typeof MealPlanPrice>;
/** src/domain/roomGuests.ts GuestRules. */
export const GuestRulesWire = Type.Object({
  includedAdults: Type.Integer({ minimum: 1, maximum: 10 }),
  maxAdults: Type.Integer({ minimum: 1, maximum: 10 }),
  maxChildren: Type.Integer({ minimum: 0, maximum: 10 }),
  extraAdultPaise: Type.Integer({ minimum: 0, maximum: 10_000_000 }),
  extraChildPaise: Type.Integer({ minimum: 0, maximum: 10_000_000 }),
  childFreeBelowAge: Type.Integer({ minimum: 0, maximum: 18 }),
});

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
      /** Issue 40: the meal plans the owner has turned on (the room's packages), each on top of the night's price. */
      plans: Type.Array(MealPlanPrice),
      /** Issue 40: the guests a room takes and what its price includes. */
      guestRules: GuestRulesWire,
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
export const ResentReply = Type.Object({ resent: Type.Integer() });
export const LinkReply = Type.Object({ message: Type.String() });
/** An answer with no body (204, or a redirect's 303). */
export const NoContent = Type.Null();
