import { createAsyncThunk } from '@reduxjs/toolkit';
import type { AppDispatch, RootState } from '../../app/store';
import { makeBookingId } from '../../domain/bookingId';
import type { BookingRecord } from '../../domain/bookingRecord';
import { confirmBooking } from '../bookings/bookingsThunks';
import type { ThunkExtra } from '../bookings/bookingsThunks';
import { isUnreachable, serverMessage } from '../hotel/serverErrors';
import { selectionCleared } from '../selection/selectionSlice';
import type { SelectionState } from '../selection/selectionSlice';
import { nightsBetween } from '../../domain/dates';
import { bookingApi } from './bookingApi';
import type { BookingRequest } from './bookingApi';
import { draftConfirmed, draftNotConfirmed, draftOpened, hotelUnreachable } from './confirmationSlice';
import { makeDraftId, makeGuestKey } from './draftKeys';

/** Waits before the second, third and fourth try when the hotel does not answer. */
export const confirmRetryDelaysMs: readonly number[] = [1000, 2000, 4000];

export const notReachedMessage = 'We could not reach the hotel; your booking is not confirmed yet. Please try again.';
const refusedMessage = 'The hotel could not confirm this booking. Please try again.';

type HotelStay = Pick<BookingRequest, 'roomId' | 'packageIndex' | 'rooms' | 'checkIn' | 'checkOut'>;

/** What the hotel needs to take a booking: dates and at least one room. Null when the selection lacks them. */
export function hotelStayOf(selection: SelectionState): HotelStay | null {
  const { roomId, packageIndex, roomCount, startDate, endDate } = selection;
  if (roomId === null || packageIndex === null || roomCount < 1 || nightsBetween(startDate, endDate) === 0) return null;
  return { roomId, packageIndex, rooms: roomCount, checkIn: startDate!, checkOut: endDate! };
}

/**
 * Hotel mode, when the confirmation screen opens: keeps the draft (its Booking ID, draftId and
 * guest key) so that a reload or a retry sends the same one, and makes a new draft only when
 * there is none or its booking is done with.
 */
export const hotelConfirmationOpened = () => (dispatch: AppDispatch, getState: () => RootState) => {
  const { confirmation, bookings } = getState();
  const { pendingBookingId, confirmedBookingId, draftId, guestKey } = confirmation;
  const taken = new Set(bookings.items.map((b) => b.bookingId));
  if (confirmedBookingId !== null && taken.has(confirmedBookingId)) return;
  if (confirmedBookingId === null && pendingBookingId !== null && !taken.has(pendingBookingId) && draftId && guestKey) return;
  dispatch(draftOpened({ bookingId: makeBookingId(taken), draftId: makeDraftId(), guestKey: makeGuestKey() }));
};

export interface HotelConfirmation {
  /** The booking as the hotel stored it, with this browser's guest key. */
  record: BookingRecord;
  /** False when this browser refused to keep its copy in hotelBookings (the hotel has the booking all the same). */
  keptHere: boolean;
}

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const createHotelThunk = createAsyncThunk.withTypes<{
  state: RootState;
  dispatch: AppDispatch;
  extra: ThunkExtra;
  rejectValue: { message: string };
}>();

/**
 * Confirm Booking in hotel mode: the hotel first, then this browser's copy. Only the server's
 * 201 or 200 confirms. With no answer (network, 502/503/504) the same request, same draftId, is
 * sent again after each of the waits, so the hotel stores it once however many arrive. A refusal
 * (409: rooms ran out) ends at once with the server's message. The selection stays until confirmed.
 */
export const hotelDraftSubmitted = createHotelThunk(
  'confirmation/submitToHotel',
  async (email: string, { dispatch, getState, extra, rejectWithValue }) => {
    const { confirmation, selection } = getState();
    const { pendingBookingId: bookingId, draftId, guestKey } = confirmation;
    if (bookingId === null || draftId === null || guestKey === null)
      return rejectWithValue({ message: 'This booking has no Booking ID yet. Please reload the page and try again.' });
    const stay = hotelStayOf(selection);
    if (!stay) return rejectWithValue({ message: 'Please choose your dates and at least one room first.' });

    const request: BookingRequest = { draftId, bookingId, ...stay, email: email.trim(), guestKey };
    const delays = extra.retryDelaysMs ?? confirmRetryDelaysMs;
    for (let attempt = 0; ; attempt++) {
      const result = await dispatch(bookingApi.endpoints.createBooking.initiate(request));
      if (result.data) {
        const { booking } = result.data;
        // Field order as the reader gives it back, so the stored text is reused as it is.
        const record: BookingRecord = {
          bookingId: booking.bookingId,
          roomName: booking.roomName,
          checkIn: booking.checkIn,
          checkOut: booking.checkOut,
          totalPrice: booking.totalPrice,
          email: booking.email,
          rooms: booking.rooms,
          createdAt: booking.createdAt,
          guestKey,
        };
        const kept = await dispatch(confirmBooking(record));
        dispatch(draftConfirmed(booking.bookingId));
        dispatch(selectionCleared());
        const confirmed: HotelConfirmation = { record, keptHere: confirmBooking.fulfilled.match(kept) };
        return confirmed;
      }
      const unreachable = isUnreachable(result.error);
      if (!unreachable || attempt >= delays.length) {
        dispatch(draftNotConfirmed());
        return rejectWithValue({ message: unreachable ? notReachedMessage : (serverMessage(result.error) ?? refusedMessage) });
      }
      dispatch(hotelUnreachable({ nextTry: attempt + 2, tries: delays.length + 1 }));
      await wait(delays[attempt]!);
    }
  },
);
