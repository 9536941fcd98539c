import { Link, useParams } from 'react-router-dom';
import { paths } from '../../app/paths';
import { useAppSelector } from '../../app/hooks';
import type { RootState } from '../../app/store';
import { roomsOf } from '../bookings/bookingRecord';
import { selectBookingById, selectBookings, selectStorageAvailable } from '../bookings/bookingsSlice';
import { saveFailureMessage } from '../bookings/bookingsThunks';
import { formatDisplayDate } from '../../shared/dates';
import { formatInr } from '../../shared/money';
import { EmailForm } from './EmailForm';
import './guest.css';

/** The exact ID, else the same ID in other case: a link typed by hand may say bk123456. */
function selectGuestBooking(state: RootState, bookingId: string) {
  const upper = bookingId.toUpperCase();
  return selectBookingById(state, bookingId) ?? selectBookings(state).find((b) => b.bookingId.toUpperCase() === upper);
}

/** A pasted address can carry anything; show enough of it to recognise, never enough to break the page. */
function shownId(bookingId: string): string {
  return bookingId.length > 80 ? `${bookingId.slice(0, 80)}…` : bookingId;
}

export function CustomerBookingPage() {
  const bookingId = useParams().bookingId ?? '';
  const booking = useAppSelector((state) => selectGuestBooking(state, bookingId));
  const storageAvailable = useAppSelector(selectStorageAvailable);

  if (!booking) {
    return (
      <section className="page page--narrow guest" aria-labelledby="page-title">
        <title>Booking Not Found</title>
        <h1 id="page-title">Booking Not Found</h1>
        <p className="guest__missing">
          No booking found with ID: <strong>{shownId(bookingId)}</strong>
        </p>
        {/* With storage refused no booking can be found, whatever the ID: say why. */}
        <p>{storageAvailable ? 'Check the Booking ID in your confirmation and try again.' : saveFailureMessage('unavailable')}</p>
        <Link className="button" to={paths.bookingPortal}>
          Look up another booking
        </Link>
      </section>
    );
  }

  return (
    <section className="page page--narrow guest" aria-labelledby="page-title">
      <title>Your Booking Details</title>
      <h1 id="page-title">Your Booking Details</h1>
      <div className="card guest__card">
        <dl className="guest__facts">
          <dt>Booking ID</dt>
          <dd className="guest__id">{booking.bookingId}</dd>
          <dt>Status</dt>
          <dd>Confirmed</dd>
          <dt>Room</dt>
          <dd>{booking.roomName}</dd>
          <dt>Check-In</dt>
          <dd>{formatDisplayDate(booking.checkIn)}</dd>
          <dt>Check-Out</dt>
          <dd>{formatDisplayDate(booking.checkOut)}</dd>
          <dt>Number of Rooms</dt>
          <dd>{roomsOf(booking)}</dd>
          <dt>Total Price</dt>
          <dd className="guest__total">{formatInr(booking.totalPrice)}</dd>
        </dl>
        {/* Keyed so that opening another booking starts from that booking's stored email. */}
        <EmailForm key={booking.bookingId} bookingId={booking.bookingId} storedEmail={booking.email} />
      </div>
      <p className="guest__back">
        <Link to={paths.bookingPortal}>Look up another booking</Link>
      </p>
    </section>
  );
}
