import type { RoomId } from '../../domain/rooms';

/** Rooms of each type free on every night of a stay, by room id. */
export type RoomsLeft = Partial<Record<RoomId, number>>;

export interface Stay {
  checkIn: string;
  checkOut: string;
}

/**
 * Hotel mode: what a room's package card shows of the hotel's own prices (issue 35 item 8: every
 * price a guest sees is what will be charged), worded by AvailabilityFeed.tsx, the hotel-only
 * chunk, so that the booking screen's first load carries none of it.
 */
export interface HotelPrice {
  /** One room for one night, as the hotel charges it: "₹7,700". */
  night: string;
  /**
   * The nights are not all at that price (or no dates are chosen): it is the lowest, "from", and
   * which it is the lowest of, said to screen readers (the card's lines keep their length, so that
   * nothing moves when the hotel answers).
   */
  from?: string;
  /** The chosen stay for one room, "₹15,400"; absent without dates. */
  stay?: string;
  /** Why the hotel will not take this stay in this room (a closed night, a minimum stay): its Book is off. */
  refusal?: string;
  /**
   * Issue 40: the meal plans the room is sold with and who it takes, as lines for the card's More
   * Info (closed until asked, so their coming moves nothing); the guest chooses them when confirming.
   */
  stayOptions?: string[];
}
export type HotelPrices = Partial<Record<RoomId, HotelPrice>>;

/** What the booking screen says while the hotel is being asked (also while the code that asks it loads). */
export const checkingRoomsLeft = 'Checking which rooms are free for these dates…';
