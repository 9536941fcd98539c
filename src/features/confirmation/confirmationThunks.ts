import { createAsyncThunk } from '@reduxjs/toolkit';
import { bookingsApi } from '../../api/bookingsApi';
import type { Confirmed, ConfirmRequest } from '../../api/bookingsApi';
import { isUnreachable, serverMessage } from '../../api/requestErrors';
import type { AppDispatch, RootState } from '../../app/store';
import { makeBookingId } from '../../domain/bookingId';
import type { BookingRecord } from '../../domain/bookingRecord';
import { isCompleteStay } from '../../domain/stay';
import type { RoomGuests } from '../../domain/roomGuests';
import { confirmBooking } from '../bookings/bookingsThunks';
import type { ThunkExtra } from '../bookings/bookingsThunks';
import { selectionCleared } from '../selection/selectionSlice';
import { draftConfirmed, draftNotConfirmed, draftOpened } from './confirmationSlice';
import { makeDraftId, makeGuestKey } from './draftKeys';

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

/** This browser's copy of a booking the hotel keeps, with the key that proves it (field order as the reader gives it back, so the stored text is reused as it is). */
function guestCopy(booking: BookingRecord, guestKey: string): BookingRecord {
  return {
    bookingId: booking.bookingId,
    roomName: booking.roomName,
    checkIn: booking.checkIn,
    checkOut: booking.checkOut,
    totalPrice: booking.totalPrice,
    email: booking.email,
    rooms: booking.rooms,
    createdAt: booking.createdAt,
    guestKey,
    ...(booking.invoiceNumber !== undefined
      ? {
          taxablePaise: booking.taxablePaise,
          cgstPaise: booking.cgstPaise,
          sgstPaise: booking.sgstPaise,
          invoiceNumber: booking.invoiceNumber,
        }
      : {}),
  };
}

/** What the guest typed: the email, and in hotel mode their name and mobile number (issue 34 item 5). */
export interface GuestDetails {
  email: string;
  guestName?: string;
  guestMobile?: string;
  /** Hotel mode (issue 40): the meal plan and who sleeps in each room, chosen before Confirm. */
  mealPlan?: number;
  guests?: RoomGuests[];
}

const createConfirmThunk = createAsyncThunk.withTypes<{
  state: RootState;
  dispatch: AppDispatch;
  extra: ThunkExtra;
  rejectValue: { message: string };
}>();

/**
 * Confirm Booking: sends the draft to the bookings API, and only its answer confirms (the same
 * draft is sent again while the hotel cannot be reached: src/api/hotelBaseQuery.ts). A
 * refusal ends with its message; a Booking ID another booking took meanwhile gets a fresh one for
 * the guest to confirm. A booking the hotel keeps is also kept in this browser, with its guest key,
 * so that the guest's device still lists it offline and can prove it later. Once confirmed, the
 * selection is cleared for the next booking; a second call finds no draft.
 */
export const draftSubmitted = createConfirmThunk(
  'confirmation/submit',
  async (typed: string | GuestDetails, { dispatch, getState, rejectWithValue }) => {
    const { confirmation, selection, offers } = getState();
    const { email, ...contact } = typeof typed === 'string' ? { email: typed } : typed;
    const { pendingBookingId: bookingId, draftId, guestKey } = confirmation;
    if (bookingId === null || draftId === null || guestKey === null)
      return rejectWithValue({ message: 'This booking has no Booking ID yet. Please reload the page and try again.' });
    if (!selectCanConfirm(getState())) return rejectWithValue({ message: 'Please choose your dates and at least one room first.' });

    const request: ConfirmRequest = { bookingId, draftId, guestKey, email: email.trim(), ...contact, stay: selection };
    const result = await dispatch(bookingsApi.endpoints.confirmBooking.initiate(request));
    if (result.data) {
      let confirmed: Confirmed = { booking: result.data.booking, keptHere: true };
      if (offers.keeper === 'hotel') {
        const copy = guestCopy(result.data.booking, guestKey);
        confirmed = { booking: copy, keptHere: confirmBooking.fulfilled.match(await dispatch(confirmBooking(copy))) };
      }
      // Held for its payment (issue 37): kept here all the same, with its key, to see and pay it from this device.
      if (result.data.booking.status === 'awaiting_payment') confirmed = { ...confirmed, awaitingPayment: true };
      dispatch(draftConfirmed(confirmed.booking.bookingId));
      dispatch(selectionCleared());
      return confirmed;
    }
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
    return rejectWithValue({ message: isUnreachable(result.error) ? notReachedMessage : (serverMessage(result.error) ?? refusedMessage) });
  },
);
