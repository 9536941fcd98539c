import type { RoomId } from '../../domain/rooms';

/** Rooms of each type free on every night of a stay, by room id. */
export type RoomsLeft = Partial<Record<RoomId, number>>;

export interface Stay {
  checkIn: string;
  checkOut: string;
}
