import { hotelApi } from './hotelApi';
import type { ServerBooking } from './hotelTypes';

export interface BookingsPageArgs {
  q: string;
  page: number;
  pageSize: number;
}

export interface BookingsPage {
  /** Newest first. */
  items: ServerBooking[];
  page: number;
  pageSize: number;
  total: number;
  /** False past 1,000 matches: then `total` is a lower bound. */
  totalExact: boolean;
}

/** The server caps a search text at this length (server/schemas). */
export const maxSearchLength = 200;

/** GET /api/admin/bookings: the admin dashboard and All Booked Rooms both list the hotel's bookings. */
export const adminBookingsApi = hotelApi.injectEndpoints({
  endpoints: (build) => ({
    getAdminBookings: build.query<BookingsPage, BookingsPageArgs>({
      query: ({ q, page, pageSize }) => ({ url: 'admin/bookings', params: { ...(q.trim() ? { q: q.trim() } : {}), page, pageSize } }),
      providesTags: ['AdminBookings'],
    }),
  }),
});

export const { useGetAdminBookingsQuery } = adminBookingsApi;
