import { Link } from 'react-router-dom';
import { paths } from '../../shared/paths';
import { Pending } from '../../shared/Pending';
import { shownId } from './guestBooking';

/** An ID of the usual length, for the prerendered page, which is built for no booking in particular. */
const typicalId = 'BK000000';

/**
 * Spec: Booking Not Found, and "No booking found with ID:" with the ID shown as text. `pending`:
 * the bookings are not read yet (the prerendered page), so whether it is found is not known: the
 * screen holds its place unseen, with an ID of the usual length.
 */
export function BookingNotFound({ bookingId, advice, pending = false }: { bookingId: string; advice: string; pending?: boolean }) {
  return (
    <section className="page page--narrow guest" aria-labelledby={pending ? undefined : 'page-title'} aria-busy={pending || undefined}>
      <Pending when={pending} block>
        {!pending && <title>Booking Not Found</title>}
        <h1 id="page-title">Booking Not Found</h1>
        <p className="guest__missing">
          No booking found with ID: <strong>{shownId(pending ? typicalId : bookingId)}</strong>
        </p>
        <p>{advice}</p>
        <Link className="button" to={paths.bookingPortal}>
          Look up another booking
        </Link>
      </Pending>
    </section>
  );
}
