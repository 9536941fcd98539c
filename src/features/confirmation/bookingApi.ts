import { hotelApi } from '../hotel/hotelApi';
import type { ServerBooking } from '../hotel/hotelTypes';
import type { RoomId } from '../../domain/rooms';

/** POST /api/bookings: what the confirmation screen sends (server/API.md). */
export interface BookingRequest {
  draftId: string;
  bookingId: string;
  roomId: RoomId;
  packageIndex: number;
  rooms: number;
  checkIn: string;
  checkOut: string;
  email: string;
  guestKey: string;
}

export const bookingApi = hotelApi.injectEndpoints({
  endpoints: (build) => ({
    /** 201 stored, 200 stored before under this draftId (a retry); the booking's ID may differ from the one sent. */
    createBooking: build.mutation<{ booking: ServerBooking }, BookingRequest>({
      query: (body) => ({ url: 'bookings', method: 'POST', body }),
      invalidatesTags: ['Availability', 'AdminBookings', 'Occupancy'],
    }),
  }),
});
