import { useId, useState } from 'react';
import { useRestoreBookingMutation } from '../../api/bookingsApi';
import { describeError } from '../../api/requestErrors';
import { formatDisplayDate, formatDisplayDateTime } from '../../domain/dates';
import type { BurstsReply } from '../../domain/wire';
import { useAppSelector } from '../../shared/hooks';
import { selectOffers } from '../../shared/offers';
import { AdminGate, isOwner } from '../staff/AdminGate';
import '../admin/admin.css';
import { useDeleteBurstMutation, useGetBurstBookingsQuery, useGetBurstsQuery } from './burstsApi';
import type { BurstFilter } from './burstsApi';
import { LoadProblem } from '../../shared/ui/notices';
import './bursts.css';
import { countOf } from '../../domain/words';
import type { Outcome as Notice } from '../../shared/ui/notices';

const periods = [
  { hours: 24, label: 'Last 24 hours' },
  { hours: 24 * 7, label: '7 days' },
  { hours: 24 * 30, label: '30 days' },
] as const;

type Kind = 'address' | 'email';
interface Chosen {
  kind: Kind;
  value: string;
}
interface Outcome extends Notice {
  /** The bookings just deleted, to bring back at once. */
  undo?: string[];
}

const filterOf = ({ kind, value }: Chosen, hours: number): BurstFilter =>
  kind === 'address' ? { address: value, hours } : { email: value, hours };
const shownDay = (date: string | null) => (date ? formatDisplayDate(date) : '—');

/**
 * Undoing an attack on the rooms: which addresses and emails booked the most lately, their
 * bookings, and deleting them all at once (soft: each can be restored for 30 days). Only where the
 * source offers it (the hotel), and only to a signed-in administrator.
 */
export function BurstsPage() {
  const { bursts } = useAppSelector(selectOffers);
  return (
    <section className="page admin bursts" aria-labelledby="page-title">
      <title>Bursts of bookings</title>
      <h1 id="page-title">Bursts of bookings</h1>
      {bursts ? (
        <AdminGate>
          {(staff) =>
            isOwner(staff) ? (
              <Bursts />
            ) : (
              <p className="notice">Bursts of bookings are for the hotel’s owner: front-desk staff cannot open them.</p>
            )
          }
        </AdminGate>
      ) : (
        <p className="notice">Finding bursts of bookings is not offered here: this site keeps its bookings in this browser only.</p>
      )}
    </section>
  );
}

function Bursts() {
  const [hours, setHours] = useState<number>(periods[0].hours);
  const [chosen, setChosen] = useState<Chosen | null>(null);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const { data, error, isLoading, isFetching, refetch } = useGetBurstsQuery({ hours });
  const [restoreBooking, { isLoading: restoring }] = useRestoreBookingMutation();
  const periodName = useId();

  function choose(next: Chosen) {
    setChosen(next);
    setOutcome(null);
  }

  async function undo(bookingIds: string[]) {
    let restored = 0;
    const problems: string[] = [];
    for (const bookingId of bookingIds) {
      const result = await restoreBooking(bookingId);
      if (result.error) problems.push(`${bookingId}: ${describeError(result.error, 'could not be restored.')}`);
      else restored += 1;
    }
    setOutcome(
      problems.length === 0
        ? { tone: 'success', text: `${countOf(restored, 'booking was', 'bookings were')} restored.` }
        : { tone: 'error', text: `${countOf(restored, 'booking was', 'bookings were')} restored. Not restored: ${problems.join(' ')}` },
    );
  }

  return (
    <>
      <p className="bursts__intro">
        Who made the most bookings lately, by address and by email. Choose one to see its bookings and delete them all at once.
      </p>
      <fieldset className="bursts__period">
        <legend>Bookings made in the</legend>
        {periods.map((period) => (
          <label key={period.hours}>
            <input
              type="radio"
              name={periodName}
              value={period.hours}
              checked={hours === period.hours}
              onChange={() => setHours(period.hours)}
            />
            {period.label}
          </label>
        ))}
      </fieldset>

      <div role="status">{outcome?.tone === 'success' && <p className="notice notice--success">{outcome.text}</p>}</div>
      {outcome?.undo && outcome.undo.length > 0 && (
        <p>
          <button type="button" className="button button--secondary" disabled={restoring} onClick={() => void undo(outcome.undo!)}>
            Undo: restore {countOf(outcome.undo.length, 'booking')}
          </button>
        </p>
      )}
      {outcome?.tone === 'error' && (
        <p className="notice notice--error" role="alert">
          {outcome.text}
        </p>
      )}

      {isLoading && <p role="status">Loading who booked lately…</p>}
      {error && (
        <LoadProblem
          error={error}
          fallback={'The hotel could not show who booked lately.'}
          retrying={isFetching}
          onRetry={() => void refetch()}
        />
      )}
      {data && (
        <div className="bursts__sources">
          <Sources title="Addresses" kind="address" rows={data.addresses} chosen={chosen} onChoose={choose} />
          <Sources title="Emails" kind="email" rows={data.emails} chosen={chosen} onChoose={choose} />
        </div>
      )}
      {chosen && (
        <BurstBookings
          key={`${chosen.kind}:${chosen.value}:${hours}`}
          chosen={chosen}
          hours={hours}
          onDeleted={(bookingIds) => {
            setChosen(null);
            setOutcome({
              tone: 'success',
              text: `${countOf(bookingIds.length, 'booking was', 'bookings were')} deleted. Each can be restored for 30 days.`,
              undo: bookingIds,
            });
          }}
          onFailed={(text) => setOutcome({ tone: 'error', text })}
        />
      )}
    </>
  );
}

type SourceRow = BurstsReply['addresses'][number] | BurstsReply['emails'][number];

interface SourcesProps {
  title: string;
  kind: Kind;
  rows: readonly SourceRow[];
  chosen: Chosen | null;
  onChoose: (chosen: Chosen) => void;
}

function Sources({ title, kind, rows, chosen, onChoose }: SourcesProps) {
  const headingId = useId();
  const label = kind === 'address' ? 'Address' : 'Email';
  return (
    <section className="bursts__table" aria-labelledby={headingId}>
      <h2 id={headingId}>{title}</h2>
      {rows.length === 0 ? (
        <p className="admin-summary admin-summary--empty">No bookings in this time.</p>
      ) : (
        <table className="admin-table" role="table" aria-labelledby={headingId}>
          <thead role="rowgroup">
            <tr role="row">
              {[label, 'Bookings', 'Room-nights', 'First', 'Last', 'Action'].map((column) => (
                <th key={column} role="columnheader" scope="col">
                  {column}
                </th>
              ))}
            </tr>
          </thead>
          <tbody role="rowgroup">
            {rows.map((row) => {
              const value = 'address' in row ? row.address : row.email;
              const selected = chosen?.kind === kind && chosen.value === value;
              return (
                <tr key={value} role="row" className={selected ? 'bursts__chosen' : undefined}>
                  <td role="cell" data-label={label} className="admin-table__email">
                    {value}
                  </td>
                  <td role="cell" data-label="Bookings" className="bursts__number">
                    {row.bookings.toLocaleString('en-IN')}
                  </td>
                  <td role="cell" data-label="Room-nights" className="bursts__number">
                    {row.roomNights.toLocaleString('en-IN')}
                  </td>
                  <td role="cell" data-label="First">
                    <time dateTime={row.firstAt}>{formatDisplayDateTime(row.firstAt)}</time>
                  </td>
                  <td role="cell" data-label="Last">
                    <time dateTime={row.lastAt}>{formatDisplayDateTime(row.lastAt)}</time>
                  </td>
                  <td role="cell" data-label="Action" className="admin-table__action">
                    <button
                      type="button"
                      className="button button--secondary admin-delete"
                      aria-pressed={selected}
                      aria-label={`Show the bookings ${kind === 'address' ? 'from' : 'for'} ${value}`}
                      onClick={() => onChoose({ kind, value })}
                    >
                      Show
                    </button>
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      )}
    </section>
  );
}

interface BurstBookingsProps {
  chosen: Chosen;
  hours: number;
  onDeleted: (bookingIds: string[]) => void;
  onFailed: (text: string) => void;
}

function BurstBookings({ chosen, hours, onDeleted, onFailed }: BurstBookingsProps) {
  const filter = filterOf(chosen, hours);
  const { data, error, isLoading } = useGetBurstBookingsQuery(filter);
  const [deleteBurst, { isLoading: deleting }] = useDeleteBurstMutation();
  const headingId = useId();
  const items = data?.items ?? [];
  const whose = `${chosen.kind === 'address' ? 'from' : 'for'} ${chosen.value}`;

  async function deleteAll() {
    if (
      !window.confirm(`Delete all ${countOf(items.length, 'booking')} ${whose}? Their rooms are freed; each can be restored for 30 days.`)
    )
      return;
    const result = await deleteBurst(filter);
    if (result.error) onFailed(describeError(result.error, `The bookings ${whose} could not be deleted.`));
    else onDeleted(result.data.bookingIds);
  }

  return (
    <section className="card bursts__bookings" aria-labelledby={headingId}>
      <h2 id={headingId}>Bookings {whose}</h2>
      {isLoading && <p role="status">Loading the bookings…</p>}
      {error && (
        <p className="notice notice--error" role="alert">
          {describeError(error, `The hotel could not show the bookings ${whose}.`)}
        </p>
      )}
      {data && items.length === 0 && <p>No bookings left {whose} in this time.</p>}
      {items.length > 0 && (
        <>
          <table className="admin-table" role="table" aria-labelledby={headingId}>
            <thead role="rowgroup">
              <tr role="row">
                {['Booking ID', 'Email', 'Room', 'Check-In', 'Check-Out'].map((column) => (
                  <th key={column} role="columnheader" scope="col">
                    {column}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody role="rowgroup">
              {items.map((booking) => (
                <tr key={booking.bookingId} role="row">
                  <td role="cell" data-label="Booking ID" className="admin-table__id">
                    {booking.bookingId}
                  </td>
                  <td role="cell" data-label="Email" className="admin-table__email">
                    {booking.email}
                  </td>
                  <td role="cell" data-label="Room">
                    {booking.rooms > 1 ? `${booking.roomName} × ${booking.rooms}` : booking.roomName}
                  </td>
                  <td role="cell" data-label="Check-In">
                    {shownDay(booking.checkIn)}
                  </td>
                  <td role="cell" data-label="Check-Out">
                    {shownDay(booking.checkOut)}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          <p className="bursts__delete">
            <button type="button" className="button button--danger" disabled={deleting} onClick={() => void deleteAll()}>
              Delete all {countOf(items.length, 'booking')}
            </button>
          </p>
        </>
      )}
    </section>
  );
}
