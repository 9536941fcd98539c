import { dateInZone, defaultHotelTimeZone } from '../src/domain/dates';
import { findRoom, roomsAtFirstStart, rooms as roomTypes } from '../src/domain/rooms';
import type { RoomId, RoomType } from '../src/domain/rooms';
import { roomsLeftMessage } from '../src/domain/stay';
import { mealPlanAt, mealPlanLabel } from '../src/domain/mealPlans';
import type { GuestsRefusalFacts, RoomCapacity, StayRefusal } from './db/bookingQueries';
import { longDate } from '../src/domain/dateWords';

/**
 * Every room type and how many rooms of it the hotel had at first (src/domain/rooms.ts): the
 * fallback for a type room_types lacks. The hotel's own numbers are in room_types (migration 009),
 * which every statement that takes or counts rooms reads.
 */
export const capacities: RoomCapacity[] = roomTypes.map((room) => ({ roomId: room.id, capacity: roomsAtFirstStart[room.id] }));

export function capacityOf(roomId: string): number {
  return roomsAtFirstStart[roomId as RoomId] ?? 0;
}

/** Where the hotel is: HOTEL_TIME_ZONE, default India (its one "today", the nights channels' calendars block, the reports' lead times). */
export const hotelTimeZone = (): string => process.env.HOTEL_TIME_ZONE ?? defaultHotelTimeZone;

/**
 * Today where the hotel is (HOTEL_TIME_ZONE, default India), as YYYY-MM-DD: the one "today" of
 * every path. A stay may begin on it at the earliest (a guest's booking, a manage change, the
 * desk's, availability); it is a confirm's invoice date, the desk's day, the horizon's start and
 * the manage link's and cancellation policy's clock. Routes pass the app's clock (`now`, which
 * tests set).
 */
export function hotelToday(now = new Date(), timeZone = hotelTimeZone()): string {
  return dateInZone(timeZone, now);
}

/** "24 December 2026, 25 December 2026 and 26 December 2026". */
function dateList(nights: readonly string[]): string {
  const words = nights.map((night) => longDate(night));
  return words.length <= 1 ? (words[0] ?? '') : `${words.slice(0, -1).join(', ')} and ${words[words.length - 1]}`;
}

/** Why a confirm is refused on nights the owner closed. */
export function closedMessage(roomTitle: string, nights: readonly string[]): string {
  const shown = nights.length > 5 ? [...nights.slice(0, 5)] : nights;
  const more = nights.length > 5 ? ` (and ${nights.length - 5} more)` : '';
  return `${roomTitle}s cannot be booked for the night${nights.length === 1 ? '' : 's'} of ${dateList(shown)}${more}: the hotel is closed. Please choose other dates.`;
}

/** Why a confirm is refused for a stay shorter than the minimum. */
export function minStayMessage(checkIn: string, nights: number): string {
  return `Stays arriving on ${longDate(checkIn)} must be at least ${nights} nights. Please choose a later check-out.`;
}

/**
 * A refused stay as the 409 answer, the same on every path that takes nights (a confirm, the
 * desk's phone and walk-in bookings, a manage change and its quote, a restore, an undo; an import
 * reports the message): the guest's message, and the facts the screen may use.
 */
export function refusalBody(refusal: StayRefusal) {
  switch (refusal.outcome) {
    case 'closed':
      return {
        error: 'Conflict',
        message: closedMessage(findRoom(refusal.roomId)?.title ?? 'Room', refusal.nights),
        nights: refusal.nights,
      };
    case 'min-stay':
      return { error: 'Conflict', message: minStayMessage(refusal.checkIn, refusal.nights), minNights: refusal.nights };
    case 'unavailable':
      return { error: 'Conflict', message: roomsLeftMessage(refusal.roomId, refusal.left), roomId: refusal.roomId, left: refusal.left };
    case 'guests':
      return { error: 'Conflict', message: guestsMessage(refusal) };
  }
}

/**
 * The room type and the meal plan a confirm names (issue 40: a booking's package is its plan,
 * src/domain/mealPlans.ts), or why they are not this hotel's. Whether the owner sells that plan
 * for the type now, and the guests, are the pricing rule's to check (stay_lines).
 */
export function stayOfferProblem(roomId: string, packageIndex: number): { room: RoomType } | string {
  const room = findRoom(roomId);
  if (!room) return 'roomId: is not a room type of this hotel';
  if (!mealPlanAt(packageIndex)) return 'packageIndex: is not a meal plan of this hotel';
  return { room };
}

/** Why a stay's meal plan or guests are refused (stay_lines, functions/prices.sql): the owner's limits, in the guest's words. */
export function guestsMessage(facts: GuestsRefusalFacts): string {
  const title = findRoom(facts.roomId)?.title ?? 'room';
  const most = facts.most ?? 0;
  switch (facts.reason) {
    case 'plan': {
      const plan = mealPlanAt(facts.packageIndex);
      return `${plan ? mealPlanLabel(plan) : 'That meal plan'} is not offered for the ${title} now. Please choose another.`;
    }
    case 'rooms':
      return `Guests were given for more rooms than the ${facts.rooms} booked.`;
    case 'adults':
      return `A ${title} takes at most ${most} ${most === 1 ? 'adult' : 'adults'}.`;
    case 'children':
      return most === 0 ? `A ${title} takes no children.` : `A ${title} takes at most ${most} ${most === 1 ? 'child' : 'children'}.`;
    case 'age':
      return 'A child’s age is from 0 to 17 years.';
  }
}

/** Why the rooms of a type cannot go below the rooms taken: the nights named. */
export function roomsBelowBookedMessage(roomTitle: string, rooms: number, nights: readonly { night: string; taken: number }[]): string {
  const shown = nights.slice(0, 5).map((n) => `${longDate(n.night)} (${n.taken} taken)`);
  const more = nights.length > 5 ? ` and ${nights.length - 5} more nights` : '';
  return `The hotel cannot have ${rooms} ${roomTitle}s: more are taken on ${shown.join(', ')}${more}.`;
}
