import type { RootState } from '../../app/store';
import { selectBookingById, selectBookings } from '../bookings/bookingsSlice';

/** The exact ID, else the same ID in other case: a link typed by hand may say bk123456. */
export function selectGuestBooking(state: RootState, bookingId: string) {
  const upper = bookingId.toUpperCase();
  return selectBookingById(state, bookingId) ?? selectBookings(state).find((b) => b.bookingId.toUpperCase() === upper);
}

/** A pasted address can carry anything; show enough of it to recognise, never enough to break the page. */
export function shownId(bookingId: string): string {
  return bookingId.length > 80 ? `${bookingId.slice(0, 80)}…` : bookingId;
}
