import { useEffect, useMemo } from 'react';
import { isUnreachable, serverMessage } from '../../api/requestErrors';
import { useGetAvailabilityQuery } from '../../api/bookingsApi';
import { addDays } from '../../domain/dates';
import { useSiteToday } from '../../shared/today';
import { maxNights } from '../../domain/stay';
import { useGetPaymentPolicyQuery } from '../payment/paymentApi';
import { formatRupees } from '../../domain/tax';
import { mealPlanAt, mealPlanLabel } from '../../domain/mealPlans';
import { guestRulesWords } from '../../domain/roomGuests';
import type { AvailabilityReply } from '../../domain/wire';
import { checkingRoomsLeft } from './roomsLeft';
import type { HotelPrices, RoomsLeft, Stay } from './roomsLeft';
import { shortDate } from '../../domain/dateWords';
import { countOf } from '../../domain/words';

type AvailabilityRoom = AvailabilityReply['rooms'][number];

/** Why the hotel refuses this stay in this room (its rules, checked again when the guest confirms); undefined when it takes it. */
function refusal(room: AvailabilityRoom): string | undefined {
  const closed = room.nights.filter((n) => n.closed).map((n) => shortDate(n.night, false));
  if (closed.length) return `Not bookable for these dates: closed on ${closed.join(', ')}.`;
  if ((room.minNights ?? 0) > room.nights.length)
    return `Not bookable for these dates: stays arriving on ${shortDate(room.nights[0]!.night, false)} must be at least ${countOf(room.minNights!, 'night')}.`;
}

/**
 * Issue 40, for the card's More Info: who a room takes and what its price includes, and the meal
 * plans beside the one the card sells, with their price on top of the night's.
 */
function stayOptionLines(room: AvailabilityRoom): string[] {
  const lines = [guestRulesWords(room.guestRules)];
  const others = room.plans.filter((plan) => plan.packageIndex !== 0);
  if (others.length)
    lines.push(
      `Also with ${others
        .map((plan) => {
          const meal = mealPlanAt(plan.packageIndex)!;
          return `${mealPlanLabel(meal)} (${meal.meals}) +${formatRupees(plan.pricePaise)} per ${plan.per} a night`;
        })
        .join('; ')}: chosen when you confirm`,
    );
  return lines;
}

/**
 * Each room's card prices from the hotel's answer. For chosen dates: the price of their nights
 * (the lowest, "from", when they differ; the nightly list says each) and their sum. Without dates
 * (or with dates the hotel would refuse): "from" the lowest price of an open night among the
 * coming 90, the longest stay the hotel takes, which is what a guest can book from today.
 */
function cardPrices(answer: AvailabilityReply, dated: boolean): HotelPrices {
  return Object.fromEntries(
    answer.rooms.flatMap((room) => {
      const prices = (dated ? room.nights : room.nights.filter((n) => !n.closed)).map((n) => n.pricePaise);
      // Closed on every one of the coming nights: no price to show.
      if (prices.length === 0) return [];
      const lowest = Math.min(...prices);
      return [
        [
          room.roomId,
          {
            stayOptions: stayOptionLines(room),
            night: formatRupees(lowest),
            ...(!dated
              ? { from: `the lowest of the next ${maxNights} nights` }
              : {
                  stay: formatRupees(room.stayPaise),
                  refusal: refusal(room),
                  ...(prices.some((p) => p !== lowest) && { from: 'the lowest of these nights' }),
                }),
          },
        ],
      ];
    }),
  );
}

/**
 * The hotel's nightly prices for these dates, for each room type whose nights are not all at one
 * price (a season, a weekend), or that the hotel refuses: each night and their sum, and why.
 */
function NightlyPrices({ rooms }: { rooms: AvailabilityReply['rooms'] }) {
  const shown = rooms.filter((room) => new Set(room.nights.map((n) => n.pricePaise)).size > 1 || refusal(room));
  if (shown.length === 0) return null;
  return (
    <div className="booking__nightly">
      {shown.map((room) => (
        <section key={room.roomId} aria-label={`${room.title}: prices for these dates`}>
          <h3>{room.title}: prices for these dates</h3>
          <ul>
            {room.nights.map((n) => (
              <li key={n.night}>
                {shortDate(n.night, false)}: {n.closed ? 'closed' : formatRupees(n.pricePaise)}
              </li>
            ))}
          </ul>
          <p>{refusal(room) ?? `${formatRupees(room.stayPaise)} for ${countOf(room.nights.length, 'night')}, per room, tax exclusive.`}</p>
        </section>
      ))}
    </div>
  );
}

interface AvailabilityFeedProps {
  /** The chosen stay; null: none (or one the hotel would refuse), and the cards show prices "from". */
  stay: Stay | null;
  /** Called with the rooms left for the chosen stay, and with null while they are not known (or there is no stay). */
  onRoomsLeft: (left: RoomsLeft | null) => void;
  /** Called with what each card shows of the hotel's prices, and with null while they are not known. */
  onPrices: (prices: HotelPrices | null) => void;
}

/**
 * Where the source offers it (the hotel): asks the hotel for its rooms and prices for the chosen
 * dates (without dates, for the coming nights, for the cards' "from" prices), reports them to the
 * booking screen, and says what is going on. It is its own chunk, loaded after the page is
 * hydrated, so that the prerendered booking screen and its budget carry no RTK Query code.
 */
export function AvailabilityFeed({ stay, onRoomsLeft, onPrices }: AvailabilityFeedProps) {
  const today = useSiteToday();
  // currentData belongs to these dates only: counts or prices for other dates must never show for this stay.
  const { currentData, error, isFetching, refetch } = useGetAvailabilityQuery(
    stay ?? { checkIn: today, checkOut: addDays(today, maxNights) },
  );
  const dated = stay !== null;
  const answer = useMemo(() => {
    if (!currentData) return null;
    // A room the hotel refuses for these dates has none left for them: a count chosen there goes.
    const left: RoomsLeft = Object.fromEntries(currentData.rooms.map((room) => [room.roomId, refusal(room) ? 0 : room.left]));
    return { left: dated ? left : null, prices: cardPrices(currentData, dated) };
  }, [currentData, dated]);

  useEffect(() => {
    onRoomsLeft(answer?.left ?? null);
    onPrices(answer?.prices ?? null);
  }, [answer, onRoomsLeft, onPrices]);
  useEffect(
    () => () => {
      onRoomsLeft(null);
      onPrices(null);
    },
    [onRoomsLeft, onPrices],
  );

  let message: string;
  if (currentData) message = dated ? 'Rooms left for these dates are shown with each room.' : '';
  else if (isFetching) message = dated ? checkingRoomsLeft : '';
  else if (isUnreachable(error))
    message = dated
      ? 'We could not reach the hotel to check which rooms are free. You can still choose a room; the hotel checks again when you confirm.'
      : 'We could not reach the hotel for its prices. Please check again in a moment.';
  else message = serverMessage(error) ?? 'The hotel could not check these dates.';

  // In the booking screen's .booking__availability, which keeps a place for these lines (and,
  // before dates are chosen, says to choose them: nothing here then, unless the hotel is out of reach).
  return (
    <>
      {message && <p role="status">{message}</p>}
      {dated && currentData && <NightlyPrices rooms={currentData.rooms} />}
      {error && !isFetching && (
        <button type="button" className="button button--secondary" onClick={() => void refetch()}>
          Check again
        </button>
      )}
    </>
  );
}

/**
 * Hotel mode with payments (issue 37): the owner's payment policy in a sentence, below the rooms
 * (where its coming moves no Book button), before the guest goes on to confirm. Nothing until the
 * hotel has said it.
 */
export function PaymentPolicyLine() {
  const { currentData } = useGetPaymentPolicyQuery({});
  if (!currentData) return null;
  return (
    <p className="booking__policy">
      <strong>Payment:</strong> {currentData.sentence} {currentData.cancelSentence}
    </p>
  );
}
