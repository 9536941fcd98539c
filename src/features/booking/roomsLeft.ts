import type { RoomId } from '../../domain/rooms';

/** Rooms of each type free on every night of a stay, by room id. */
export type RoomsLeft = Partial<Record<RoomId, number>>;

export interface Stay {
  checkIn: string;
  checkOut: string;
}

/** What the booking screen says while the hotel is being asked (also while the code that asks it loads). */
export const checkingRoomsLeft = 'Checking which rooms are free for these dates…';
