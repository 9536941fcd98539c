import { statusSentence } from '../src/domain/bookingStatus';
import type { Booking } from '../src/domain/wire';
import { sameEmail } from './auth/guestAccess';
import { longDate } from '../src/domain/dateWords';

/**
 * A guest's change of email address mails both addresses (the old one a notice, the new one a new
 * manage link), so it is the one request by which anyone with a booking could make the hotel mail
 * a stranger (issue 35: 12 changes in 6 s sent 23 messages to 12 addresses). The rules, for
 * PUT /api/bookings/:bookingId/email, the only path that changes a guest's email:
 */

/** Changes per booking an hour, whoever asks: as many as the link requests (routes/manage.ts, `link-mail:`). */
export const emailChangesPerHour = 3;

/**
 * Why this booking's email cannot become `email` now, in words for the guest; null when it can.
 * A cancelled or finished stay (checked out, a no-show, or past its check-out day) has nothing left
 * to tell the guest; the same address again would only mail it twice.
 */
export function emailChangeProblem(booking: Pick<Booking, 'status' | 'checkOut' | 'email'>, email: string, today: string): string | null {
  const over = 'Its email address can no longer be changed; for anything about it, please call the hotel.';
  if (booking.status === 'cancelled' || booking.status === 'checked_out' || booking.status === 'no_show')
    return `${statusSentence(booking.status)} ${over}`;
  if (booking.checkOut !== null && booking.checkOut < today) return `This stay ended on ${longDate(booking.checkOut)}. ${over}`;
  if (sameEmail(booking.email, email)) return 'This booking already uses that email address: nothing was changed, and nothing was sent.';
  return null;
}

/** The refusal once a booking's changes for the hour are used. */
export function emailChangeLimitMessage(wait: string): string {
  return `This booking's email address was changed ${emailChangesPerHour} times in the last hour. Please try again in ${wait}, or call the hotel.`;
}
