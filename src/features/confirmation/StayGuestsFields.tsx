import { useId } from 'react';
import { mealPlanAt, mealPlanLabel } from '../../domain/mealPlans';
import { guestRulesWords, oldestChildAge } from '../../domain/roomGuests';
import type { GuestRules, RoomGuests } from '../../domain/roomGuests';
import { formatPaise, formatRupees } from '../../domain/tax';
import type { MealPlanPrice } from '../../domain/wire';
import './stayGuests.css';

/** The guest's choice (issue 40): the meal plan (its place in src/domain/mealPlans.ts) and who sleeps in each room. */
export interface StayGuestsChoice {
  mealPlan: number;
  guests: RoomGuests[];
}

/** The choice for `rooms` rooms: the guests kept room by room, rooms added with the adults their price includes. */
export function fitChoice(
  choice: StayGuestsChoice | null,
  rules: GuestRules,
  plans: readonly MealPlanPrice[],
  rooms: number,
  wanted: number,
): StayGuestsChoice {
  const offered = plans.map((plan) => plan.packageIndex);
  const mealPlan =
    choice && offered.includes(choice.mealPlan) ? choice.mealPlan : offered.includes(wanted) ? wanted : (offered[0] ?? wanted);
  const guests = Array.from({ length: rooms }, (_, index) => {
    const kept = choice?.guests[index];
    if (!kept) return { adults: rules.includedAdults, childAges: [] };
    return { adults: Math.min(kept.adults, rules.maxAdults), childAges: kept.childAges.slice(0, rules.maxChildren) };
  });
  return { mealPlan, guests };
}

const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);

/** A plan in the list, short enough for a phone's select to show whole: "Half Board (MAP) +₹600". */
function planOption(plan: MealPlanPrice): string {
  const label = mealPlanLabel(mealPlanAt(plan.packageIndex)!);
  if (plan.pricePaise === 0) return `${label}, included`;
  return `${label} +${formatRupees(plan.pricePaise)}`;
}

/** The chosen plan said whole, under the list: "With breakfast and dinner: ₹600.00 per person per night on top of the room." */
function planNote(plan: MealPlanPrice | undefined, meals: string): string {
  if (!plan || plan.pricePaise === 0) return `With ${meals}, in the room’s price.`;
  return `With ${meals}: ${formatPaise(plan.pricePaise)} per ${plan.per} per night on top of the room.`;
}

interface StayGuestsFieldsProps {
  roomTitle: string;
  rules: GuestRules;
  plans: readonly MealPlanPrice[];
  choice: StayGuestsChoice;
  onChange: (choice: StayGuestsChoice) => void;
  disabled?: boolean;
}

/**
 * Hotel mode, on the confirmation screen before Confirm (issue 40): the meal plan the owner sells
 * the room type with, and each room's adults and children with their ages, within the owner's
 * limits (the selects offer nothing past them). What extra persons cost is said; the total above
 * is the hotel's price of this choice (GET /api/stay-quote).
 */
export function StayGuestsFields({ roomTitle, rules, plans, choice, onChange, disabled = false }: StayGuestsFieldsProps) {
  const id = useId();
  const setRoom = (index: number, room: RoomGuests) =>
    onChange({ ...choice, guests: choice.guests.map((kept, i) => (i === index ? room : kept)) });
  const extras = [
    rules.extraAdultPaise > 0 && rules.maxAdults > rules.includedAdults
      ? `each adult past ${rules.includedAdults} (an extra bed) ${formatPaise(rules.extraAdultPaise)} a night`
      : null,
    rules.extraChildPaise > 0 && rules.maxChildren > 0
      ? `each child of ${rules.childFreeBelowAge} or older ${formatPaise(rules.extraChildPaise)} a night; younger children stay free`
      : null,
  ].filter(Boolean);
  return (
    <fieldset className="stay-guests" disabled={disabled}>
      <legend>Guests and meals</legend>
      {plans.length > 1 ? (
        <div className="field">
          <label htmlFor={`${id}-plan`}>Meal plan</label>
          <select
            id={`${id}-plan`}
            value={choice.mealPlan}
            onChange={(event) => onChange({ ...choice, mealPlan: Number(event.target.value) })}
          >
            {plans
              .filter((plan) => mealPlanAt(plan.packageIndex))
              .map((plan) => (
                <option key={plan.packageIndex} value={plan.packageIndex}>
                  {planOption(plan)}
                </option>
              ))}
          </select>
          <p className="stay-guests__note">
            {planNote(
              plans.find((plan) => plan.packageIndex === choice.mealPlan),
              mealPlanAt(choice.mealPlan)?.meals ?? 'the plan’s meals',
            )}
          </p>
        </div>
      ) : null}
      {choice.guests.map((room, index) => (
        <div className="stay-guests__room" key={index} role="group" aria-label={choice.guests.length > 1 ? `Room ${index + 1}` : roomTitle}>
          {choice.guests.length > 1 && <p className="stay-guests__title">Room {index + 1}</p>}
          <div className="stay-guests__counts">
            <div className="field">
              <label htmlFor={`${id}-${index}-adults`}>Adults</label>
              <select
                id={`${id}-${index}-adults`}
                value={room.adults}
                onChange={(event) => setRoom(index, { ...room, adults: Number(event.target.value) })}
              >
                {range(1, rules.maxAdults).map((count) => (
                  <option key={count}>{count}</option>
                ))}
              </select>
            </div>
            {rules.maxChildren > 0 && (
              <div className="field">
                <label htmlFor={`${id}-${index}-children`}>Children</label>
                <select
                  id={`${id}-${index}-children`}
                  value={room.childAges.length}
                  onChange={(event) => {
                    const count = Number(event.target.value);
                    const ages = room.childAges.slice(0, count);
                    while (ages.length < count) ages.push(rules.childFreeBelowAge);
                    setRoom(index, { ...room, childAges: ages });
                  }}
                >
                  {range(0, rules.maxChildren).map((count) => (
                    <option key={count}>{count}</option>
                  ))}
                </select>
              </div>
            )}
            {room.childAges.map((age, child) => (
              <div className="field" key={child}>
                <label htmlFor={`${id}-${index}-age-${child}`}>Age of child {child + 1}</label>
                <select
                  id={`${id}-${index}-age-${child}`}
                  value={age}
                  onChange={(event) =>
                    setRoom(index, {
                      ...room,
                      childAges: room.childAges.map((kept, i) => (i === child ? Number(event.target.value) : kept)),
                    })
                  }
                >
                  {range(0, oldestChildAge).map((years) => (
                    <option key={years}>{years}</option>
                  ))}
                </select>
              </div>
            ))}
          </div>
        </div>
      ))}
      <p className="stay-guests__note">
        {guestRulesWords(rules)}.{extras.length ? ` Extra: ${extras.join('; ')}.` : ''}
      </p>
    </fieldset>
  );
}
