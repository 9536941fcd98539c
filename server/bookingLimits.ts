import type pg from 'pg';
import { addDays, nightsBetween } from '../src/domain/dates';
import { takeLimits, waitWords } from './requestLimits';
import type { RequestLimits } from './requestLimits';
import { longDate } from '../src/domain/dateWords';

/**
 * The hotel's limits on what one booking may hold (issue 25), on top of the stay rules in
 * bookingRules.ts: how far ahead a stay may end, and how many room-nights it may take. Confirm
 * and import both apply them; a guest who hits one is told which and what to do.
 */

/** The last check-out date the horizon allows. */
export function lastCheckOut(limits: Pick<RequestLimits, 'horizonDays'>, today: string): string {
  return addDays(today, limits.horizonDays);
}

/** Why the hotel's limits refuse this stay (a message for the guest), or null. */
export function limitProblem(
  stay: { checkIn: string; checkOut: string; rooms: number },
  limits: Pick<RequestLimits, 'horizonDays' | 'maxRoomNights'>,
  today: string,
): string | null {
  const last = lastCheckOut(limits, today);
  if (stay.checkOut > last)
    return `Bookings open ${limits.horizonDays} days ahead: please choose a check-out on or before ${longDate(last)}.`;
  const roomNights = stay.rooms * nightsBetween(stay.checkIn, stay.checkOut);
  if (roomNights > limits.maxRoomNights)
    return `One booking can hold at most ${limits.maxRoomNights} room-nights (rooms × nights); this one holds ${roomNights}. Please book fewer rooms or nights, or call the hotel.`;
  return null;
}

/** A booking limit that is full: why (the limit's name, for the log), for how long, and what the guest reads. */
export interface BookingLimited {
  limit: 'book-addr' | 'book-addr-day' | 'book-email';
  waitSeconds: number;
  message: string;
}

/**
 * Takes one booking from this address and for this email on the limits every instance shares
 * (README, "Limits on bookings"), or says which is full. Every way a guest holds rooms goes through
 * it: a confirm, and a Pay again that holds an expired booking's rooms anew (without it, one
 * address could keep its bookings' rooms held for ever, a hold at a time). A confirm's retry of a
 * stored draft (`unlessDraft`) takes nothing.
 */
export async function takeBookingLimits(
  db: pg.Pool,
  limits: Pick<RequestLimits, 'bookingsPerAddressPerHour' | 'bookingsPerAddressPerDay' | 'bookingsPerEmailPerDay'>,
  address: string,
  email: string,
  unlessDraft?: string,
): Promise<BookingLimited | null> {
  const limited = await takeLimits(
    db,
    [
      { key: `book-addr:${address}`, max: limits.bookingsPerAddressPerHour, windowSeconds: 3600 },
      { key: `book-addr-day:${address}`, max: limits.bookingsPerAddressPerDay, windowSeconds: 86_400 },
      { key: `book-email:${email.trim().toLowerCase()}`, max: limits.bookingsPerEmailPerDay, windowSeconds: 86_400 },
    ],
    unlessDraft,
  );
  if (!limited) return null;
  const limit = limited.key.slice(0, limited.key.indexOf(':')) as BookingLimited['limit'];
  const wait = waitWords(limited.waitSeconds);
  const messages: Record<BookingLimited['limit'], string> = {
    'book-addr': `Too many bookings from this address. Please try again in ${wait}, or call the hotel.`,
    'book-addr-day': `Too many bookings from this address today. Please try again in ${wait}, or call the hotel.`,
    'book-email': `Too many bookings for this email address today. Please try again in ${wait}, or call the hotel.`,
  };
  return { limit, waitSeconds: limited.waitSeconds, message: messages[limit] };
}
