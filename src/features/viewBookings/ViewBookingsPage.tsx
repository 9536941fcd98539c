import { useState } from 'react';
import { useListBookingsQuery } from '../../api/bookingsApi';
import { formatCount } from '../../shared/money';
import { Pending } from '../../shared/Pending';
import { StorageNotice } from '../bookings/StorageNotice';
import { AdminGate } from '../staff/AdminGate';
import { BookingCard } from './BookingCard';
import './viewBookings.css';
import { LoadProblem } from '../../shared/ui/notices';

/** Cards are heavier than table rows, so thousands of bookings are shown a batch at a time (each batch one request). */
export const cardsPerBatch = 60;

/** One batch of bookings as cards: each is its own cached request. */
function CardsBatch({ page }: { page: number }) {
  const { data } = useListBookingsQuery({ q: '', page, pageSize: cardsPerBatch });
  return (
    <>
      {data?.items.map((booking) => (
        <li key={booking.bookingId}>
          <BookingCard booking={booking} />
        </li>
      ))}
    </>
  );
}

function Cards() {
  const [batches, setBatches] = useState(1);
  // The first batch also says how many there are; CardsBatch below reads it from the same cache entry.
  const { data, error, isFetching, refetch } = useListBookingsQuery({ q: '', page: 1, pageSize: cardsPerBatch });
  if (error && !data)
    return (
      <LoadProblem error={error} fallback="The hotel could not list its bookings." retrying={isFetching} onRetry={() => void refetch()} />
    );
  // Until the first answer (always so in the prerendered page) the screen must not say there are none.
  if (!data || data.total === 0)
    return (
      <p className="view-bookings__empty">
        <Pending when={!data}>No rooms have been booked yet.</Pending>
      </p>
    );
  const total = data.totalExact ? formatCount(data.total) : `more than ${formatCount(data.total)}`;
  const shown = Math.min(batches * cardsPerBatch, data.total);
  return (
    <>
      <p className="view-bookings__count">{data.total === 1 ? '1 booking, newest first' : `${total} bookings, newest first`}</p>
      <ul className="view-bookings__list">
        {Array.from({ length: batches }, (_, i) => (
          <CardsBatch key={i + 1} page={i + 1} />
        ))}
      </ul>
      {shown < data.total && (
        <p className="view-bookings__more">
          <button type="button" className="button" onClick={() => setBatches((n) => n + 1)}>
            Show more bookings
          </button>
          <span>
            Showing {formatCount(shown)} of {total}
          </span>
        </p>
      )}
    </>
  );
}

/** All Booked Rooms: every booking as a card, newest first (for signed-in staff, where the source asks for sign-in). */
export function ViewBookingsPage() {
  return (
    <section className="page view-bookings" aria-labelledby="page-title">
      <title>All Booked Rooms</title>
      <h1 id="page-title">All Booked Rooms</h1>
      <StorageNotice />
      <AdminGate>{() => <Cards />}</AdminGate>
    </section>
  );
}
