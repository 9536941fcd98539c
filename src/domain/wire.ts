import { Type } from '@sinclair/typebox';
import type { Static } from '@sinclair/typebox';

/**
 * The API's contract (server/API.md), once for both sides: the server validates requests and
 * serialises replies with these schemas; the browser takes its types from them (`Static<>`, types
 * only, so no schema code reaches the browser's bundle). Limits both sides need are plain numbers.
 */

/** The longest admin search text the server takes; the search box stops there too. */
export const maxSearchLength = 200;

export const isoDate = Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$', description: 'YYYY-MM-DD' });
export const bookingIdParam = Type.String({ minLength: 1, maxLength: 64, pattern: '^[A-Za-z0-9_-]+$' });
export const email = Type.String({ format: 'email', maxLength: 254 });

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
  createdAt: Type.String(),
});
export type Booking = Static<typeof BookingReply>;

/** What GET /api/bookings/:id shows without the guest's key: that it exists, and its dates. */
export type BookingOutline = Pick<Booking, 'bookingId' | 'checkIn' | 'checkOut'>;

export type StayQuery = Static<typeof StayQuery>;
export type LookupBody = Static<typeof LookupBody>;
export type SignInBody = Static<typeof SignInBody>;

export const AvailabilityReply = Type.Object({
  checkIn: isoDate,
  checkOut: isoDate,
  rooms: Type.Array(Type.Object({ roomId: Type.String(), title: Type.String(), capacity: Type.Integer(), left: Type.Integer() })),
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

export const AdminSessionReply = Type.Object({ username: Type.String(), csrfToken: Type.String() });
export type AdminSession = Static<typeof AdminSessionReply>;

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
