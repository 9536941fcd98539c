import type { BookingStatus, StatusMove } from './wire';

/**
 * A booking's life (issue 23), the same rules for the server (which enforces them) and the desk
 * screen (which offers only these buttons):
 *
 *   confirmed ──check in──▶ checked_in ──check out──▶ checked_out
 *       │ └──────no-show (after the arrival day)──▶ no_show
 *       └──────cancel──▶ cancelled
 *
 * Dates are the hotel's (Asia/Kolkata), YYYY-MM-DD.
 */

export const statusLabels: Record<BookingStatus, string> = {
  confirmed: 'Confirmed',
  checked_in: 'Checked in',
  checked_out: 'Checked out',
  no_show: 'No-show',
  cancelled: 'Cancelled',
};

/** One sentence for a guest or staff member saying where the booking is in its life. */
export function statusSentence(status: BookingStatus): string {
  return status === 'no_show' ? 'This booking was a no-show.' : `This booking is ${statusLabels[status].toLowerCase()}.`;
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
 * cancelled booking holds none.
 */
export function holdsRooms(status: BookingStatus): boolean {
  return status === 'confirmed' || status === 'checked_in' || status === 'checked_out';
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
 * - cancel: a confirmed booking (a guest in the house checks out instead).
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
      if (status !== 'confirmed') return `This booking is ${now}: only a confirmed booking can be cancelled.`;
      return null;
  }
}

export const allMoves: StatusMove[] = ['checked_in', 'checked_out', 'no_show', 'cancelled'];

export function allowedMoves(booking: Stay, today: string): StatusMove[] {
  return allMoves.filter((to) => moveProblem(booking, to, today) === null);
}
