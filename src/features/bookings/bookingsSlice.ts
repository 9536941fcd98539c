import { createSlice, original } from '@reduxjs/toolkit';
import type { PayloadAction } from '@reduxjs/toolkit';
import type { BookingRecord } from '../../domain/bookingRecord';
import { withBookingAdded, withBookingDeleted, withEmailChanged } from './bookingList';
import type { BookingSnapshot } from './bookingStorage';

export interface BookingsState {
  /** In storage order: oldest first, as the earlier version appended them. */
  items: BookingRecord[];
  /** How many stored entries could not be read and were set aside. */
  unreadableCount: number;
  /** False when the browser refuses local storage (blocked site data). */
  storageAvailable: boolean;
}

export const initialBookings: BookingsState = { items: [], unreadableCount: 0, storageAvailable: true };

/**
 * The list as it was before this action, not Immer's draft: walking 10,000 drafts would wrap
 * each record in a proxy, and the list helpers never mutate.
 */
function listOf(state: BookingsState): BookingRecord[] {
  return original(state)?.items ?? state.items;
}

const bookingsSlice = createSlice({
  name: 'bookings',
  initialState: initialBookings,
  reducers: {
    bookingConfirmed(state, action: PayloadAction<BookingRecord>) {
      state.items = withBookingAdded(listOf(state), action.payload);
    },
    bookingDeleted(state, action: PayloadAction<string>) {
      state.items = withBookingDeleted(listOf(state), action.payload);
    },
    bookingEmailChanged(state, action: PayloadAction<{ bookingId: string; email: string; updatedAt?: string }>) {
      const { bookingId, email, updatedAt } = action.payload;
      state.items = withEmailChanged(listOf(state), bookingId, email, updatedAt);
    },
    /** A backup was merged into storage; the payload is the list storage now holds. */
    bookingsRestored(state, action: PayloadAction<BookingRecord[]>) {
      state.items = action.payload;
    },
    /** Storage changed under us (another tab, a restore, a fresh read): take what it holds. */
    bookingsSynced(_state, action: PayloadAction<BookingSnapshot>) {
      return action.payload;
    },
  },
  selectors: {
    selectBookings: (state) => state.items,
    selectUnreadableCount: (state) => state.unreadableCount,
    selectStorageAvailable: (state) => state.storageAvailable,
    selectBookingById: (state, bookingId: string) => state.items.find((b) => b.bookingId === bookingId),
  },
});

export const { bookingConfirmed, bookingDeleted, bookingEmailChanged, bookingsRestored, bookingsSynced } = bookingsSlice.actions;
export const { selectBookings, selectUnreadableCount, selectStorageAvailable, selectBookingById } = bookingsSlice.selectors;
export default bookingsSlice;
