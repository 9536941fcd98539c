import { useState } from 'react';
import { useGetAdminBookingsQuery } from '../hotel/adminBookingsApi';
import { AdminGate } from '../hotel/AdminGate';
import { describeError } from '../hotel/serverErrors';
import { formatCount } from '../../shared/money';
import { BookingCard } from './BookingCard';
import './viewBookings.css';

/** Cards asked of the server at a time (its most per page). */
export const cardsPerPage = 100;

/** One page of the hotel's bookings as cards: each page is its own cached request. */
function CardsPage({ page }: { page: number }) {
  const { data } = useGetAdminBookingsQuery({ q: '', page, pageSize: cardsPerPage });
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

function HotelCards() {
  const [pages, setPages] = useState(1);
  // The first page also says how many there are; CardsPage below reads it from the same cache entry.
  const { data, error, isLoading, isFetching, refetch } = useGetAdminBookingsQuery({ q: '', page: 1, pageSize: cardsPerPage });
  if (isLoading) return <p role="status">Loading bookings…</p>;
  if (!data)
    return (
      <div className="notice notice--error hotel-problem" role="alert">
        <p>{describeError(error, 'The hotel could not list its bookings.')}</p>
        <button type="button" className="button button--secondary" disabled={isFetching} onClick={() => void refetch()}>
          Try again
        </button>
      </div>
    );
  if (data.total === 0) return <p className="view-bookings__empty">No rooms have been booked yet.</p>;
  const total = data.totalExact ? formatCount(data.total) : `more than ${formatCount(data.total)}`;
  const shown = Math.min(pages * cardsPerPage, data.total);
  return (
    <>
      <p className="view-bookings__count">{data.total === 1 ? '1 booking, newest first' : `${total} bookings, newest first`}</p>
      <ul className="view-bookings__list">
        {Array.from({ length: pages }, (_, i) => (
          <CardsPage key={i + 1} page={i + 1} />
        ))}
      </ul>
      {shown < data.total && (
        <p className="view-bookings__more">
          <button type="button" className="button" onClick={() => setPages((n) => n + 1)}>
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

/** All Booked Rooms in hotel mode: the hotel's bookings as cards, for a signed-in administrator only. */
export function HotelViewBookingsPage() {
  return (
    <section className="page view-bookings" aria-labelledby="page-title">
      <title>All Booked Rooms</title>
      <h1 id="page-title">All Booked Rooms</h1>
      <AdminGate>{() => <HotelCards />}</AdminGate>
    </section>
  );
}
