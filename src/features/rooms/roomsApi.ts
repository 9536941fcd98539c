import { bookingsApi } from '../../api/bookingsApi';
import type { NewRoomBody, RetireReply, RoomRef, RoomsReply } from '../../domain/roomsWire';

/** A room added, renamed or retired: its type's number of rooms, and what stands on it. */
const roomsChanged = ['Rooms', 'Channels', 'Desk', 'Prices', 'Availability', 'Occupancy'] as const;

/** The hotel's rooms by number, per room type (issue 38, offers.rooms). */
export const roomsApi = bookingsApi.injectEndpoints({
  endpoints: (build) => ({
    getRooms: build.query<RoomsReply, void>({
      query: () => 'admin/rooms',
      providesTags: ['Rooms'],
    }),
    addRoom: build.mutation<RoomRef, NewRoomBody>({
      query: (body) => ({ url: 'admin/rooms', method: 'POST', body }),
      invalidatesTags: [...roomsChanged],
    }),
    renameRoom: build.mutation<RoomRef, RoomRef>({
      query: ({ id, number }) => ({ url: `admin/rooms/${id}`, method: 'PUT', body: { number } }),
      invalidatesTags: [...roomsChanged],
    }),
    /** Takes a room out of use; its bookings from today on move to the type's other rooms. */
    retireRoom: build.mutation<RetireReply, number>({
      query: (roomId) => ({ url: `admin/rooms/${roomId}`, method: 'DELETE' }),
      invalidatesTags: [...roomsChanged],
    }),
  }),
});

export const { useGetRoomsQuery, useAddRoomMutation, useRenameRoomMutation, useRetireRoomMutation } = roomsApi;
