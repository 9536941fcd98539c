import type pg from 'pg';
import { takeLimits, waitWords } from './requestLimits';
import type { RequestLimits } from './requestLimits';

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
