import { formatPaise } from '../../domain/tax';
import type { CalendarNight, PricesReply } from '../../domain/pricesWire';
import { nightRules } from './nightRule';
import { longDate, spanWords, weekdayNames, isoWeekday, weekdaysWords } from './pricesWords';
import { countOf } from '../../domain/words';

type RoomType = PricesReply['roomTypes'][number];

const ruleWords = (r: { pricePaise: number; weekdays: number[] | null; firstNight: string; lastNight: string }) =>
  `${formatPaise(r.pricePaise)}${weekdaysWords(r.weekdays)}, ${spanWords(r)}`;

/**
 * The night the owner last chose on the calendar: the price a room will be charged and why (the
 * rule that sets it, and those it overrides), its rooms, closures and minimum stay. Announced as it
 * changes (a status), so that a screen reader hears it after each choice.
 */
export function NightDetails({ data, type, night }: { data: PricesReply; type: RoomType; night: CalendarNight }) {
  const why = nightRules(night, type.roomId, type.discountPricePaise, data);
  const title = `${weekdayNames[isoWeekday(night.night) - 1]} ${longDate(night.night)}`;
  return (
    <section className="card prices__night-details" aria-labelledby="night-details-title">
      <h2 id="night-details-title">
        {type.title}s, the night of {title}
      </h2>
      <div role="status">
        <p className="prices__charged">
          {formatPaise(night.pricePaise)} <span>a night for one room, tax exclusive</span>
        </p>
        {why === null ? (
          <p>The hotel works this price out from its rules (see Rules in force).</p>
        ) : why.rule ? (
          <p>
            Set by the price rule {ruleWords(why.rule)}. The newest rule covering a night wins
            {why.overruled.length > 0
              ? `: it overrides ${why.overruled.length === 1 ? 'an older one' : `${why.overruled.length} older ones`} (${why.overruled.map(ruleWords).join('; ')}).`
              : '.'}
          </p>
        ) : (
          <p>No price rule covers this night: it costs the {type.title}&apos;s discounted price (Rooms and prices, below).</p>
        )}
        <p>
          {countOf(night.left, 'room', 'rooms')} left of {type.rooms}: {night.booked} booked, {night.outOfService} out of service.
        </p>
        {night.closed && (
          <p className="prices__closed-note">
            Closed for sale
            {why && why.closures.length > 0
              ? ` (${why.closures.map((c) => `${c.roomId ? `${type.title}s` : 'the whole hotel'}, ${spanWords(c)}`).join('; ')})`
              : ''}
            .
          </p>
        )}
        {night.minNights !== null && <p>Stays arriving this night must be at least {countOf(night.minNights, 'night', 'nights')}.</p>}
      </div>
    </section>
  );
}
