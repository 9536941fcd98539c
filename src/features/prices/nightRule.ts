import type { CalendarNight, Closure, MinStay, PriceRule } from '../../domain/pricesWire';
import { isoWeekday } from './pricesWords';

/** Whether a rule's nights (and weekdays, for a price rule) take in `night`, for this room type or the whole hotel. */
const covers = (rule: { roomId: string | null; firstNight: string; lastNight: string }, roomId: string, night: string) =>
  (rule.roomId === null || rule.roomId === roomId) && rule.firstNight <= night && night <= rule.lastNight;

export interface NightRules {
  /** The price rule that sets the night's price; null: none covers it, the room type's discounted price. */
  rule: PriceRule | null;
  /** Older price rules that also cover the night, newest first: the newest one wins. */
  overruled: PriceRule[];
  closures: Closure[];
  minStays: MinStay[];
}

/**
 * Why a night costs what it costs, for the owner: the newest price rule covering it (its nights,
 * and its weekdays when it has some) wins, as the database's price_nights() picks it (highest id
 * first); without one, the room type's discounted price. The hotel works the price out; this only
 * names the rule, and is checked against the price the hotel gave the night: should the two ever
 * disagree, it names none (null) rather than a wrong one. `rules` are the rules the calendar's
 * answer lists (every one ending on or after its first night, so every one that can cover it).
 */
export function nightRules(
  night: CalendarNight,
  roomId: string,
  discountPricePaise: number,
  { rules, closures, minStays }: { rules: PriceRule[]; closures: Closure[]; minStays: MinStay[] },
): NightRules | null {
  const pricing = rules
    .filter((r) => covers(r, roomId, night.night) && (r.weekdays === null || r.weekdays.includes(isoWeekday(night.night))))
    .sort((a, b) => b.id - a.id);
  const [rule = null, ...overruled] = pricing;
  if ((rule ? rule.pricePaise : discountPricePaise) !== night.pricePaise) return null;
  return {
    rule,
    overruled,
    closures: closures.filter((c) => covers(c, roomId, night.night)),
    minStays: minStays.filter((m) => covers(m, roomId, night.night)),
  };
}
