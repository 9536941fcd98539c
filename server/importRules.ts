import { bookingIdPattern } from '../src/domain/bookingId';
import type { BookingRecord } from '../src/domain/bookingRecord';
import { roomsOf } from '../src/domain/bookingRecord';
import { rooms as roomTypes } from '../src/domain/rooms';
import type { RoomType } from '../src/domain/rooms';
import type { StayGate } from './stayGate';

/**
 * The rules a confirm applies (the schema of POST /api/bookings, and the stay gate's rules),
 * applied to one record of a browser backup before it is imported (issue 25). One difference: a
 * stay may be in the past, since a backup holds the bookings already made (the gate's 'record').
 */

/** The `email` format the confirm's schema checks (ajv-formats' full mode, as Fastify loads it). */
export const emailForm =
  /^[a-z0-9!#$%&'*+/=?^_`{|}~-]+(?:\.[a-z0-9!#$%&'*+/=?^_`{|}~-]+)*@(?:[a-z0-9](?:[a-z0-9-]*[a-z0-9])?\.)+[a-z0-9](?:[a-z0-9-]*[a-z0-9])?$/i;
export const maxEmailLength = 254;

export interface CheckedRecord {
  bookingId: string;
  room: RoomType;
  rooms: number;
  checkIn: string;
  checkOut: string;
  email: string;
}

/** The record as it will be stored, or why it is refused (naming the field). */
export function importProblem(record: BookingRecord, gate: Pick<StayGate, 'check'>): { record: CheckedRecord } | { problem: string } {
  if (!bookingIdPattern.test(record.bookingId))
    return { problem: 'bookingId: must be BK and 6 digits in upper case, as the site makes them (BK123456)' };
  const email = record.email.trim();
  if (email.length > maxEmailLength || !emailForm.test(email))
    return { problem: `email: must be an email address of at most ${maxEmailLength} characters` };
  const room = roomTypes.find((type) => type.title === record.roomName);
  if (!room) return { problem: `roomName: must be a room type of this hotel (${roomTypes.map((type) => type.title).join(', ')})` };
  const rooms = roomsOf(record);
  const refused = gate.check({ roomId: room.id, rooms, checkIn: record.checkIn, checkOut: record.checkOut }, 'record');
  if (refused) return { problem: refused.body.message };
  return { record: { bookingId: record.bookingId, room, rooms, checkIn: record.checkIn!, checkOut: record.checkOut!, email } };
}
