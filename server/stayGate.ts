import type pg from 'pg';
import { addDays, isIsoDate, nightsBetween } from '../src/domain/dates';
import { longDate } from '../src/domain/dateWords';
import { maxRoomCount } from '../src/domain/rooms';
import { maxNights } from '../src/domain/stay';
import { hotelToday, refusalBody } from './bookingRules';
import { roomsUnavailable, stayRefusalOf } from './db/bookingQueries';
import type { StayRefusal } from './db/bookingQueries';
import type { RequestLimits } from './requestLimits';

/**
 * The one gate every stay request goes through, whatever path brings it: a guest's confirm, the
 * availability and the quotes, the desk's phone and walk-in bookings, a manage change and its
 * quote, Pay again and a payment that comes after its hold ended, a backup's import, a restore and
 * an undo. It holds the stay's rules and their words once:
 *
 * - today, the hotel's date (HOTEL_TIME_ZONE: bookingRules.ts hotelToday), from the app's clock;
 * - real dates, a check-in not before today, 1 to maxNights nights;
 * - 1 to maxRoomCount rooms;
 * - the horizon (a check-out at most BOOKING_HORIZON_DAYS after today) and the room-nights cap;
 * - the owner's closures and minimum stays: check_stay_rules (functions/inventory.sql), which
 *   take_nights calls in the transaction that takes the nights, so a path that takes nights gets
 *   them there, and a quote asks it here (`quote`);
 * - and the answer to a refusal, the same status and body on every path (`refused`).
 *
 * Routes call it and keep no copy of any of these checks.
 */

/** What a path asks about: the room type (when one is chosen), the rooms (when they are part of the request) and the dates. */
export interface AskedStay {
  roomId?: string | null;
  rooms?: number;
  checkIn: string | null;
  checkOut: string | null;
}

/** A refused stay as every path answers it. */
export interface GateRefusal {
  status: 400 | 409;
  body: { error: string; message: string; roomId?: string; left?: number; nights?: string[]; minNights?: number };
}

/**
 * A stay sold now (every rule), or the record of a stay made already that a backup or a restore
 * brings back: that one may lie in the past, since it says what happened.
 */
export type StayKind = 'sale' | 'record';

export type GateLimits = Pick<RequestLimits, 'horizonDays' | 'maxRoomNights'>;

const badRequest = (message: string): GateRefusal => ({ status: 400, body: { error: 'Bad Request', message } });
const conflict = (message: string): GateRefusal => ({ status: 409, body: { error: 'Conflict', message } });

/** The last check-out the horizon allows. */
export function lastCheckOut(limits: Pick<GateLimits, 'horizonDays'>, today: string): string {
  return addDays(today, limits.horizonDays);
}

/**
 * The rules that need no database, in the order a guest would fix them (the dates, then the rooms,
 * then the hotel's limits); null when the stay passes them all.
 */
export function stayRuleRefusal(stay: AskedStay, today: string, limits: GateLimits, kind: StayKind = 'sale'): GateRefusal | null {
  const { checkIn, checkOut, rooms } = stay;
  if (!checkIn || !isIsoDate(checkIn)) return badRequest('checkIn: must be a date (YYYY-MM-DD)');
  if (!checkOut || !isIsoDate(checkOut)) return badRequest('checkOut: must be a date (YYYY-MM-DD)');
  if (kind === 'sale' && checkIn < today) return badRequest('checkIn: must not be in the past');
  const nights = nightsBetween(checkIn, checkOut);
  if (nights < 1) return badRequest('checkOut: must be after checkIn');
  if (nights > maxNights) return badRequest(`checkOut: a stay can be at most ${maxNights} nights`);
  if (rooms !== undefined && (!Number.isInteger(rooms) || rooms < 1 || rooms > maxRoomCount))
    return badRequest(`rooms: must be 1 to ${maxRoomCount}`);
  const last = lastCheckOut(limits, today);
  if (checkOut > last)
    return conflict(`Bookings open ${limits.horizonDays} days ahead: please choose a check-out on or before ${longDate(last)}.`);
  // A question about every room type (the availability) names no rooms: the cap is the booking's.
  const roomNights = rooms === undefined ? 0 : rooms * nights;
  if (roomNights > limits.maxRoomNights)
    return conflict(
      `One booking can hold at most ${limits.maxRoomNights} room-nights (rooms × nights); this one holds ${roomNights}. Please book fewer rooms or nights, or call the hotel.`,
    );
  return null;
}

/** A refusal of the database's rules (a closed night, the minimum stay, no rooms left, the plan or guests) as every path answers it. */
export function refusedAnswer(refusal: StayRefusal): GateRefusal & { status: 409 } {
  return { status: 409, body: refusalBody(refusal) };
}

export interface StayGate {
  /** Today at the hotel, YYYY-MM-DD. */
  today(): string;
  /** The rules that need no database; null when the stay passes. */
  check(stay: AskedStay, kind?: StayKind): GateRefusal | null;
  /**
   * The owner's closures and minimum stays, for a path that takes no nights (a quote), after
   * `check`: what taking the nights would be told, short of the rooms left.
   */
  ownerRules(db: pg.Pool, stay: { roomId: string; checkIn: string; checkOut: string }): Promise<GateRefusal | null>;
  /** A refusal of the database's rules, raised where the nights are taken. */
  refused(refusal: StayRefusal): GateRefusal & { status: 409 };
}

export function createStayGate(options: { now?: () => Date; limits: GateLimits }): StayGate {
  const now = options.now ?? (() => new Date());
  const today = () => hotelToday(now());
  const check = (stay: AskedStay, kind: StayKind = 'sale') => stayRuleRefusal(stay, today(), options.limits, kind);
  return {
    today,
    check,
    async ownerRules(db, stay) {
      const { rows } = await db.query<{ rule: string | null; detail: string | null }>({
        name: 'stay_rule_broken',
        text: 'SELECT rule, detail::text FROM stay_rule_broken($1, $2::date, $3::date, $2::date)',
        values: [stay.roomId, stay.checkIn, stay.checkOut],
      });
      const broken = rows[0];
      if (!broken?.rule) return null;
      // Read as take_nights' refusal of the same stay is read, so that both say the same.
      const refusal = await stayRefusalOf({ code: roomsUnavailable, message: broken.rule, detail: broken.detail }, stay.roomId, () =>
        Promise.resolve(0),
      );
      if (!refusal) throw new Error(`stay_rule_broken answered a rule the gate does not know: ${broken.rule}`);
      return refusedAnswer(refusal);
    },
    refused: refusedAnswer,
  };
}
