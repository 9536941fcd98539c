import type { BookingStatus } from './wire';
import type { StatusMove } from './deskWire';

/**
 * A booking's life (issue 23), the same rules for the server (which enforces them) and the desk
 * screen (which offers only these buttons):
 *
 *   awaiting_payment ──paid──▶ confirmed ──check in──▶ checked_in ──check out──▶ checked_out
 *       │                          │ └──────no-show (after the arrival day)──▶ no_show
 *       └──hold runs out──▶ expired └──────cancel──▶ cancelled
 *
 * (awaiting_payment and expired only where the owner asks for a payment, issue 37; a hold can be
 * cancelled by staff too.)
 *
 * Dates are the hotel's (Asia/Kolkata), YYYY-MM-DD.
 */

export const statusLabels: Record<BookingStatus, string> = {
  awaiting_payment: 'Awaiting payment',
  confirmed: 'Confirmed',
  checked_in: 'Checked in',
  checked_out: 'Checked out',
  no_show: 'No-show',
  cancelled: 'Cancelled',
  expired: 'Hold expired',
};

/** One sentence for a guest or staff member saying where the booking is in its life. */
export function statusSentence(status: BookingStatus): string {
  if (status === 'no_show') return 'This booking was a no-show.';
  if (status === 'awaiting_payment') return 'This booking is waiting for its payment.';
  if (status === 'expired') return 'This booking was not paid in time: its rooms were released.';
  return `This booking is ${statusLabels[status].toLowerCase()}.`;
}

export const moveLabels: Record<StatusMove, string> = {
  checked_in: 'Check in',
  checked_out: 'Check out',
  no_show: 'No-show',
  cancelled: 'Cancel',
};

/**
 * Whether a booking in this status holds rooms on the nights of its stay (room_nights); the
 * occupancy counts only these. A checked-out booking keeps the nights it stayed (an early
 * check-out moved its check-out to the day the guest left and gave the rest back); a no-show or a
 * cancelled booking holds none. A booking awaiting its payment holds them until its hold runs out
 * (then it is expired and holds none).
 */
export function holdsRooms(status: BookingStatus): boolean {
  return status === 'awaiting_payment' || status === 'confirmed' || status === 'checked_in' || status === 'checked_out';
}

interface Stay {
  status: BookingStatus;
  checkIn: string | null;
  checkOut: string | null;
}

/**
 * Why this move is refused now (a sentence for staff), or null when it is allowed:
 * - check in: a confirmed booking, from its arrival day until the day before it leaves;
 * - check out: a checked-in booking (never before check-in);
 * - no-show: a confirmed booking, after its arrival day;
 * - cancel: a confirmed booking, or one awaiting its payment (a guest in the house checks out instead).
 */
export function moveProblem(booking: Stay, to: StatusMove, today: string): string | null {
  const { status, checkIn, checkOut } = booking;
  const now = statusLabels[status].toLowerCase();
  if (!checkIn || !checkOut) return 'This booking has no dates: it cannot be checked in or out.';
  switch (to) {
    case 'checked_in':
      if (status !== 'confirmed') return `This booking is ${now}: only a confirmed booking can be checked in.`;
      if (today < checkIn) return `This guest arrives on ${checkIn}: check-in opens that day.`;
      if (today >= checkOut) return `This stay ended on ${checkOut}: it can no longer be checked in.`;
      return null;
    case 'checked_out':
      if (status !== 'checked_in') return `This booking is ${now}: only a checked-in guest can be checked out.`;
      return null;
    case 'no_show':
      if (status !== 'confirmed') return `This booking is ${now}: only a confirmed booking can be a no-show.`;
      if (today <= checkIn) return `A no-show can be marked only after the arrival day (${checkIn}).`;
      return null;
    case 'cancelled':
      if (status !== 'confirmed' && status !== 'awaiting_payment')
        return `This booking is ${now}: only a confirmed booking can be cancelled.`;
      return null;
  }
}

export const allMoves: StatusMove[] = ['checked_in', 'checked_out', 'no_show', 'cancelled'];

export function allowedMoves(booking: Stay, today: string): StatusMove[] {
  return allMoves.filter((to) => moveProblem(booking, to, today) === null);
}
