import { createSelector } from '@reduxjs/toolkit';
import type { RootState } from '../../app/store';
import type { BookingRecord } from '../../domain/bookingRecord';
import { selectBookings } from './bookingsSlice';

/**
 * Newest first (storage keeps them oldest first), each with its searchable text lower-cased
 * once per change of the list rather than once per keystroke. The separator keeps a query
 * from matching across two fields.
 */
const selectSearchIndex = createSelector([selectBookings], (items) =>
  items
    .map((booking) => ({ booking, text: `${booking.bookingId}\u0000${booking.email}\u0000${booking.roomName}`.toLowerCase() }))
    .reverse(),
);

/** Bookings whose ID, email or room name contains the query, ignoring case; newest first (the admin search, spec section 10). */
export const selectBookingSearch = createSelector(
  [selectSearchIndex, (_state: RootState, query: string) => query.trim().toLowerCase()],
  (index, needle): BookingRecord[] =>
    (needle === '' ? index : index.filter((entry) => entry.text.includes(needle))).map((entry) => entry.booking),
);
