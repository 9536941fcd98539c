import { bookingsApi } from '../../api/bookingsApi';
import type { BookingRecord } from '../../domain/bookingRecord';
import type { ChosenStay } from '../../domain/stay';
import { hotelUnreachable } from './confirmationSlice';

export interface ConfirmRequest {
  /** The Booking ID the guest was shown; the hotel may store the booking under a free one. */
  bookingId: string;
  /** The draft's idempotency key: sent again on a retry, the booking is stored once. */
  draftId: string;
  /** The secret this browser keeps with its copy (the hotel keeps its hash). */
  guestKey: string;
  email: string;
  stay: ChosenStay;
}

export interface Confirmed {
  booking: BookingRecord;
  /** False when this browser refused to keep its own copy (the hotel has the booking all the same). */
  keptHere: boolean;
}

export const confirmationApi = bookingsApi.injectEndpoints({
  endpoints: (build) => ({
    /** Confirms the draft: 'taken' in error.data means the Booking ID went to another booking meanwhile. */
    confirmBooking: build.mutation<{ booking: BookingRecord }, ConfirmRequest>({
      query: ({ draftId, bookingId, guestKey, email, stay }) => ({
        url: 'bookings',
        method: 'POST',
        body: {
          draftId,
          bookingId,
          roomId: stay.roomId,
          packageIndex: stay.packageIndex,
          rooms: stay.roomCount,
          checkIn: stay.startDate,
          checkOut: stay.endDate,
          email: email.trim(),
          guestKey,
        },
      }),
      // With no answer from the hotel the same draft is sent again (it is stored once however many
      // arrive), and the screen says which try is under way.
      extraOptions: { onUnreachable: hotelUnreachable },
      invalidatesTags: ['Availability', 'Bookings', 'Occupancy'],
    }),
  }),
});
