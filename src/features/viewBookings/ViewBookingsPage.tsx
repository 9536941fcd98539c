import { createSelector } from '@reduxjs/toolkit';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { customerBookingPath } from '../../app/paths';
import { useAppSelector } from '../../app/hooks';
import { selectBookings, selectStorageAvailable } from '../bookings/bookingsSlice';
import { saveFailureMessage } from '../bookings/bookingsThunks';
import { formatDisplayDate } from '../../shared/dates';
import { formatCount, formatInr } from '../../shared/money';
import './viewBookings.css';

/** Storage keeps the oldest first; guests and staff look for the latest. */
const selectNewestFirst = createSelector([selectBookings], (items) => [...items].reverse());

/** Cards are heavier than table rows, so thousands of bookings are shown a batch at a time. */
export const cardsPerBatch = 60;

/** Lets a narrow card wrap an address after the @ rather than in the middle of a word. */
function EmailText({ email }: { email: string }) {
  const at = email.indexOf('@');
  if (at < 0) return email;
  return (
    <>
      {email.slice(0, at + 1)}
      <wbr />
      {email.slice(at + 1)}
    </>
  );
}

export function ViewBookingsPage() {
  const bookings = useAppSelector(selectNewestFirst);
  const storageAvailable = useAppSelector(selectStorageAvailable);
  const [shown, setShown] = useState(cardsPerBatch);
  const visible = bookings.slice(0, shown);

  return (
    <section className="page view-bookings" aria-labelledby="page-title">
      <title>All Booked Rooms</title>
      <h1 id="page-title">All Booked Rooms</h1>
      {!storageAvailable && <p className="notice notice--error">{saveFailureMessage('unavailable')}</p>}
      {bookings.length === 0 ? (
        <p className="view-bookings__empty">No rooms have been booked yet.</p>
      ) : (
        <>
          <p className="view-bookings__count">
            {bookings.length === 1 ? '1 booking, newest first' : `${formatCount(bookings.length)} bookings, newest first`}
          </p>
          <ul className="view-bookings__list">
            {visible.map((booking) => (
              <li key={booking.bookingId}>
                <article className="card booking-card" aria-labelledby={`card-${booking.bookingId}`}>
                  <header className="booking-card__head">
                    <h2 id={`card-${booking.bookingId}`}>{booking.bookingId}</h2>
                    <span className="booking-card__status">Confirmed</span>
                  </header>
                  <dl className="booking-card__facts">
                    <dt>Email</dt>
                    <dd className="booking-card__email">
                      <EmailText email={booking.email} />
                    </dd>
                    <dt>Room Type</dt>
                    <dd>{booking.roomName}</dd>
                    <dt>Check-In</dt>
                    <dd>{formatDisplayDate(booking.checkIn)}</dd>
                    <dt>Check-Out</dt>
                    <dd>{formatDisplayDate(booking.checkOut)}</dd>
                    <dt>Total Price</dt>
                    <dd className="booking-card__total">{formatInr(booking.totalPrice)}</dd>
                  </dl>
                  <Link
                    className="button button--secondary booking-card__details"
                    to={customerBookingPath(booking.bookingId)}
                    aria-label={`View Details for booking ${booking.bookingId}`}
                  >
                    View Details
                  </Link>
                </article>
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
