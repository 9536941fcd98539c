import { bookingsApi } from '../../api/bookingsApi';
import type { LinkBody } from '../../domain/wire';

export const portalApi = bookingsApi.injectEndpoints({
  endpoints: (build) => ({
    /** "Email me my booking link": the same answer whether the ID and email match or not. */
    emailBookingLink: build.mutation<{ message: string }, LinkBody>({
      query: ({ bookingId, email }) => ({ url: 'bookings/link', method: 'POST', body: { bookingId, email } }),
    }),
  }),
});

export const { useEmailBookingLinkMutation } = portalApi;
