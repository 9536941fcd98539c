import { findPackage, findRoom } from './rooms';
import type { RoomType } from './rooms';
import { isIsoDate, nightsBetween } from './dates';

/** Spec section 5: a booking without a chosen room is still taken, under this name. */
export const fallbackRoomName = 'Deluxe Room';

/** The longest stay one booking may hold (the spec is silent; a season is plenty for a small hotel). */
export const maxNights = 90;

/**
 * Total amount (the spec leaves it open): discounted price x rooms x nights. Anything missing
 * makes it 0, the spec's fallback, rather than a guess.
 */
export function stayTotal(nightlyPrice: number | null, rooms: number, nights: number): number {
  if (nightlyPrice === null || rooms <= 0 || nights <= 0) return 0;
  return nightlyPrice * rooms * nights;
}

/**
 * The earliest date that is still today somewhere (UTC-12): a guest's picker forbids days before
 * their own today, and the hotel must never refuse a day that picker allowed.
 */
export function earliestToday(now = Date.now()): string {
  return new Date(now - 12 * 3_600_000).toISOString().slice(0, 10);
}

/** Why a stay cannot be booked, naming the field; null when it can. */
export function stayProblem(checkIn: string, checkOut: string, now = Date.now()): string | null {
  if (!isIsoDate(checkIn)) return 'checkIn: must be a date (YYYY-MM-DD)';
  if (!isIsoDate(checkOut)) return 'checkOut: must be a date (YYYY-MM-DD)';
  if (checkIn < earliestToday(now)) return 'checkIn: must not be in the past';
  const nights = nightsBetween(checkIn, checkOut);
  if (nights < 1) return 'checkOut: must be after checkIn';
  if (nights > maxNights) return `checkOut: a stay can be at most ${maxNights} nights`;
  return null;
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
