import { useId, useState } from 'react';
import type { FormEvent, ReactNode } from 'react';
import { describeError } from '../../api/requestErrors';
import type { SourceError } from '../../api/requestErrors';
import { isIsoDate, todayIso } from '../../domain/dates';
import { formatBasisPoints, formatPaise } from '../../domain/tax';
import type { CalendarNight, HotelSettings, PricesReply } from '../../domain/wire';
import { useAppSelector } from '../../shared/hooks';
import { selectOffers } from '../../shared/offers';
import { AdminGate } from '../staff/AdminGate';
import { InvoiceDetailsNotice } from './InvoiceDetailsNotice';
import '../admin/admin.css';
import {
  useAddClosureMutation,
  useAddMinStayMutation,
  useAddPriceRuleMutation,
  useGetPricesQuery,
  useRemoveRuleMutation,
  useSaveHotelSettingsMutation,
  useSaveRoomTypeMutation,
  useSetOutOfServiceMutation,
} from './pricesApi';
import './prices.css';

const monthNames = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];
const weekdayNames = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'];
/** The calendar's reach: the rest of this month and the next three. */
const calendarDays = 124;

/** 2026-12-24 as "24 December 2026". */
export function longDate(iso: string): string {
  return `${Number(iso.slice(8, 10))} ${monthNames[Number(iso.slice(5, 7)) - 1]} ${iso.slice(0, 4)}`;
}

/** "8000" or "7,500.01" (rupees) as paise; null when it is not an amount. */
function toPaise(text: string): number | null {
  const cleaned = text.replace(/[₹,\s]/g, '');
  if (!/^\d{1,7}(\.\d{1,2})?$/.test(cleaned)) return null;
  const [whole, fraction = ''] = cleaned.split('.');
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
}
const rupees = (paise: number) => (paise % 100 === 0 ? String(paise / 100) : (paise / 100).toFixed(2));
/** Monday 1 .. Sunday 7 of an ISO date. */
const isoWeekday = (iso: string) => ((new Date(`${iso}T00:00:00Z`).getUTCDay() + 6) % 7) + 1;

interface Outcome {
  tone: 'success' | 'error';
  text: string;
}

/**
 * The owner's rooms, prices, closures and minimum stays on a calendar of the coming months, and
 * the legal details the tax invoice carries. Only where the source offers it (the hotel), and only
 * to a signed-in administrator.
 */
export function PricesPage() {
  const { prices } = useAppSelector(selectOffers);
  return (
    <section className="page admin prices" aria-labelledby="page-title">
      <title>Prices &amp; rooms</title>
      <h1 id="page-title">Prices &amp; rooms</h1>
      {prices ? (
        <AdminGate>{() => <Prices />}</AdminGate>
      ) : (
        <p className="notice">Setting prices and rooms is not offered here: this site keeps its bookings in this browser only.</p>
      )}
    </section>
  );
}

function Prices() {
  const [from] = useState(() => todayIso());
  const { data, error, isLoading, isFetching, refetch } = useGetPricesQuery({ from, days: calendarDays });
  const [roomId, setRoomId] = useState<string | null>(null);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const typeName = useId();

  if (isLoading) return <p role="status">Loading the calendar…</p>;
  if (error || !data)
    return (
      <div className="notice notice--error hotel-problem" role="alert">
        <p>{describeError(error as SourceError, 'The hotel could not show its prices.')}</p>
        <button type="button" className="button button--secondary" disabled={isFetching} onClick={() => void refetch()}>
          Try again
        </button>
      </div>
    );
  const type = data.roomTypes.find((t) => t.roomId === roomId) ?? data.roomTypes[0];
  if (!type) return <p className="notice">The hotel has no room types.</p>;
  const report = (next: Outcome) => setOutcome(next);

  return (
    <>
      <p className="prices__intro">
        Each night&apos;s price of one room (tax exclusive), rooms left and closures. Choose nights on the calendar, then set a price, a
        closure or a minimum stay for them.
      </p>
      <InvoiceDetailsNotice settings={data.settings} />
      <fieldset className="prices__types">
        <legend>Room type</legend>
        {data.roomTypes.map((t) => (
          <label key={t.roomId}>
            <input type="radio" name={typeName} checked={t.roomId === type.roomId} onChange={() => setRoomId(t.roomId)} />
            {t.title}
          </label>
        ))}
      </fieldset>
      <div role="status">{outcome?.tone === 'success' && <p className="notice notice--success">{outcome.text}</p>}</div>
      {outcome?.tone === 'error' && (
        <p className="notice notice--error" role="alert">
          {outcome.text}
        </p>
      )}
      <NightsEditor key={type.roomId} data={data} roomId={type.roomId} title={type.title} nights={type.nights} onOutcome={report} />
      <RoomTypeForm key={`${type.roomId}-${type.rooms}-${type.discountPricePaise}`} type={type} onOutcome={report} />
      <RulesTable data={data} onOutcome={report} />
      <InvoiceDetails key={JSON.stringify(data.settings)} settings={data.settings} onOutcome={report} />
    </>
  );
}

function useResult(onOutcome: (o: Outcome) => void) {
  return async (call: Promise<{ error?: unknown }>, success: string, fallback: string) => {
    const result = await call;
    if (result.error) onOutcome({ tone: 'error', text: describeError(result.error as SourceError, fallback) });
    else onOutcome({ tone: 'success', text: success });
    return !result.error;
  };
}

function NightsEditor({
  data,
  roomId,
  title,
  nights,
  onOutcome,
}: {
  data: PricesReply;
  roomId: string;
  title: string;
  nights: CalendarNight[];
  onOutcome: (o: Outcome) => void;
}) {
  const [firstNight, setFirstNight] = useState('');
  const [lastNight, setLastNight] = useState('');
  const [price, setPrice] = useState('');
  const [weekendsOnly, setWeekendsOnly] = useState(false);
  const [wholeHotel, setWholeHotel] = useState(false);
  const [minNights, setMinNights] = useState('2');
  const [outOfService, setOutOfService] = useState('1');
  const [addPriceRule, pricing] = useAddPriceRuleMutation();
  const [addClosure, closing] = useAddClosureMutation();
  const [addMinStay, limiting] = useAddMinStayMutation();
  const [setRoomsOut, servicing] = useSetOutOfServiceMutation();
  const run = useResult(onOutcome);
  const busy = pricing.isLoading || closing.isLoading || limiting.isLoading || servicing.isLoading;

  function choose(night: string) {
    if (!firstNight || lastNight !== firstNight || night < firstNight) {
      setFirstNight(night);
      setLastNight(night);
    } else setLastNight(night);
  }
  const chosen = (night: string) => firstNight !== '' && night >= firstNight && night <= (lastNight || firstNight);
  const range = () => {
    if (!isIsoDate(firstNight) || !isIsoDate(lastNight)) {
      onOutcome({ tone: 'error', text: 'Choose the first and last night on the calendar or in the date fields first.' });
      return null;
    }
    if (lastNight < firstNight) {
      onOutcome({ tone: 'error', text: 'The last night must be on or after the first night.' });
      return null;
    }
    return { firstNight, lastNight };
  };
  const nightsWords = (r: { firstNight: string; lastNight: string }) =>
    r.firstNight === r.lastNight
      ? `the night of ${longDate(r.firstNight)}`
      : `the nights from ${longDate(r.firstNight)} to ${longDate(r.lastNight)}`;

  async function setPriceFor(event: FormEvent) {
    event.preventDefault();
    const r = range();
    if (!r) return;
    const paise = toPaise(price);
    if (paise === null) return onOutcome({ tone: 'error', text: 'Enter the price per night in rupees, for example 8000 or 7500.50.' });
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
    if (!Number.isInteger(n) || n < 1 || n > 90) return onOutcome({ tone: 'error', text: 'The minimum stay is 1 to 90 nights.' });
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
    if (!Number.isInteger(n) || n < 0)
      return onOutcome({ tone: 'error', text: 'Enter how many rooms are out of service (0 puts them back).' });
    await run(
      setRoomsOut({ roomId, body: { ...r, rooms: n } }),
      `${title}: ${n} out of service for ${nightsWords(r)}.`,
      'The rooms could not be taken out of service.',
    );
  }

  return (
    <>
      <Calendar nights={nights} title={title} chosen={chosen} onChoose={choose} />
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
                onChange={(e) => setFirstNight(e.target.value)}
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
                onChange={(e) => setLastNight(e.target.value)}
              />
            )}
          </Field>
        </div>
        <div className="prices__row">
          <Field label="Price per night (₹)">
            {(id) => <input id={id} className="input" inputMode="decimal" value={price} onChange={(e) => setPrice(e.target.value)} />}
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
              <input id={id} className="input" inputMode="numeric" value={minNights} onChange={(e) => setMinNights(e.target.value)} />
            )}
          </Field>
          <button type="button" className="button button--secondary" disabled={busy} onClick={() => void limit()}>
            Set minimum stay
          </button>
        </div>
        <div className="prices__row">
          <Field label="Rooms out of service">
            {(id) => (
              <input id={id} className="input" inputMode="numeric" value={outOfService} onChange={(e) => setOutOfService(e.target.value)} />
            )}
          </Field>
          <button type="button" className="button button--secondary" disabled={busy} onClick={() => void takeOut()}>
            Set rooms out of service
          </button>
        </div>
      </form>
    </>
  );
}

function Field({ label, children }: { label: string; children: (id: string) => ReactNode }) {
  const id = useId();
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      {children(id)}
    </div>
  );
}

/** The nights grouped by month, each month a week-by-week table. */
function Calendar({
  nights,
  title,
  chosen,
  onChoose,
}: {
  nights: CalendarNight[];
  title: string;
  chosen: (night: string) => boolean;
  onChoose: (night: string) => void;
}) {
  const months = new Map<string, CalendarNight[]>();
  for (const night of nights) months.set(night.night.slice(0, 7), [...(months.get(night.night.slice(0, 7)) ?? []), night]);
  return (
    <div className="prices__calendar">
      {[...months].map(([month, list]) => {
        const cells: Array<CalendarNight | null> = [...Array<null>(isoWeekday(list[0]!.night) - 1).fill(null), ...list];
        while (cells.length % 7) cells.push(null);
        const weeks = Array.from({ length: cells.length / 7 }, (_, w) => cells.slice(w * 7, w * 7 + 7));
        return (
          <table key={month} className="prices__month">
            <caption>
              {title}s, {monthNames[Number(month.slice(5, 7)) - 1]} {month.slice(0, 4)}
            </caption>
            <thead>
              <tr>
                {weekdayNames.map((d) => (
                  <th key={d} scope="col">
                    {d}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {weeks.map((week, w) => (
                <tr key={w}>
                  {week.map((night, d) =>
                    night ? (
                      <td key={night.night} className={night.closed ? 'prices__night prices__night--closed' : 'prices__night'}>
                        <button
                          type="button"
                          aria-pressed={chosen(night.night)}
                          aria-label={`${longDate(night.night)}: ${formatPaise(night.pricePaise)}, ${night.left} left${night.closed ? ', closed' : ''}${
                            night.minNights ? `, minimum ${night.minNights} nights` : ''
                          }`}
                          onClick={() => onChoose(night.night)}
                        >
                          <span className="prices__day">{Number(night.night.slice(8, 10))}</span>
                          <span className="prices__price">{formatPaise(night.pricePaise).replace(/\.00$/, '')}</span>
                          <span className="prices__left">{night.closed ? 'Closed' : `${night.left} left`}</span>
                          {night.minNights ? <span className="prices__min">min {night.minNights}</span> : null}
                        </button>
                      </td>
                    ) : (
                      <td key={`empty-${d}`} />
                    ),
                  )}
                </tr>
              ))}
            </tbody>
          </table>
        );
      })}
    </div>
  );
}

function RoomTypeForm({ type, onOutcome }: { type: PricesReply['roomTypes'][number]; onOutcome: (o: Outcome) => void }) {
  const [rooms, setRooms] = useState(String(type.rooms));
  const [price, setPrice] = useState(rupees(type.pricePaise));
  const [discount, setDiscount] = useState(rupees(type.discountPricePaise));
  const [saveRoomType, { isLoading }] = useSaveRoomTypeMutation();
  const run = useResult(onOutcome);

  async function save(event: FormEvent) {
    event.preventDefault();
    const count = Number(rooms);
    const pricePaise = toPaise(price);
    const discountPricePaise = toPaise(discount);
    if (!Number.isInteger(count) || count < 0 || rooms.trim() === '')
      return onOutcome({ tone: 'error', text: 'Enter the number of rooms.' });
    if (pricePaise === null || discountPricePaise === null) return onOutcome({ tone: 'error', text: 'Enter both prices in rupees.' });
    await run(
      saveRoomType({ roomId: type.roomId, body: { rooms: count, pricePaise, discountPricePaise } }),
      `${type.title}: ${count} rooms, ${formatPaise(discountPricePaise)} a night (shown as ${formatPaise(pricePaise)}).`,
      'The rooms could not be saved.',
    );
  }

  return (
    <form className="card prices__editor" onSubmit={(event) => void save(event)} aria-labelledby="room-type-form">
      <h2 id="room-type-form">{type.title}: rooms and prices</h2>
      <p className="prices__hint">The price charged is the discounted price on nights without a rule; the price is shown struck out.</p>
      <div className="prices__row">
        <Field label="Rooms of this type">
          {(id) => <input id={id} className="input" inputMode="numeric" value={rooms} onChange={(e) => setRooms(e.target.value)} />}
        </Field>
        <Field label="Price (₹)">
          {(id) => <input id={id} className="input" inputMode="decimal" value={price} onChange={(e) => setPrice(e.target.value)} />}
        </Field>
        <Field label="Discounted price (₹)">
          {(id) => <input id={id} className="input" inputMode="decimal" value={discount} onChange={(e) => setDiscount(e.target.value)} />}
        </Field>
        <button type="submit" className="button button--accent" disabled={isLoading}>
          Save rooms and prices
        </button>
      </div>
    </form>
  );
}

const weekdaysWords = (weekdays: number[] | null) =>
  weekdays ? ` (${weekdays.map((d) => ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'][d - 1]).join(', ')} nights)` : '';

function RulesTable({ data, onOutcome }: { data: PricesReply; onOutcome: (o: Outcome) => void }) {
  const [removeRule, { isLoading }] = useRemoveRuleMutation();
  const run = useResult(onOutcome);
  const titleOf = (roomId: string | null) => (roomId ? (data.roomTypes.find((t) => t.roomId === roomId)?.title ?? roomId) : 'Whole hotel');
  const span = (r: { firstNight: string; lastNight: string }) =>
    r.firstNight === r.lastNight ? longDate(r.firstNight) : `${longDate(r.firstNight)} – ${longDate(r.lastNight)}`;
  const rows = [
    ...data.rules.map((r) => ({
      key: `p${r.id}`,
      kind: 'price-rules' as const,
      id: r.id,
      what: `Price ${formatPaise(r.pricePaise)}${weekdaysWords(r.weekdays)}`,
      room: titleOf(r.roomId),
      nights: span(r),
    })),
    ...data.closures.map((c) => ({
      key: `c${c.id}`,
      kind: 'closures' as const,
      id: c.id,
      what: 'Closed',
      room: titleOf(c.roomId),
      nights: span(c),
    })),
    ...data.minStays.map((m) => ({
      key: `m${m.id}`,
      kind: 'min-stays' as const,
      id: m.id,
      what: `Minimum stay ${m.nights} nights`,
      room: titleOf(m.roomId),
      nights: span(m),
    })),
  ];
  return (
    <section className="prices__rules" aria-labelledby="rules-title">
      <h2 id="rules-title">Rules in force</h2>
      {rows.length === 0 ? (
        <p>No price rules, closures or minimum stays: every night has the room type&apos;s price.</p>
      ) : (
        <table className="admin-table">
          <thead>
            <tr>
              <th scope="col">Rule</th>
              <th scope="col">Room type</th>
              <th scope="col">Nights</th>
              <th scope="col">
                <span className="visually-hidden">Remove</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.key}>
                <td data-label="Rule">{row.what}</td>
                <td data-label="Room type">{row.room}</td>
                <td data-label="Nights">{row.nights}</td>
                <td className="admin-table__action">
                  <button
                    type="button"
                    className="button button--secondary"
                    disabled={isLoading}
                    aria-label={`Remove ${row.what}, ${row.room}, ${row.nights}`}
                    onClick={() =>
                      void run(
                        removeRule({ kind: row.kind, id: row.id }),
                        `Removed: ${row.what}, ${row.room}, ${row.nights}.`,
                        'The rule could not be removed.',
                      )
                    }
                  >
                    Remove
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}

function InvoiceDetails({ settings, onOutcome }: { settings: HotelSettings; onOutcome: (o: Outcome) => void }) {
  const [legalName, setLegalName] = useState(settings.legalName);
  const [address, setAddress] = useState(settings.address);
  const [gstin, setGstin] = useState(settings.gstin);
  const [save, { isLoading }] = useSaveHotelSettingsMutation();
  const run = useResult(onOutcome);
  return (
    <form
      className="card prices__editor"
      aria-labelledby="invoice-details"
      onSubmit={(event) => {
        event.preventDefault();
        void run(
          save({ ...settings, legalName, address, gstin }),
          'The invoice details are saved.',
          'The invoice details could not be saved.',
        );
      }}
    >
      <h2 id="invoice-details">Invoice details and GST</h2>
      <Field label="Legal name">
        {(id) => <input id={id} className="input" value={legalName} onChange={(e) => setLegalName(e.target.value)} />}
      </Field>
      <Field label="Address">
        {(id) => <textarea id={id} className="input" rows={3} value={address} onChange={(e) => setAddress(e.target.value)} />}
      </Field>
      <Field label="GSTIN">
        {(id) => <input id={id} className="input" maxLength={15} value={gstin} onChange={(e) => setGstin(e.target.value)} />}
      </Field>
      <p className="prices__hint">
        GST per room per night:{' '}
        {settings.gstSlabs
          .map((slab, i) => {
            const rate = `${formatBasisPoints(slab.cgstBasisPoints)} CGST + ${formatBasisPoints(slab.sgstBasisPoints)} SGST`;
            if (slab.upToPaise === null) return i === 0 ? rate : `above that, ${rate}`;
            return `up to ${formatPaise(slab.upToPaise)}, ${rate}`;
          })
          .join('; ')}
        .
      </p>
      <button type="submit" className="button button--accent" disabled={isLoading}>
        Save invoice details
      </button>
    </form>
  );
}
