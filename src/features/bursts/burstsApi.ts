import { bookingsApi, bookingsChanged } from '../../api/bookingsApi';
import type { BurstBooking, BurstDeletedReply, BurstsReply } from '../../domain/wire';

/** One address (as the hotel names it) or one email, and how far back to look. */
export type BurstFilter = ({ address: string; email?: undefined } | { email: string; address?: undefined }) & { hours: number };

export const burstsApi = bookingsApi.injectEndpoints({
  endpoints: (build) => ({
    /** The addresses and emails with the most bookings made in the last `hours`, most first. */
    getBursts: build.query<BurstsReply, { hours: number }>({
      query: ({ hours }) => ({ url: 'admin/bursts', params: { hours } }),
      providesTags: ['Bursts'],
    }),
    /** The live bookings made from one address or for one email in the last `hours`, newest first. */
    getBurstBookings: build.query<{ items: BurstBooking[] }, BurstFilter>({
      query: (filter) => ({ url: 'admin/bursts/bookings', params: filter }),
      providesTags: ['Bursts'],
    }),
    /** Deletes them all at once (soft: each can be restored for 30 days). */
    deleteBurst: build.mutation<BurstDeletedReply, BurstFilter>({
      query: (filter) => ({ url: 'admin/bursts/bookings', method: 'DELETE', params: filter }),
      invalidatesTags: [...bookingsChanged, 'Booking'],
    }),
  }),
});

export const { useGetBurstsQuery, useGetBurstBookingsQuery, useDeleteBurstMutation } = burstsApi;
