import { bookingIdPattern } from '../src/domain/bookingId';
import type { BookingRecord } from '../src/domain/bookingRecord';
import { roomsOf } from '../src/domain/bookingRecord';
import { isIsoDate, nightsBetween } from '../src/domain/dates';
import { rooms as roomTypes } from '../src/domain/rooms';
import type { RoomType } from '../src/domain/rooms';
import { maxNights } from '../src/domain/stay';
import { limitProblem } from './bookingLimits';
import type { RequestLimits } from './requestLimits';

/**
 * The rules a confirm applies (the schema of POST /api/bookings, the stay rules and the hotel's
 * limits), applied to one record of a browser backup before it is imported (issue 25). One
 * difference: a stay may be in the past, since a backup holds the bookings already made.
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
export function importProblem(
  record: BookingRecord,
  limits: Pick<RequestLimits, 'horizonDays' | 'maxRoomNights'>,
  today: string,
): { record: CheckedRecord } | { problem: string } {
  if (!bookingIdPattern.test(record.bookingId))
    return { problem: 'bookingId: must be BK and 6 digits in upper case, as the site makes them (BK123456)' };
  const email = record.email.trim();
  if (email.length > maxEmailLength || !emailForm.test(email))
    return { problem: `email: must be an email address of at most ${maxEmailLength} characters` };
  const room = roomTypes.find((type) => type.title === record.roomName);
  if (!room) return { problem: `roomName: must be a room type of this hotel (${roomTypes.map((type) => type.title).join(', ')})` };
  const rooms = roomsOf(record);
  if (!Number.isInteger(rooms) || rooms < 1 || rooms > 3) return { problem: 'rooms: must be 1 to 3' };
  const { checkIn, checkOut } = record;
  if (!checkIn || !isIsoDate(checkIn)) return { problem: 'checkIn: must be a date' };
  if (!checkOut || !isIsoDate(checkOut)) return { problem: 'checkOut: must be a date' };
  const nights = nightsBetween(checkIn, checkOut);
  if (nights < 1) return { problem: 'checkOut: must be after checkIn' };
  if (nights > maxNights) return { problem: `checkOut: a stay can be at most ${maxNights} nights` };
  const overLimit = limitProblem({ checkIn, checkOut, rooms }, limits, today);
  if (overLimit) return { problem: overLimit };
  return { record: { bookingId: record.bookingId, room, rooms, checkIn, checkOut, email } };
}
