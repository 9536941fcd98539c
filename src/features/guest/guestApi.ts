import { bookingPath, bookingsApi, keyHeader } from '../../api/bookingsApi';
import type { RootState } from '../../app/store';
import type { BookingRecord } from '../../domain/bookingRecord';
import { selectBookingById } from '../bookings/bookingsSlice';
import { changeBookingEmail } from '../bookings/bookingsThunks';

export interface EmailChange {
  bookingId: string;
  email: string;
  /** One of the two proofs the hotel takes: the key this browser kept, or the booking's email now. */
  guestKey?: string;
  currentEmail?: string;
}

export const guestApi = bookingsApi.injectEndpoints({
  endpoints: (build) => ({
    /** All of it when the email matches the booking's (any case); otherwise the same 404 as an unknown ID. */
    lookupBooking: build.query<{ booking: BookingRecord }, { bookingId: string; email: string }>({
      query: (body) => ({ url: 'bookings/lookup', method: 'POST', body }),
      providesTags: ['Booking'],
    }),
    changeEmail: build.mutation<{ booking: BookingRecord }, EmailChange>({
      query: ({ bookingId, email, guestKey, currentEmail }) => ({
        url: `${bookingPath(bookingId)}/email`,
        method: 'PUT',
        body: currentEmail === undefined ? { email } : { email, currentEmail },
        headers: keyHeader(guestKey),
      }),
      // This browser's own copy follows the hotel's (this browser's storage answered with it
      // already); the answer stands even if this browser refuses the write.
      async onQueryStarted(_change, { dispatch, getState, queryFulfilled }) {
        const { data } = await queryFulfilled.catch(() => ({ data: null }));
        const kept = data && selectBookingById(getState() as RootState, data.booking.bookingId);
        if (kept && kept.email !== data.booking.email)
          await dispatch(changeBookingEmail({ bookingId: kept.bookingId, email: data.booking.email }));
      },
      // The screen puts the answer in the cache itself: asking the hotel again would spend the guest's lookups.
      invalidatesTags: ['Bookings', 'Audit'],
    }),
  }),
});

export const { useLookupBookingQuery, useLazyLookupBookingQuery, useChangeEmailMutation } = guestApi;
