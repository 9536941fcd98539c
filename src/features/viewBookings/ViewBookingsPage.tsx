import { createSelector } from '@reduxjs/toolkit';
import { useState } from 'react';
import { useAppSelector } from '../../shared/hooks';
import { selectBookings, selectStorageAvailable } from '../bookings/bookingsSlice';
import { saveFailureMessage } from '../bookings/bookingsThunks';
import { formatCount } from '../../shared/money';
import { Pending } from '../../shared/Pending';
import { useHydrated } from '../../shared/useHydrated';
import { BookingCard } from './BookingCard';
import './viewBookings.css';

/** Storage keeps the oldest first; guests and staff look for the latest. */
const selectNewestFirst = createSelector([selectBookings], (items) => [...items].reverse());

/** Cards are heavier than table rows, so thousands of bookings are shown a batch at a time. */
export const cardsPerBatch = 60;

export function ViewBookingsPage() {
  const bookings = useAppSelector(selectNewestFirst);
  const storageAvailable = useAppSelector(selectStorageAvailable);
  const [shown, setShown] = useState(cardsPerBatch);
  // The build prerenders this screen before any bookings are read: it must not say there are none.
  const hydrated = useHydrated();
  const visible = bookings.slice(0, shown);

  return (
    <section className="page view-bookings" aria-labelledby="page-title">
      <title>All Booked Rooms</title>
      <h1 id="page-title">All Booked Rooms</h1>
      {!storageAvailable && <p className="notice notice--error">{saveFailureMessage('unavailable')}</p>}
      {bookings.length === 0 ? (
        <p className="view-bookings__empty">
          <Pending when={!hydrated}>No rooms have been booked yet.</Pending>
        </p>
      ) : (
        <>
          <p className="view-bookings__count">
            {bookings.length === 1 ? '1 booking, newest first' : `${formatCount(bookings.length)} bookings, newest first`}
          </p>
          <ul className="view-bookings__list">
            {visible.map((booking) => (
              <li key={booking.bookingId}>
                <BookingCard booking={booking} />
              </li>
            ))}
          </ul>
          {shown < bookings.length && (
            <p className="view-bookings__more">
              <button type="button" className="button" onClick={() => setShown((n) => n + cardsPerBatch)}>
                Show more bookings
              </button>
              <span>
                Showing {formatCount(visible.length)} of {formatCount(bookings.length)}
              </span>
            </p>
          )}
        </>
      )}
    </section>
  );
}
