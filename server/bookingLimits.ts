import { addDays, nightsBetween } from '../src/domain/dates';
import { longDate } from './bookingRules';
import type { RequestLimits } from './requestLimits';

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
