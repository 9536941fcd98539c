import { hotelApi } from '../hotel/hotelApi';
import type { BookingOutline, ServerBooking } from '../hotel/hotelTypes';

/** The guest's proof, sent as the X-Guest-Key header. */
const keyHeader = (guestKey: string | undefined) => (guestKey ? { 'X-Guest-Key': guestKey } : undefined);
const bookingPath = (bookingId: string) => `bookings/${encodeURIComponent(bookingId)}`;

export interface EmailChange {
  bookingId: string;
  email: string;
  /** One of the two proofs: the key this browser kept, or the email the booking has now. */
  guestKey?: string;
  currentEmail?: string;
}

/** The guest view's server calls in hotel mode (server/API.md, Public). */
export const guestApi = hotelApi.injectEndpoints({
  endpoints: (build) => ({
    /** With the booking's guest key: all of it. Without: that it exists, and its dates. */
    getBooking: build.query<{ booking: ServerBooking | BookingOutline }, { bookingId: string; guestKey?: string }>({
      query: ({ bookingId, guestKey }) => ({ url: bookingPath(bookingId), headers: keyHeader(guestKey) }),
      providesTags: ['Booking'],
    }),
    /** All of it when the email matches the booking's (any case); otherwise the same 404 as an unknown ID. */
    lookupBooking: build.query<{ booking: ServerBooking }, { bookingId: string; email: string }>({
      query: (body) => ({ url: 'bookings/lookup', method: 'POST', body }),
      providesTags: ['Booking'],
    }),
    changeEmail: build.mutation<{ booking: ServerBooking }, EmailChange>({
      query: ({ bookingId, email, guestKey, currentEmail }) => ({
        url: `${bookingPath(bookingId)}/email`,
        method: 'PUT',
        body: currentEmail === undefined ? { email } : { email, currentEmail },
        headers: keyHeader(guestKey),
      }),
      // The screen puts the answer in the cache itself: asking again would spend the guest's lookups.
      invalidatesTags: ['AdminBookings', 'Audit'],
    }),
  }),
});

export const { useGetBookingQuery, useLookupBookingQuery, useLazyLookupBookingQuery, useChangeEmailMutation } = guestApi;

/** A full booking, as opposed to the outline the server shows without a key or email. */
export function isFullBooking(booking: ServerBooking | BookingOutline | undefined): booking is ServerBooking {
  return booking !== undefined && 'email' in booking;
}
