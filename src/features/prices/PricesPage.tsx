import { useId, useState } from 'react';
import { addDays, nightsBetween } from '../../domain/dates';
import { useSiteToday } from '../../shared/today';
import { useAppSelector } from '../../shared/hooks';
import { selectOffers } from '../../shared/offers';
import { AdminGate } from '../staff/AdminGate';
import { CalendarNav } from './CalendarNav';
import { InvoiceDetails } from './InvoiceDetails';
import { InvoiceDetailsNotice } from './InvoiceDetailsNotice';
import { NightsEditor } from './NightsEditor';
import { RoomTypeForm } from './RoomTypeForm';
import { RulesTable } from './RulesTable';
import { StayOptionsForm } from './StayOptionsForm';
import { useGetPricesQuery } from './pricesApi';
import { monthEnd, monthStart } from './pricesWords';
import { LoadProblem } from '../../shared/ui/notices';
import '../admin/admin.css';
import './prices.css';

/** Months the calendar shows at once. */
const monthsShown = 4;
/** How far ahead a rule may reach (server/routes/adminPrices.ts), and so the calendar. */
const reachDays = 3 * 366;

/**
 * The owner's rooms, prices, closures and minimum stays on a calendar of four months, moved a month
 * at a time or to a date up to three years ahead, and the legal details the tax invoice carries.
 * Only where the source offers it (the hotel), and only to a signed-in administrator.
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
  const today = useSiteToday();
  const earliest = monthStart(today);
  const latest = monthStart(addDays(today, reachDays), -(monthsShown - 1));
  const [first, setFirst] = useState(earliest);
  const last = monthStart(first, monthsShown - 1);
  const from = first < today ? today : first;
  const days = nightsBetween(from, monthEnd(last)) + 1;
  // `data` stays the last calendar while the next months load: nothing jumps under the owner's hand.
  const { data, error, isLoading, isFetching, refetch } = useGetPricesQuery({ from, days });
  const [roomId, setRoomId] = useState<string | null>(null);
  const typeName = useId();

  if (isLoading) return <p role="status">Loading the calendar…</p>;
  if (error || !data)
    return (
      <LoadProblem error={error} fallback={'The hotel could not show its prices.'} retrying={isFetching} onRetry={() => void refetch()} />
    );
  const type = data.roomTypes.find((t) => t.roomId === roomId) ?? data.roomTypes[0];
  if (!type) return <p className="notice">The hotel has no room types.</p>;
  const show = (month: string) => setFirst(month < earliest ? earliest : month > latest ? latest : month);

  return (
    <>
      <p className="prices__intro">
        Each night&apos;s price of one room (tax exclusive), rooms left and closures. Choose nights on the calendar, then set a price, a
        closure or a minimum stay for them; a night chosen says which price it will be charged, and why.
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
      <CalendarNav
        first={first}
        last={last}
        earliest={earliest}
        latest={latest}
        minNight={today}
        maxNight={addDays(today, reachDays)}
        onShow={show}
        busy={isFetching}
      />
      <NightsEditor
        key={type.roomId}
        data={data}
        type={type}
        onShowNight={(night) => (night < from || night > monthEnd(last) ? show(monthStart(night)) : undefined)}
      />
      <RoomTypeForm key={`room-type-${type.roomId}`} type={type} />
      <StayOptionsForm key={`stay-options-${type.roomId}`} type={type} />
      <RulesTable data={data} />
      <InvoiceDetails settings={data.settings} />
    </>
  );
}
