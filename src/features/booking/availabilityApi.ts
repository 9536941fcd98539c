import { hotelApi } from '../hotel/hotelApi';
import type { RoomId } from '../../domain/rooms';

export interface Stay {
  checkIn: string;
  checkOut: string;
}

export interface AvailabilityAnswer extends Stay {
  rooms: Array<{ roomId: RoomId; title: string; capacity: number; left: number }>;
}

/** Rooms of each type free on every night of a stay, by room id. */
export type RoomsLeft = Partial<Record<RoomId, number>>;

export const availabilityApi = hotelApi.injectEndpoints({
  endpoints: (build) => ({
    getAvailability: build.query<AvailabilityAnswer, Stay>({
      query: ({ checkIn, checkOut }) => ({ url: 'availability', params: { checkIn, checkOut } }),
      // Rooms come and go with every booking: a guest returning to the screen sees fresh counts.
      keepUnusedDataFor: 30,
      providesTags: ['Availability'],
    }),
  }),
});

export const { useGetAvailabilityQuery } = availabilityApi;
