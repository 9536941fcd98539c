import { mealPlanAt, mealPlanLabel } from './mealPlans';
import { countOf } from './words';

/**
 * Who sleeps in each room of a booking (issue 40): adults, and children by age. The owner sets, per
 * room type, how many of each a room takes and what the price includes (GuestRules); the hotel's
 * pricing rule (stay_lines, server/db/functions/prices.sql) checks a booking's guests against them
 * and adds the extra persons' charges. A booking made without guests (the browser-only site, an
 * import, an API client that sends none) counts the adults the price includes in every room.
 */
export interface RoomGuests {
  adults: number;
  /** Each child's age in years, 0 to 17. */
  childAges: number[];
}

export interface GuestRules {
  /** Adults the room's price includes. */
  includedAdults: number;
  maxAdults: number;
  maxChildren: number;
  /** Per night, for each adult past includedAdults (an extra bed). */
  extraAdultPaise: number;
  /** Per night, for each child at or above childFreeBelowAge. */
  extraChildPaise: number;
  /** Children younger than this stay free, and are not counted by a plan priced per person. */
  childFreeBelowAge: number;
}

export const oldestChildAge = 17;

/** The guests of a room when the booking did not say: the adults its price includes. */
export const guestsByDefault = (rules: Pick<GuestRules, 'includedAdults'>, rooms: number): RoomGuests[] =>
  Array.from({ length: rooms }, () => ({ adults: rules.includedAdults, childAges: [] }));

/** Who a room of a type takes and what its price includes: "Up to 3 adults and 2 children; the price includes 2 adults". */
export function guestRulesWords(rules: Pick<GuestRules, 'maxAdults' | 'maxChildren' | 'includedAdults'>): string {
  const children = rules.maxChildren ? ` and ${countOf(rules.maxChildren, 'child', 'children')}` : '';
  return `Up to ${countOf(rules.maxAdults, 'adult')}${children}; the price includes ${countOf(rules.includedAdults, 'adult')}`;
}

/** "2 adults, 1 child (7)" for one room. */
export function roomGuestsWords(guests: RoomGuests): string {
  const adults = countOf(guests.adults, 'adult');
  if (guests.childAges.length === 0) return adults;
  return `${adults}, ${countOf(guests.childAges.length, 'child', 'children')} (${guests.childAges.join(', ')})`;
}

/** A booking's guests room by room: "Room 1: 2 adults, 1 child (7); Room 2: 2 adults". */
export function bookingGuestsWords(guests: readonly RoomGuests[]): string {
  if (guests.length === 1) return roomGuestsWords(guests[0]!);
  return guests.map((room, index) => `Room ${index + 1}: ${roomGuestsWords(room)}`).join('; ');
}

/**
 * A booking's guests in a query string (GET /api/stay-quote): rooms by commas, each its adults and, after
 * a colon, its children's ages by dots: "2:7.4,2" is 2 adults with children of 7 and 4, then 2 adults.
 */
export function guestsParam(guests: readonly RoomGuests[]): string {
  return guests.map((room) => (room.childAges.length ? `${room.adults}:${room.childAges.join('.')}` : `${room.adults}`)).join(',');
}

/** guestsParam read back; null when it is not that form (at most 3 rooms, 10 adults and 10 children each). */
export function parseGuestsParam(text: string): RoomGuests[] | null {
  const rooms = text.split(',');
  if (rooms.length > 3 || !/^\d{1,2}(:\d{1,2}(\.\d{1,2}){0,9})?(,\d{1,2}(:\d{1,2}(\.\d{1,2}){0,9})?)*$/.test(text)) return null;
  const guests = rooms.map((room) => {
    const [adults, ages] = room.split(':');
    return { adults: Number(adults), childAges: ages ? ages.split('.').map(Number) : [] };
  });
  return guests.every((room) => room.adults >= 1 && room.adults <= 10 && room.childAges.every((age) => age <= oldestChildAge))
    ? guests
    : null;
}

/**
 * What is wrong with a type's guest rules and meal plans as the owner set them, or null: the
 * owner's form and the server (PUT /api/admin/room-types/:roomId/stay-options) both ask this.
 */
export function stayOptionsProblem(options: {
  guestRules: GuestRules;
  plans: readonly { packageIndex: number; enabled: boolean }[];
}): string | null {
  const rules = options.guestRules;
  if (rules.includedAdults > rules.maxAdults) return 'The adults the price includes cannot be more than the most adults a room takes.';
  const places = new Set(options.plans.map((plan) => plan.packageIndex));
  if (places.size !== options.plans.length) return 'Each meal plan is set once.';
  if (!options.plans.some((plan) => plan.enabled)) return 'Turn on at least one meal plan: the room is sold with it.';
  return null;
}

/**
 * A hotel booking's guests and meal plan in a line, as the desk and the invoice show them:
 * "2 adults, 1 child (7) · Half Board (MAP)"; the plan alone when the guests were not said; empty
 * for a booking with neither (made before issue 40, or on the browser-only site).
 */
export function stayGuestsWords(packageIndex: number | undefined, guests: readonly RoomGuests[] | undefined): string {
  const plan = mealPlanAt(packageIndex);
  return [
    guests?.length ? bookingGuestsWords(guests) : null,
    plan && guests?.length ? mealPlanLabel(plan) : plan && packageIndex ? mealPlanLabel(plan) : null,
  ]
    .filter(Boolean)
    .join(' · ');
}
