import { adminBookingPath, bookingsApi, bookingsChanged } from '../../api/bookingsApi';
import type { Booking, DeskBookingBody, DeskReply, MoveReply, PaymentSummary } from '../../domain/wire';

export const deskApi = bookingsApi.injectEndpoints({
  endpoints: (build) => ({
    /** A day at the front desk (the hotel's today without a date): arrivals, departures, guests in the house. */
    getDesk: build.query<DeskReply, { date?: string }>({
      query: ({ date }) => ({ url: 'admin/desk', params: date ? { date } : {} }),
      providesTags: ['Desk'],
    }),
    /** Undoes the booking's last move. */
    undoBookingMove: build.mutation<MoveReply, string>({
      query: (bookingId) => ({ url: `${adminBookingPath(bookingId)}/undo`, method: 'POST' }),
      invalidatesTags: [...bookingsChanged, 'Booking'],
    }),
    /** A phone or walk-in booking entered by staff (same inventory, same IDs, the guest's email). */
    createDeskBooking: build.mutation<{ booking: Booking; payment?: PaymentSummary }, DeskBookingBody>({
      query: (body) => ({ url: 'admin/desk/bookings', method: 'POST', body }),
      invalidatesTags: [...bookingsChanged],
    }),
  }),
});

export const { useGetDeskQuery, useUndoBookingMoveMutation, useCreateDeskBookingMutation } = deskApi;
