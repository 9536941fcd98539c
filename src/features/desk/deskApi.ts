import { adminBookingPath, bookingsApi, bookingsChanged } from '../../api/bookingsApi';
import type { RoomMoveReply } from '../../domain/roomsWire';
import type { Booking } from '../../domain/wire';
import type { DeskBookingBody, DeskReply, MoveReply } from '../../domain/deskWire';
import type { PaymentSummary } from '../../domain/paymentsWire';

/** The desk's "Move to": the booking's nights from today on in one of its rooms, to another room of its type. */
export interface RoomMove {
  bookingId: string;
  fromRoom: number;
  toRoom: number;
}

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
    /** "Move to" (issue 38): a booking's nights from today on, from one of its rooms to another of its type. */
    moveToRoom: build.mutation<RoomMoveReply, RoomMove>({
      query: ({ bookingId, fromRoom, toRoom }) => ({
        url: `${adminBookingPath(bookingId)}/room`,
        method: 'POST',
        body: { fromRoom, toRoom },
      }),
      invalidatesTags: ['Desk', 'Channels', 'Rooms', 'Audit'],
    }),
  }),
});

export const { useGetDeskQuery, useUndoBookingMoveMutation, useCreateDeskBookingMutation, useMoveToRoomMutation } = deskApi;
