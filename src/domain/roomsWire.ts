import { Type } from '@sinclair/typebox';
import type { Static } from '@sinclair/typebox';

/**
 * The API's contract for rooms by number and channel calendars (issue 38), beside wire.ts's: the
 * server validates with these schemas and answers in their shape; the browser takes their types.
 */

const id = Type.Integer({ minimum: 1, maximum: 9_007_199_254_740_991 });
const isoDate = Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$', description: 'YYYY-MM-DD' });
const typeId = Type.String({ minLength: 1, maxLength: 32, pattern: '^[a-z][a-z0-9-]*$' });
const instant = Type.String({ description: 'ISO 8601 timestamp' });
const nullable = <T extends Parameters<typeof Type.Union>[0][number]>(schema: T) => Type.Union([schema, Type.Null()]);

/** A room's number as it is on its door: 1 to 20 characters, no space at either end, no control characters. */
export const roomNumber = Type.String({
  minLength: 1,
  maxLength: 20,
  pattern: '^[^\\s\\u0000-\\u001f\\u007f](?:[^\\u0000-\\u001f\\u007f]*[^\\s\\u0000-\\u001f\\u007f])?$',
});

export const IdParams = Type.Object({ id }, { additionalProperties: false });
export const TypeParams = Type.Object({ typeId }, { additionalProperties: false });

/* ---- Rooms by number (owners) ---- */

export const NewRoomBody = Type.Object({ typeId, number: roomNumber }, { additionalProperties: false });
export type NewRoomBody = Static<typeof NewRoomBody>;
export const RenameRoomBody = Type.Object({ number: roomNumber }, { additionalProperties: false });
export type RenameRoomBody = Static<typeof RenameRoomBody>;

export const RoomEntry = Type.Object({
  id,
  number: Type.String(),
  typeId: Type.String(),
  /** Channel calendars read for this room: a room with any cannot be retired until they are removed. */
  feeds: Type.Integer(),
  /** Nights from today on a booking holds this room. */
  upcomingNights: Type.Integer(),
});
export type RoomEntry = Static<typeof RoomEntry>;
export const RoomsReply = Type.Object({
  types: Type.Array(Type.Object({ typeId: Type.String(), title: Type.String(), rooms: Type.Array(RoomEntry) })),
});
export type RoomsReply = Static<typeof RoomsReply>;

/* ---- Channel calendars (owners) ---- */

export const FeedBody = Type.Object(
  {
    roomId: id,
    /** The channel's name, as the owner calls it (Airbnb, Booking.com). */
    label: Type.String({ minLength: 1, maxLength: 40, pattern: '^[^\\s\\u0000-\\u001f](?:[^\\u0000-\\u001f]*[^\\s\\u0000-\\u001f])?$' }),
    url: Type.String({ minLength: 1, maxLength: 2000 }),
  },
  { additionalProperties: false },
);
export type FeedBody = Static<typeof FeedBody>;

export const FeedEntry = Type.Object({
  id,
  label: Type.String(),
  url: Type.String(),
  /** Our calendar of the room for this channel to read: all the room's nights but this channel's own. */
  exportUrl: Type.String(),
  createdAt: instant,
  lastFetchAt: nullable(instant),
  lastSuccessAt: nullable(instant),
  /** Events in the calendar when it was last read. */
  eventCount: nullable(Type.Integer()),
  lastError: nullable(Type.String()),
  /** The channel's last read of `exportUrl`. */
  exportReadAt: nullable(instant),
});
export type FeedEntry = Static<typeof FeedEntry>;

export const ChannelRoom = Type.Object({
  id,
  number: Type.String(),
  typeId: Type.String(),
  title: Type.String(),
  /** The room's own calendar: every night it holds (for a calendar that is not a channel we read). */
  calendarUrl: Type.String(),
  feeds: Type.Array(FeedEntry),
});
export type ChannelRoom = Static<typeof ChannelRoom>;

export const ChannelLogEntry = Type.Object({
  at: instant,
  roomNumber: nullable(Type.String()),
  feedLabel: nullable(Type.String()),
  kind: Type.String(),
  message: Type.String(),
});
export type ChannelLogEntry = Static<typeof ChannelLogEntry>;

/** A room on a night from today on where a channel's block and a booking from here both stand. */
export const Overbooking = Type.Object({
  night: isoDate,
  typeId: Type.String(),
  title: Type.String(),
  /** Rooms taken (booked here, sold on channels, out of service) against the rooms of the type. */
  taken: Type.Integer(),
  rooms: Type.Integer(),
  /** Rooms where a booking from here and a channel's block meet, each with both. */
  clashes: Type.Array(Type.Object({ roomNumber: Type.String(), bookingId: Type.String(), channels: Type.Array(Type.String()) })),
});
export type Overbooking = Static<typeof Overbooking>;

export const ChannelsReply = Type.Object({
  rooms: Type.Array(ChannelRoom),
  types: Type.Array(Type.Object({ typeId: Type.String(), title: Type.String(), calendarUrl: Type.String() })),
  log: Type.Array(ChannelLogEntry),
  overbooked: Type.Array(Overbooking),
  /** How often every feed is read (CHANNEL_SYNC_MINUTES). */
  syncMinutes: Type.Integer(),
  /** Whether feeds on this machine or a private network are allowed (CHANNEL_FEEDS_ALLOW_PRIVATE). */
  allowPrivate: Type.Boolean(),
  /** Whether HOTEL_EMAIL is set: overbookings are emailed there. */
  hotelEmail: Type.Boolean(),
});
export type ChannelsReply = Static<typeof ChannelsReply>;

export const SyncResult = Type.Object({
  ok: Type.Boolean(),
  error: nullable(Type.String()),
  events: Type.Integer(),
  added: Type.Integer(),
  changed: Type.Integer(),
  removed: Type.Integer(),
  moved: Type.Array(Type.Object({ bookingId: Type.String(), nights: Type.Array(isoDate), to: Type.String() })),
  overbooked: Type.Array(Type.Object({ bookingId: nullable(Type.String()), nights: Type.Array(isoDate) })),
});
export type SyncResult = Static<typeof SyncResult>;
export const SyncReply = Type.Object({ feed: FeedEntry, result: SyncResult });
export type SyncReply = Static<typeof SyncReply>;

/* ---- The desk: rooms of a night, and moving a booking to another room (owners and the desk) ---- */

export const RoomRef = Type.Object({ id, number: Type.String() });
export type RoomRef = Static<typeof RoomRef>;

/** A room on the desk's night: who holds it, which channels block it, and whether both. */
export const DeskRoom = Type.Object({
  id,
  number: Type.String(),
  typeId: Type.String(),
  title: Type.String(),
  bookingIds: Type.Array(Type.String()),
  channels: Type.Array(Type.String()),
});
export type DeskRoom = Static<typeof DeskRoom>;

export const RoomMoveBody = Type.Object({ fromRoom: id, toRoom: id }, { additionalProperties: false });
export type RoomMoveBody = Static<typeof RoomMoveBody>;
export const RoomMoveReply = Type.Object({ bookingId: Type.String(), from: Type.String(), to: Type.String(), nights: Type.Integer() });
export type RoomMoveReply = Static<typeof RoomMoveReply>;

export const RetireReply = Type.Object({ room: RoomRef, moved: Type.Array(Type.String()) });
export type RetireReply = Static<typeof RetireReply>;
