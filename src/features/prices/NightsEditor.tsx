import { useState } from 'react';
import type { FormEvent } from 'react';
import { useAddClosureMutation, useAddMinStayMutation, useAddPriceRuleMutation, useSetOutOfServiceMutation } from './pricesApi';
import { isIsoDate } from '../../domain/dates';
import { formatPaise } from '../../domain/tax';
import type { PricesReply } from '../../domain/pricesWire';
import { Calendar } from './Calendar';
import { Field } from './Field';
import { NightDetails } from './NightDetails';
import { OutcomeNotice } from './OutcomeNotice';
import { useOutcome } from './outcome';
import { nightsWords, toPaise } from './pricesWords';

interface NightsEditorProps {
  data: PricesReply;
  type: PricesReply['roomTypes'][number];
  /** A night typed in the date fields: the calendar moves to show it. */
  onShowNight: (night: string) => void;
}

/**
 * The calendar of one room type and what the owner does with the nights chosen on it: set their
 * price, close them, set a minimum stay, take rooms out of service. The night last chosen is
 * explained (NightDetails). The minimum stay and rooms out of service start empty: a stray click
 * sets nothing.
 */
export function NightsEditor({ data, type, onShowNight }: NightsEditorProps) {
  const { roomId, title } = type;
  const [firstNight, setFirstNight] = useState('');
  const [lastNight, setLastNight] = useState('');
  const [looked, setLooked] = useState<string | null>(null);
  const [price, setPrice] = useState('');
  const [weekendsOnly, setWeekendsOnly] = useState(false);
  const [wholeHotel, setWholeHotel] = useState(false);
  const [minNights, setMinNights] = useState('');
  const [outOfService, setOutOfService] = useState('');
  const [addPriceRule, pricing] = useAddPriceRuleMutation();
  const [addClosure, closing] = useAddClosureMutation();
  const [addMinStay, limiting] = useAddMinStayMutation();
  const [setRoomsOut, servicing] = useSetOutOfServiceMutation();
  const { outcome, run, refuse } = useOutcome();
  const busy = pricing.isLoading || closing.isLoading || limiting.isLoading || servicing.isLoading;
  const invalid = (field: string) => (outcome?.tone === 'error' && outcome.field === field) || undefined;

  function choose(night: string) {
    setLooked(night);
    if (!firstNight || lastNight !== firstNight || night < firstNight) {
      setFirstNight(night);
      setLastNight(night);
    } else setLastNight(night);
  }
  function typed(night: string, set: (night: string) => void) {
    set(night);
    if (isIsoDate(night)) onShowNight(night);
  }
  const chosen = (night: string) => firstNight !== '' && night >= firstNight && night <= (lastNight || firstNight);
  const range = () => {
    if (!isIsoDate(firstNight) || !isIsoDate(lastNight)) {
      refuse('Choose the first and last night on the calendar or in the date fields first.', 'nights');
      return null;
    }
    if (lastNight < firstNight) {
      refuse('The last night must be on or after the first night.', 'nights');
      return null;
    }
    return { firstNight, lastNight };
  };

  async function setPriceFor(event: FormEvent) {
    event.preventDefault();
    const r = range();
    if (!r) return;
    const paise = toPaise(price);
    if (paise === null) return refuse('Enter the price per night in rupees, for example 8000 or 7500.50.', 'price');
    await run(
      addPriceRule({ roomId, ...r, pricePaise: paise, ...(weekendsOnly ? { weekdays: [5, 6] } : {}) }),
      `${title}: ${formatPaise(paise)} a night for ${nightsWords(r)}${weekendsOnly ? ' (Friday and Saturday nights)' : ''}.`,
      'The price could not be set.',
    );
  }
  async function close() {
    const r = range();
    if (!r) return;
    await run(
      addClosure({ roomId: wholeHotel ? null : roomId, ...r }),
      `${wholeHotel ? 'The whole hotel' : `${title}s`} closed for ${nightsWords(r)}.`,
      'The nights could not be closed.',
    );
  }
  async function limit() {
    const r = range();
    if (!r) return;
    const n = Number(minNights);
    if (minNights.trim() === '' || !Number.isInteger(n) || n < 1 || n > 90)
      return refuse('Enter the minimum stay: 1 to 90 nights.', 'minNights');
    await run(
      addMinStay({ roomId, ...r, nights: n }),
      `${title}: stays arriving on ${nightsWords(r)} must be at least ${n} nights.`,
      'The minimum stay could not be set.',
    );
  }
  async function takeOut() {
    const r = range();
    if (!r) return;
    const n = Number(outOfService);
    if (outOfService.trim() === '' || !Number.isInteger(n) || n < 0)
      return refuse('Enter how many rooms are out of service (0 puts them back).', 'outOfService');
    await run(
      setRoomsOut({ roomId, body: { ...r, rooms: n } }),
      `${title}: ${n} out of service for ${nightsWords(r)}.`,
      'The rooms could not be taken out of service.',
    );
  }

  const lookedNight = type.nights.find((n) => n.night === looked);
  return (
    <>
      <Calendar nights={type.nights} title={title} chosen={chosen} onChoose={choose} />
      {lookedNight && <NightDetails data={data} type={type} night={lookedNight} />}
      <form className="card prices__editor" onSubmit={(event) => void setPriceFor(event)} aria-labelledby="chosen-nights">
        <h2 id="chosen-nights">Chosen nights of {title}s</h2>
        <div className="prices__row">
          <Field label="First night">
            {(id) => (
              <input
                id={id}
                className="input"
                type="date"
                value={firstNight}
                min={data.from}
                aria-invalid={invalid('nights')}
                onChange={(e) => typed(e.target.value, setFirstNight)}
              />
            )}
          </Field>
          <Field label="Last night">
            {(id) => (
              <input
                id={id}
                className="input"
                type="date"
                value={lastNight}
                min={data.from}
                aria-invalid={invalid('nights')}
                onChange={(e) => typed(e.target.value, setLastNight)}
              />
            )}
          </Field>
        </div>
        <div className="prices__row">
          <Field label="Price per night (₹)">
            {(id) => (
              <input
                id={id}
                className="input"
                inputMode="decimal"
                value={price}
                aria-invalid={invalid('price')}
                onChange={(e) => setPrice(e.target.value)}
              />
            )}
          </Field>
          <label className="prices__check">
            <input type="checkbox" checked={weekendsOnly} onChange={(e) => setWeekendsOnly(e.target.checked)} />
            Only Friday and Saturday nights
          </label>
          <button type="submit" className="button button--accent" disabled={busy}>
            Set price
          </button>
        </div>
        <div className="prices__row">
          <label className="prices__check">
            <input type="checkbox" checked={wholeHotel} onChange={(e) => setWholeHotel(e.target.checked)} />
            Every room type (the whole hotel)
          </label>
          <button type="button" className="button button--danger" disabled={busy} onClick={() => void close()}>
            Close for sale
          </button>
        </div>
        <div className="prices__row">
          <Field label="Minimum stay (nights)">
            {(id) => (
              <input
                id={id}
                className="input"
                inputMode="numeric"
                value={minNights}
                aria-invalid={invalid('minNights')}
                onChange={(e) => setMinNights(e.target.value)}
              />
            )}
          </Field>
          <button type="button" className="button button--secondary" disabled={busy} onClick={() => void limit()}>
            Set minimum stay
          </button>
        </div>
        <div className="prices__row">
          <Field label="Rooms out of service">
            {(id) => (
              <input
                id={id}
                className="input"
                inputMode="numeric"
                value={outOfService}
                aria-invalid={invalid('outOfService')}
                onChange={(e) => setOutOfService(e.target.value)}
              />
            )}
          </Field>
          <button type="button" className="button button--secondary" disabled={busy} onClick={() => void takeOut()}>
            Set rooms out of service
          </button>
        </div>
        <OutcomeNotice outcome={outcome} />
      </form>
    </>
  );
}
