import { Link } from 'react-router-dom';
import { customerBookingPath } from '../guest/customerBookingPath';
import type { BookingRecord } from '../../domain/bookingRecord';
import { formatDisplayDate } from '../../domain/dates';
import { formatInr } from '../../shared/money';

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

/** One booked room as a card (spec: All booked rooms), in either mode. */
export function BookingCard({ booking }: { booking: BookingRecord }) {
  return (
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
  );
}
