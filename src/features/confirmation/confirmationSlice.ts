import { createSlice } from '@reduxjs/toolkit';
import type { PayloadAction } from '@reduxjs/toolkit';
import { hotelUnreachable } from '../../api/hotelUnreachable';
import type { HotelRetry } from '../../api/hotelUnreachable';

/** Hotel mode: the server did not answer, and another try follows. */
export type ConfirmRetry = HotelRetry;

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
  /**
   * Hotel mode: the draft's idempotency key. A retried or repeated confirm sends the same one, so
   * the hotel stores the booking once however often the request arrives.
   */
  draftId: string | null;
  /** Hotel mode: the secret kept with this browser's copy of the booking (the server keeps its hash). */
  guestKey: string | null;
  /** Hotel mode: set while the screen waits to try the server again; never persisted. */
  retry: ConfirmRetry | null;
}

export const initialConfirmation: ConfirmationState = {
  pendingBookingId: null,
  confirmedBookingId: null,
  draftId: null,
  guestKey: null,
  retry: null,
};

export interface OpenedDraft {
  bookingId: string;
  /** Hotel mode only, with guestKey. */
  draftId?: string;
  guestKey?: string;
}

const confirmationSlice = createSlice({
  name: 'confirmation',
  initialState: initialConfirmation,
  reducers: {
    /** The confirmation screen opened without a usable draft; IDs and keys are made by the caller (a thunk). */
    draftOpened(state, action: PayloadAction<OpenedDraft>) {
      state.pendingBookingId = action.payload.bookingId;
      state.confirmedBookingId = null;
      state.draftId = action.payload.draftId ?? null;
      state.guestKey = action.payload.guestKey ?? null;
      state.retry = null;
    },
    /** The draft's record is in storage (in hotel mode: on the server): from now on the screen shows it as confirmed. */
    draftConfirmed(state, action: PayloadAction<string>) {
      state.confirmedBookingId = action.payload;
      state.pendingBookingId = null;
      state.draftId = null;
      state.guestKey = null;
      state.retry = null;
    },
    /** Hotel mode: the server refused the booking, or every try failed; the draft stays for another go. */
    draftNotConfirmed(state) {
      state.retry = null;
    },
    /** The guest pressed Book on the booking screen: a confirmed booking no longer fills the screen. */
    bookingStarted(state) {
      state.confirmedBookingId = null;
    },
  },
  extraReducers: (builder) => {
    // Hotel mode: the server could not be reached; the same confirm is tried again shortly.
    builder.addCase(hotelUnreachable, (state, action) => {
      state.retry = action.payload;
    });
  },
  selectors: {
    selectPendingBookingId: (state) => state.pendingBookingId,
    selectConfirmedBookingId: (state) => state.confirmedBookingId,
    selectConfirmRetry: (state) => state.retry,
  },
});

export const { draftOpened, draftConfirmed, draftNotConfirmed, bookingStarted } = confirmationSlice.actions;
export const { selectPendingBookingId, selectConfirmedBookingId, selectConfirmRetry } = confirmationSlice.selectors;
export default confirmationSlice;
