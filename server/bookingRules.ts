import { findRoom, rooms as roomTypes } from '../src/domain/rooms';
import type { RoomCapacity } from './db/bookingQueries';

/** Every room type and how many rooms of it the hotel has (src/domain/rooms.ts). */
export const capacities: RoomCapacity[] = roomTypes.map((room) => ({ roomId: room.id, capacity: room.roomsInHotel }));

export function capacityOf(roomId: string): number {
  return findRoom(roomId)?.roomsInHotel ?? 0;
}

/** Today where the hotel is (HOTEL_TIME_ZONE, default India), as YYYY-MM-DD: the first night the occupancy chart shows. */
export function hotelToday(now = new Date(), timeZone = process.env.HOTEL_TIME_ZONE ?? 'Asia/Kolkata'): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);
}
