import { createSelector } from '@reduxjs/toolkit';
import type { RootState } from '../../app/store';
import type { BookingRecord } from '../../domain/bookingRecord';
import { selectBookings } from '../bookings/bookingsSlice';

export const pageSize = 50;

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

/** Bookings whose ID, email or room name contains the query, ignoring case; newest first. */
export const selectAdminSearch = createSelector(
  [selectSearchIndex, (_state: RootState, query: string) => query.trim().toLowerCase()],
  (index, needle): BookingRecord[] =>
    (needle === '' ? index : index.filter((entry) => entry.text.includes(needle))).map((entry) => entry.booking),
);

export interface PageWindow {
  page: number;
  pageCount: number;
  /** 0-based, end exclusive. */
  start: number;
  end: number;
}

/** Keeps the requested page inside the pages that exist (a delete can remove the last page). */
export function pageWindow(total: number, requested: number): PageWindow {
  const pageCount = Math.max(1, Math.ceil(total / pageSize));
  const page = Math.min(Math.max(1, Math.floor(requested)), pageCount);
  const start = (page - 1) * pageSize;
  return { page, pageCount, start, end: Math.min(start + pageSize, total) };
}
