import { Suspense, lazy, useId, useLayoutEffect, useRef, useState } from 'react';
import type { FormEvent } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { customerBookingPath } from '../guest/customerBookingPath';
import { paths } from '../../shared/paths';
import type { CustomerBookingState } from '../../shared/paths';
import { useAppSelector } from '../../shared/hooks';
import { selectOffers } from '../../shared/offers';
import { pressAgain } from '../../shared/earlyForm';
import './portal.css';

// Hotel mode only, so its code (and the bookings API's) stays out of the browser-only portal.
const EmailLinkRequest = lazy(() =>
  import(/* webpackChunkName: "customer-booking" */ './EmailLinkRequest').then((m) => ({ default: m.EmailLinkRequest })),
);

/** Guests copy IDs with stray spaces or type them in lower case; IDs are stored as BK123456. */
export function normalizeBookingId(typed: string): string {
  return typed.trim().replace(/^bk/i, 'BK');
}

export function BookingPortalPage() {
  const navigate = useNavigate();
  const [bookingId, setBookingId] = useState('');
  // The hotel shows a booking to whoever knows its ID and the email it was booked with.
  const { lookupByEmail: byEmail, manageLinks } = useAppSelector(selectOffers);
  const [email, setEmail] = useState('');
  const [emailMissing, setEmailMissing] = useState(false);
  const fieldId = useId();
  const emailId = useId();
  const emailProblemId = useId();
  // Adopting the prerendered page (src/shared/earlyForm.ts): the ID typed before React ran, and
  // View Your Booking pressed then, pressed again once, a task later.
  const idField = useRef<HTMLInputElement>(null);
  const view = useRef<HTMLButtonElement>(null);
  useLayoutEffect(() => {
    setBookingId(idField.current!.value);
    pressAgain(view.current);
  }, []);

  function lookUp(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const id = normalizeBookingId(bookingId);
    if (id === '') {
      window.alert('Please enter your Booking ID!');
      return;
    }
    if (!byEmail) {
      void navigate(customerBookingPath(id));
      return;
    }
    const lookupEmail = email.trim();
    setEmailMissing(lookupEmail === '');
    if (lookupEmail === '') return;
    // In memory only: an email in the address would end up in history, logs and shared links.
    const state: CustomerBookingState = { lookupEmail };
    void navigate(customerBookingPath(id), { state });
  }

  return (
    <section className="page page--narrow portal" aria-labelledby="page-title">
      <title>Hotel Booking Portal</title>
      <h1 id="page-title">Hotel Booking Portal</h1>
      <div className="portal__grid">
        <section className="card portal__guest" aria-labelledby="guest-title">
          <h2 id="guest-title">Find your booking</h2>
          <p>
            {byEmail
              ? 'Enter the Booking ID from your confirmation and the email you booked with to see your stay or change your email.'
              : 'Enter the Booking ID from your confirmation to see your stay or change your email.'}
          </p>
          <form onSubmit={lookUp} noValidate>
            <div className="field">
              <label htmlFor={fieldId}>Booking ID</label>
              <input
                id={fieldId}
                type="text"
                className="input"
                placeholder="BK123456"
                ref={idField}
                value={bookingId}
                onChange={(event) => setBookingId(event.target.value)}
                autoComplete="off"
                autoCapitalize="characters"
                spellCheck={false}
              />
            </div>
            {byEmail && (
              <div className="field">
                <label htmlFor={emailId}>Email you booked with</label>
                <input
                  id={emailId}
                  type="email"
                  className="input"
                  autoComplete="email"
                  value={email}
                  aria-invalid={emailMissing || undefined}
                  aria-describedby={emailMissing ? emailProblemId : undefined}
                  onChange={(event) => setEmail(event.target.value)}
                />
                {emailMissing && (
                  <p id={emailProblemId} className="notice notice--error portal__problem" role="alert">
                    Please enter the email you booked with.
                  </p>
                )}
              </div>
            )}
            <button type="submit" className="button button--accent" ref={view}>
              View Your Booking
            </button>
            {manageLinks && (
              <Suspense fallback={null}>
                <EmailLinkRequest bookingId={normalizeBookingId(bookingId)} email={email.trim()} />
              </Suspense>
            )}
          </form>
        </section>
        <section className="card portal__admin" aria-labelledby="admin-title">
          <h2 id="admin-title">Hotel staff</h2>
          <p>Search, review and delete bookings.</p>
          <div className="button-row">
            <Link className="button" to={paths.adminBookings}>
              Admin View Bookings
            </Link>
            <Link className="button button--secondary" to={paths.viewBookings}>
              All Booked Rooms
            </Link>
          </div>
        </section>
      </div>
    </section>
  );
}
