import { createSlice } from '@reduxjs/toolkit';
import type { PayloadAction } from '@reduxjs/toolkit';

/**
 * The booking the confirmation screen is working on. Kept in session storage so that a reload
 * of /booking-details shows the same Booking ID, and a reload after confirming shows the stored
 * booking instead of offering to store it again.
 */
export interface ConfirmationState {
  /** Made when the confirmation screen opens; shown until the booking is confirmed. */
  pendingBookingId: string | null;
  /** The booking this screen last stored; cleared when the guest starts another booking. */
  confirmedBookingId: string | null;
}

export const initialConfirmation: ConfirmationState = { pendingBookingId: null, confirmedBookingId: null };

const confirmationSlice = createSlice({
  name: 'confirmation',
  initialState: initialConfirmation,
  reducers: {
    /** The confirmation screen opened without a usable draft; the ID is made by the caller (a thunk). */
    draftOpened(state, action: PayloadAction<string>) {
      state.pendingBookingId = action.payload;
      state.confirmedBookingId = null;
    },
    /** The draft's record is in storage: from now on the screen shows it as confirmed. */
    draftConfirmed(state, action: PayloadAction<string>) {
      state.confirmedBookingId = action.payload;
      state.pendingBookingId = null;
    },
    /** The guest pressed Book on the booking screen: a confirmed booking no longer fills the screen. */
    bookingStarted(state) {
      state.confirmedBookingId = null;
    },
  },
  selectors: {
    selectPendingBookingId: (state) => state.pendingBookingId,
    selectConfirmedBookingId: (state) => state.confirmedBookingId,
  },
});

export const { draftOpened, draftConfirmed, bookingStarted } = confirmationSlice.actions;
export const { selectPendingBookingId, selectConfirmedBookingId } = confirmationSlice.selectors;
export default confirmationSlice;
