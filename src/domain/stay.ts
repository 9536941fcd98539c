import { findPackage, findRoom } from './rooms';
import type { RoomType } from './rooms';
import { nightsBetween } from './dates';

/** Spec section 5: a booking without a chosen room is still taken, under this name. */
export const fallbackRoomName = 'Deluxe Room';

/** The longest stay one booking may hold (the spec is silent; a season is plenty for a small hotel). The hotel's server applies it in server/stayGate.ts. */
export const maxNights = 90;

/**
 * Total amount (the spec leaves it open): discounted price x rooms x nights. Anything missing
 * makes it 0, the spec's fallback, rather than a guess.
 */
export function stayTotal(nightlyPrice: number | null, rooms: number, nights: number): number {
  if (nightlyPrice === null || rooms <= 0 || nights <= 0) return 0;
  return nightlyPrice * rooms * nights;
}

export interface PricedStay {
  room: RoomType;
  nights: number;
  totalPrice: number;
}

/** The catalogue's room, and the total the confirmation screen shows. */
export function priceStay(roomId: string, packageIndex: number, rooms: number, checkIn: string, checkOut: string): PricedStay | string {
  const room = findRoom(roomId);
  if (!room) return 'roomId: is not a room type of this hotel';
  const pack = findPackage(roomId, packageIndex);
  if (!pack) return 'packageIndex: is not a package of this room type';
  const nights = nightsBetween(checkIn, checkOut);
  return { room, nights, totalPrice: stayTotal(pack.discountPrice, rooms, nights) };
}

/** "Only 2 Suit Rooms are left for those dates." */
export function roomsLeftMessage(roomId: string, left: number): string {
  const title = findRoom(roomId)?.title ?? 'room';
  if (left <= 0) return `No ${title}s are left for those dates.`;
  return left === 1 ? `Only 1 ${title} is left for those dates.` : `Only ${left} ${title}s are left for those dates.`;
}

/** What a guest has chosen on the booking screen, in the form the selection keeps it. */
export interface ChosenStay {
  roomId: string | null;
  packageIndex: number | null;
  roomCount: number;
  startDate: string | null;
  endDate: string | null;
}

/** What the guest sees on the confirmation screen, before and after the booking is stored. */
export interface StaySummary {
  roomName: string;
  checkIn: string | null;
  checkOut: string | null;
  rooms: number;
  nights: number;
  /** Discounted price per room per night; null when no package was chosen. */
  nightlyPrice: number | null;
  totalPrice: number;
}

/** The chosen stay as the guest is shown it, and as this browser stores it when it keeps the booking. */
export function summarizeStay(stay: ChosenStay): StaySummary {
  const room = findRoom(stay.roomId);
  const nightlyPrice = findPackage(stay.roomId, stay.packageIndex)?.discountPrice ?? null;
  const rooms = room ? stay.roomCount : 0;
  const nights = nightsBetween(stay.startDate, stay.endDate);
  return {
    roomName: room?.title ?? fallbackRoomName,
    checkIn: stay.startDate,
    checkOut: stay.endDate,
    rooms,
    nights,
    nightlyPrice,
    totalPrice: stayTotal(nightlyPrice, rooms, nights),
  };
}

/** A stay the hotel can take: a room, a package, at least one room and one night. */
export function isCompleteStay(stay: ChosenStay): boolean {
  return (
    findPackage(stay.roomId, stay.packageIndex) !== undefined && stay.roomCount >= 1 && nightsBetween(stay.startDate, stay.endDate) > 0
  );
}
