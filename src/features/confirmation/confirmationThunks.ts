import { createAsyncThunk } from '@reduxjs/toolkit';
import { bookingsApi } from '../../api/bookingsApi';
import { isUnreachable, serverMessage } from '../../api/requestErrors';
import type { Confirmed, ConfirmRequest } from '../../api/source';
import type { AppDispatch, RootState } from '../../app/store';
import { makeBookingId } from '../../domain/bookingId';
import { isCompleteStay } from '../../domain/stay';
import type { ThunkExtra } from '../bookings/bookingsThunks';
import { selectionCleared } from '../selection/selectionSlice';
import { draftConfirmed, draftNotConfirmed, draftOpened, hotelUnreachable } from './confirmationSlice';
import { makeDraftId, makeGuestKey } from './draftKeys';

/** Waits before the second, third and fourth try when the hotel does not answer. */
export const confirmRetryDelaysMs: readonly number[] = [1000, 2000, 4000];

export const notReachedMessage = 'We could not reach the hotel; your booking is not confirmed yet. Please try again.';
const refusedMessage = 'The booking could not be confirmed. Please try again.';

function takenIds(state: RootState): Set<string> {
  return new Set(state.bookings.items.map((b) => b.bookingId));
}

/** Whether Confirm Booking can be offered for this selection: the hotel needs dates and a room; this browser takes any. */
export const selectCanConfirm = (state: RootState) => state.offers.incompleteStays || isCompleteStay(state.selection);

/**
 * Runs when the confirmation screen opens: keeps the draft (its Booking ID, draft ID and guest
 * key), so that a reload shows the same ID and a retry sends the same draft, unless a stored
 * booking has taken the ID meanwhile; makes a new one only when there is none.
 */
export const confirmationOpened = () => (dispatch: AppDispatch, getState: () => RootState) => {
  const state = getState();
  const { pendingBookingId, confirmedBookingId, draftId, guestKey } = state.confirmation;
  const taken = takenIds(state);
  // A confirmed booking stays on screen while it is stored; once deleted (say by the admin), start afresh.
  if (confirmedBookingId !== null && taken.has(confirmedBookingId)) return;
  if (confirmedBookingId === null && pendingBookingId !== null && !taken.has(pendingBookingId) && draftId && guestKey) return;
  dispatch(draftOpened({ bookingId: makeBookingId(taken), draftId: makeDraftId(), guestKey: makeGuestKey() }));
};

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const createConfirmThunk = createAsyncThunk.withTypes<{
  state: RootState;
  dispatch: AppDispatch;
  extra: ThunkExtra;
  rejectValue: { message: string };
}>();

/**
 * Confirm Booking: sends the draft to the bookings API, and only its answer confirms. With no
 * answer from the hotel (network, 502/503/504) the same draft is sent again after each of the
 * waits, so it is stored once however many arrive. A refusal ends at once with its message; a
 * Booking ID another booking took meanwhile gets a fresh one for the guest to confirm. Once
 * confirmed, the selection is cleared for the next booking; a second call finds no draft.
 */
export const draftSubmitted = createConfirmThunk(
  'confirmation/submit',
  async (email: string, { dispatch, getState, extra, rejectWithValue }) => {
    const { confirmation, selection } = getState();
    const { pendingBookingId: bookingId, draftId, guestKey } = confirmation;
    if (bookingId === null || draftId === null || guestKey === null)
      return rejectWithValue({ message: 'This booking has no Booking ID yet. Please reload the page and try again.' });
    if (!selectCanConfirm(getState())) return rejectWithValue({ message: 'Please choose your dates and at least one room first.' });

    const request: ConfirmRequest = { bookingId, draftId, guestKey, email: email.trim(), stay: selection };
    const delays = extra.retryDelaysMs ?? confirmRetryDelaysMs;
    for (let attempt = 0; ; attempt++) {
      const result = await dispatch(bookingsApi.endpoints.confirmBooking.initiate(request));
      if (result.data) {
        dispatch(draftConfirmed(result.data.booking.bookingId));
        dispatch(selectionCleared());
        return result.data satisfies Confirmed;
      }
      // The hotel answered that Razorpay cannot make the link now (issue 37): no booking was made and
      // no rooms are held, and trying again at once would wait for Razorpay again: its words, now.
      const paymentUnavailable = (result.error as { data?: { error?: string } } | undefined)?.data?.error === 'Payment Unavailable';
      const unreachable = isUnreachable(result.error) && !paymentUnavailable;
      if (!unreachable || attempt >= delays.length) {
        dispatch(draftNotConfirmed());
        // The ID went to another booking meanwhile (another tab): offer a fresh one to confirm.
        if ((result.error as { data?: { kind?: string } } | undefined)?.data?.kind === 'taken')
          dispatch(
            draftOpened({
              bookingId: makeBookingId(new Set([...takenIds(getState()), bookingId])),
              draftId: makeDraftId(),
              guestKey: makeGuestKey(),
            }),
          );
        return rejectWithValue({ message: unreachable ? notReachedMessage : (serverMessage(result.error) ?? refusedMessage) });
      }
      dispatch(hotelUnreachable({ nextTry: attempt + 2, tries: delays.length + 1 }));
      await wait(delays[attempt]!);
    }
  },
);
