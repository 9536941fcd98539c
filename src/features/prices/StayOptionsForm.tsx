import { useState } from 'react';
import type { FormEvent } from 'react';
import { mealPlanLabel, mealPlans } from '../../domain/mealPlans';
import type { MealPlanSetting, PricesReply, StayOptionsBody } from '../../domain/pricesWire';
import { formatPaise } from '../../domain/tax';
import { stayOptionsProblem } from '../../domain/roomGuests';
import type { GuestRules } from '../../domain/roomGuests';
import { Field } from './Field';
import { OutcomeNotice } from './OutcomeNotice';
import { useOutcome } from './outcome';
import { rupees, toPaise } from './pricesWords';
import { useSaveStayOptionsMutation } from './pricesApi';

type RoomType = PricesReply['roomTypes'][number];
type Per = MealPlanSetting['per'];

/** A plan as its fields hold it: the price is the rupees typed. */
interface PlanFields {
  enabled: boolean;
  price: string;
  per: Per;
}

/**
 * The counts are chosen, not typed, within the ranges the API takes (GuestRulesWire in
 * src/domain/wire.ts; the browser may not bring its schemas into the bundle, so they are repeated
 * here, and the hotel still refuses anything outside them).
 */
const countRanges = { includedAdults: [1, 10], maxAdults: [1, 10], maxChildren: [0, 10], childFreeBelowAge: [0, 18] } as const;
type CountKey = keyof typeof countRanges;
const counts = (key: CountKey) => {
  const [minimum, maximum] = countRanges[key];
  return Array.from({ length: maximum - minimum + 1 }, (_, i) => minimum + i);
};
/** The most a charge or a plan's price may be (GuestRulesWire, MealPlanSetting), in paise: ₹1,00,000. */
const chargeMaximum = 10_000_000;

/** The type's four plans in mealPlans' order; a plan the hotel did not send is shown off. */
const planFields = (type: RoomType): PlanFields[] =>
  mealPlans.map((_, packageIndex) => {
    const plan = type.plans.find((p) => p.packageIndex === packageIndex);
    return plan ? { enabled: plan.enabled, price: rupees(plan.pricePaise), per: plan.per } : { enabled: false, price: '0', per: 'room' };
  });

/**
 * A room type's guests and meal plans (issue 40): the adults its price includes, the most adults (an
 * extra bed) and children a room takes, what an extra adult and a child pay a night, the age
 * below which children stay free, and which of the four meal plans it is sold with at what price.
 */
export function StayOptionsForm({ type }: { type: RoomType }) {
  const [rules, setRules] = useState<GuestRules>(type.guestRules);
  const [extraAdult, setExtraAdult] = useState(rupees(type.guestRules.extraAdultPaise));
  const [extraChild, setExtraChild] = useState(rupees(type.guestRules.extraChildPaise));
  const [plans, setPlans] = useState(() => planFields(type));
  // Saved here or on another device: the fields show the type as the hotel now holds it, and a
  // save's outcome stays (InvoiceDetails.tsx says why this is not a new key).
  const saved = JSON.stringify([type.guestRules, type.plans]);
  const [shown, setShown] = useState(saved);
  if (shown !== saved) {
    setShown(saved);
    setRules(type.guestRules);
    setExtraAdult(rupees(type.guestRules.extraAdultPaise));
    setExtraChild(rupees(type.guestRules.extraChildPaise));
    setPlans(planFields(type));
  }
  const [saveStayOptions, { isLoading }] = useSaveStayOptionsMutation();
  const { outcome, run, refuse } = useOutcome();
  const invalid = (field: string) => (outcome?.tone === 'error' && outcome.field === field) || undefined;
  const setPlan = (index: number, change: Partial<PlanFields>) =>
    setPlans((all) => all.map((plan, i) => (i === index ? { ...plan, ...change } : plan)));
  const amount = (text: string) => {
    const paise = toPaise(text);
    return paise !== null && paise <= chargeMaximum ? paise : null;
  };
  const most = formatPaise(chargeMaximum);

  async function save(event: FormEvent) {
    event.preventDefault();
    const extraAdultPaise = amount(extraAdult);
    const extraChildPaise = amount(extraChild);
    if (extraAdultPaise === null || extraChildPaise === null)
      return refuse(`Enter the charges for an extra adult and a child in rupees, up to ${most}.`, 'charges');
    const body: StayOptionsBody = { guestRules: { ...rules, extraAdultPaise, extraChildPaise }, plans: [] };
    for (const [packageIndex, plan] of plans.entries()) {
      const pricePaise = amount(plan.price);
      if (pricePaise === null)
        return refuse(`Enter the price of ${mealPlanLabel(mealPlans[packageIndex]!)} in rupees, up to ${most}.`, `plan-${packageIndex}`);
      body.plans.push({ packageIndex, enabled: plan.enabled, pricePaise, per: plan.per });
    }
    // The hotel's own rule, asked here first: nothing is sent that it would refuse.
    const problem = stayOptionsProblem(body);
    if (problem) return refuse(problem);
    await run(
      saveStayOptions({ roomId: type.roomId, body }),
      `Guests and meal plans for ${type.title} are saved.`,
      'The guests and meal plans could not be saved.',
    );
  }

  const countField = (key: CountKey, label: string) => (
    <Field label={label}>
      {(id) => (
        <select id={id} className="input" value={rules[key]} onChange={(e) => setRules({ ...rules, [key]: Number(e.target.value) })}>
          {counts(key).map((n) => (
            <option key={n} value={n}>
              {n}
            </option>
          ))}
        </select>
      )}
    </Field>
  );
  const chargeField = (label: string, value: string, onChange: (text: string) => void) => (
    <Field label={label}>
      {(id) => (
        <input
          id={id}
          className="input"
          inputMode="decimal"
          value={value}
          aria-invalid={invalid('charges')}
          onChange={(e) => onChange(e.target.value)}
        />
      )}
    </Field>
  );

  return (
    <form className="card prices__editor" onSubmit={(event) => void save(event)} aria-labelledby="stay-options-form">
      <h2 id="stay-options-form">{type.title}: guests and meal plans</h2>
      <p className="prices__hint">
        The night&apos;s price includes the adults it says; each adult past them (an extra bed) and each child at or above the free age adds
        a charge a night. A meal plan&apos;s price is added to each night&apos;s, for the room or for each person (adults, and children at
        or above the free age). Bookings already confirmed keep their price.
      </p>
      <fieldset className="prices__group">
        <legend>Guests in a room</legend>
        {/* Adults on one line, children on the next (one under another on a phone). */}
        <div className="prices__guests">
          {countField('includedAdults', 'Adults the price includes')}
          {countField('maxAdults', 'Most adults (extra bed)')}
          {chargeField('Extra adult, a night (₹)', extraAdult, setExtraAdult)}
          {countField('maxChildren', 'Most children')}
          {countField('childFreeBelowAge', 'Children stay free below age')}
          {chargeField('Child, a night (₹)', extraChild, setExtraChild)}
        </div>
      </fieldset>
      <fieldset className="prices__group">
        <legend>Meal plans (at least one on)</legend>
        <div className="prices__plans">
          {mealPlans.map((meal, index) => {
            const plan = plans[index]!;
            const label = mealPlanLabel(meal);
            // Each control names its plan, hidden to the eye: the card's heading says it there.
            const named = (text: string) => (
              <>
                <span className="visually-hidden">{label}: </span>
                {text}
              </>
            );
            return (
              <fieldset key={meal.code} className="prices__plan">
                <legend>{label}</legend>
                <p className="prices__hint">Meals: {meal.meals}</p>
                <label className="prices__check">
                  <input type="checkbox" checked={plan.enabled} onChange={(e) => setPlan(index, { enabled: e.target.checked })} />
                  {named('On')}
                </label>
                <div className="prices__plan-price">
                  <Field label={named('Price (₹)')}>
                    {(id) => (
                      <input
                        id={id}
                        className="input"
                        inputMode="decimal"
                        value={plan.price}
                        aria-invalid={invalid(`plan-${index}`)}
                        onChange={(e) => setPlan(index, { price: e.target.value })}
                      />
                    )}
                  </Field>
                  <Field label={named('Charged')}>
                    {(id) => (
                      <select id={id} className="input" value={plan.per} onChange={(e) => setPlan(index, { per: e.target.value as Per })}>
                        <option value="room">per room</option>
                        <option value="person">per person</option>
                      </select>
                    )}
                  </Field>
                </div>
              </fieldset>
            );
          })}
        </div>
      </fieldset>
      <button type="submit" className="button button--accent" disabled={isLoading}>
        Save guests and meal plans for {type.title}
      </button>
      <OutcomeNotice outcome={outcome} />
    </form>
  );
}
