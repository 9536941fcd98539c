import { Type } from '@sinclair/typebox';
import type { Static } from '@sinclair/typebox';
import { PaymentSummary } from './paymentsWire';
import { DeskRoom, Overbooking, RoomRef } from './roomsWire';
import { BookingGuestsWire, BookingReply, BookingStatusSchema, email, guestContactFields, isoDate, roomCount } from './wire';

/** The front desk: a booking's moves, the day's lists, phone and walk-in bookings: issues 23, 37, 38. Part of the API's contract (wire.ts says how it is used). */

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
  /** Issue 40: the meal plan and each room's guests, when said (BookingReply's). */
  packageIndex: Type.Optional(Type.Integer()),
  guests: Type.Optional(BookingReply.properties.guests),
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
    /** Issue 40: absent, each room has the adults its price includes. */
    guests: Type.Optional(BookingGuestsWire),
    rooms: roomCount,
    checkIn: isoDate,
    checkOut: isoDate,
    email,
    ...guestContactFields,
  },
  { additionalProperties: false },
);
export type DeskBookingBody = Static<typeof DeskBookingBody>;

/** POST /api/admin/desk/bookings: the booking, and for a phone booking held for its advance, its payment link. */
export const DeskBookingReply = Type.Object({ booking: BookingReply, payment: Type.Optional(PaymentSummary) });
