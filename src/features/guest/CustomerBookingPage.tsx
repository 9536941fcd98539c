import { Link, useParams } from 'react-router-dom';
import { paths } from '../../shared/paths';
import { useAppDispatch, useAppSelector } from '../../shared/hooks';
import { selectStorageAvailable } from '../bookings/bookingsSlice';
import { changeBookingEmail, saveFailureMessage } from '../bookings/bookingsThunks';
import { BookingFacts } from './BookingFacts';
import { BookingNotFound } from './BookingNotFound';
import { EmailForm } from './EmailForm';
import { selectGuestBooking } from './guestBooking';
import { useHydrated } from '../../shared/useHydrated';
import './guest.css';

export function CustomerBookingPage() {
  const dispatch = useAppDispatch();
  const bookingId = useParams().bookingId ?? '';
  const booking = useAppSelector((state) => selectGuestBooking(state, bookingId));
  const storageAvailable = useAppSelector(selectStorageAvailable);
  // The build prerenders this screen for no booking in particular, before any bookings are read.
  const hydrated = useHydrated();

  if (!booking) {
    // With storage refused no booking can be found, whatever the ID: say why.
    return (
      <BookingNotFound
        bookingId={bookingId}
        pending={!hydrated}
        advice={storageAvailable ? 'Check the Booking ID in your confirmation and try again.' : saveFailureMessage('unavailable')}
      />
    );
  }

  async function saveEmail(email: string): Promise<string | null> {
    const result = await dispatch(changeBookingEmail({ bookingId: booking!.bookingId, email }));
    if (changeBookingEmail.fulfilled.match(result)) return null;
    return result.payload?.message ?? saveFailureMessage('unknown');
  }

  return (
    <section className="page page--narrow guest" aria-labelledby="page-title">
      <title>Your Booking Details</title>
      <h1 id="page-title">Your Booking Details</h1>
      <div className="card guest__card">
        <BookingFacts booking={booking} />
        {/* Keyed so that opening another booking starts from that booking's stored email. */}
        <EmailForm key={booking.bookingId} storedEmail={booking.email} onSave={saveEmail} />
      </div>
      <p className="guest__back">
        <Link to={paths.bookingPortal}>Look up another booking</Link>
      </p>
    </section>
  );
}
