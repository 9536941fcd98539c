import { Link } from 'react-router-dom';
import { paths } from '../../app/paths';
import { shownId } from './guestBooking';

/** Spec: Booking Not Found, and "No booking found with ID:" with the ID shown as text. */
export function BookingNotFound({ bookingId, advice }: { bookingId: string; advice: string }) {
  return (
    <section className="page page--narrow guest" aria-labelledby="page-title">
      <title>Booking Not Found</title>
      <h1 id="page-title">Booking Not Found</h1>
      <p className="guest__missing">
        No booking found with ID: <strong>{shownId(bookingId)}</strong>
      </p>
      <p>{advice}</p>
      <Link className="button" to={paths.bookingPortal}>
        Look up another booking
      </Link>
    </section>
  );
}
