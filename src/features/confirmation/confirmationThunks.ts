import { createAsyncThunk } from '@reduxjs/toolkit';
import type { AppDispatch, RootState } from '../../app/store';
import { makeBookingId } from '../../domain/bookingId';
import type { BookingRecord } from '../../domain/bookingRecord';
import { confirmBooking, saveFailureMessage } from '../bookings/bookingsThunks';
import type { ThunkExtra } from '../bookings/bookingsThunks';
import type { SaveFailure } from '../bookings/bookingStorage';
import { selectionCleared } from '../selection/selectionSlice';
import { draftConfirmed, draftOpened } from './confirmationSlice';
import { summarizeSelection } from './staySummary';

type SaveProblem = { kind: SaveFailure; message: string };

function takenIds(state: RootState): Set<string> {
  return new Set(state.bookings.items.map((b) => b.bookingId));
}

/**
 * Runs when the confirmation screen opens: keeps the draft's ID (so a reload shows the same one)
 * unless a stored booking has taken it meanwhile, and makes one only when there is none.
 */
export const confirmationOpened = () => (dispatch: AppDispatch, getState: () => RootState) => {
  const state = getState();
  const { pendingBookingId, confirmedBookingId } = state.confirmation;
  const taken = takenIds(state);
  // A confirmed booking stays on screen while it is stored; once deleted (say by the admin), start afresh.
  if (confirmedBookingId !== null && taken.has(confirmedBookingId)) return;
  if (confirmedBookingId === null && pendingBookingId !== null && !taken.has(pendingBookingId)) return;
  dispatch(draftOpened({ bookingId: makeBookingId(taken) }));
};

const createConfirmThunk = createAsyncThunk.withTypes<{
  state: RootState;
  dispatch: AppDispatch;
  extra: ThunkExtra;
  rejectValue: SaveProblem;
}>();

/**
 * Confirm Booking: builds the record from the selection, stores it (storage first, via
 * confirmBooking), then marks the draft confirmed and clears the selection for the next booking.
 * A second call after success finds no pending draft and stores nothing.
 */
export const draftSubmitted = createConfirmThunk('confirmation/submit', async (email: string, { dispatch, getState, rejectWithValue }) => {
  const state = getState();
  const bookingId = state.confirmation.pendingBookingId;
  if (bookingId === null)
    return rejectWithValue({ kind: 'unknown', message: 'This booking has no Booking ID yet. Please reload the page and try again.' });
  const summary = summarizeSelection(state.selection);
  const record: BookingRecord = {
    bookingId,
    roomName: summary.roomName,
    checkIn: summary.checkIn,
    checkOut: summary.checkOut,
    totalPrice: summary.totalPrice,
    email: email.trim(),
    rooms: summary.rooms,
    createdAt: new Date().toISOString(),
  };
  const result = await dispatch(confirmBooking(record));
  if (confirmBooking.rejected.match(result)) {
    // The ID went to another booking meanwhile: offer a fresh one for the guest to confirm.
    if (result.payload?.kind === 'taken')
      dispatch(draftOpened({ bookingId: makeBookingId(new Set([...takenIds(getState()), bookingId])) }));
    return rejectWithValue(result.payload ?? { kind: 'unknown', message: saveFailureMessage('unknown') });
  }
  dispatch(draftConfirmed(bookingId));
  dispatch(selectionCleared());
  return record;
});
