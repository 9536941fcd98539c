import type { ReactNode } from 'react';
import { Link, useLocation, useNavigate, useParams } from 'react-router-dom';
import { isFullBooking, useApiDispatch, useGetBookingQuery } from '../../api/bookingsApi';
import { describeError, statusOf } from '../../api/requestErrors';
import type { BookingRecord } from '../../domain/bookingRecord';
import { formatDisplayDate } from '../../domain/dates';
import { AddToCalendar } from '../../shared/AddToCalendar';
import { useAppSelector } from '../../shared/hooks';
import { selectOffers } from '../../shared/offers';
import { paths } from '../../shared/paths';
import type { CustomerBookingState } from '../../shared/paths';
import { selectStorageAvailable } from '../bookings/bookingsSlice';
import { saveFailureMessage } from '../bookings/bookingsThunks';
import { BookingFacts } from './BookingFacts';
import { BookingNotFound } from './BookingNotFound';
import { EmailForm } from './EmailForm';
import { EmailLookupForm } from './EmailLookupForm';
import { guestApi, useChangeEmailMutation, useLookupBookingQuery } from './guestApi';
import { selectGuestBooking } from './guestBooking';
import { bookingPaymentPath } from '../payment/paymentPaths';
import './guest.css';
import { LoadProblem } from '../../shared/ui/notices';

function GuestPage({ children }: { children: ReactNode }) {
  return (
    <section className="page page--narrow guest" aria-labelledby="page-title">
      <title>Your Booking Details</title>
      <h1 id="page-title">Your Booking Details</h1>
      {children}
      <p className="guest__back">
        <Link to={paths.bookingPortal}>Look up another booking</Link>
      </p>
    </section>
  );
}

/**
 * Your Booking Details, from the bookings API. The proof the hotel takes, in order: the guest key
 * this browser kept with its copy of the booking; else the email the portal carried (in router
 * state, never the address); else none, and the hotel shows only that the booking exists and its
 * dates, with a form asking for the booking's email. This browser's own storage shows its bookings
 * to whoever opens them here.
 */
export function CustomerBookingPage() {
  const cacheDispatch = useApiDispatch();
  const navigate = useNavigate();
  const location = useLocation();
  const offers = useAppSelector(selectOffers);
  const storageAvailable = useAppSelector(selectStorageAvailable);
  const bookingId = useParams().bookingId ?? '';
  const guestKey = useAppSelector((state) => selectGuestBooking(state, bookingId)?.guestKey);
  const carried = (location.state as CustomerBookingState | null)?.lookupEmail || undefined;
  const lookupEmail = offers.lookupByEmail ? carried : undefined;

  const keyArgs = guestKey ? { bookingId, guestKey } : { bookingId };
  const byKeyOrNone = useGetBookingQuery(keyArgs, { skip: guestKey === undefined && lookupEmail !== undefined });
  // A key the hotel does not know for this booking shows only its outline: then the email decides.
  const keyRefused = guestKey !== undefined && byKeyOrNone.data !== undefined && !isFullBooking(byKeyOrNone.data.booking);
  const byEmail = lookupEmail !== undefined && (guestKey === undefined || keyRefused);
  const byLookup = useLookupBookingQuery({ bookingId, email: lookupEmail ?? '' }, { skip: !byEmail });
  const { data, error, isFetching, refetch } = byEmail ? byLookup : byKeyOrNone;
  const [changeEmail] = useChangeEmailMutation();

  /** Keeps the email in memory for a reload of this page, as the portal does. */
  function rememberEmail(email: string) {
    const state: CustomerBookingState = { lookupEmail: email };
    void navigate({ pathname: location.pathname }, { replace: true, state });
  }

  async function saveEmail(booking: BookingRecord, email: string): Promise<string | null> {
    const proof = guestKey && !byEmail ? { guestKey } : { currentEmail: booking.email };
    const result = await changeEmail({ bookingId: booking.bookingId, email, ...proof });
    if (result.error) return describeError(result.error, saveFailureMessage('unknown'));
    const saved = result.data.booking;
    if (byEmail) {
      // The old email no longer opens the booking: look it up by the new one, already answered.
      void cacheDispatch(guestApi.util.upsertQueryData('lookupBooking', { bookingId, email: saved.email }, { booking: saved }));
      rememberEmail(saved.email);
    } else {
      // Asking the hotel again would spend one of the guest's lookups.
      cacheDispatch(guestApi.util.updateQueryData('getBooking', keyArgs, (draft) => void (draft.booking = saved)));
    }
    return null;
  }

  const booking = data?.booking;
  if (!booking) {
    const status = statusOf(error);
    // 404, and an ID the hotel cannot even read (400) or that is past the longest address (414): no such booking.
    if (error && !isFetching && status !== 404 && status !== 400 && status !== 414)
      return (
        <GuestPage>
          <LoadProblem
            error={error}
            fallback="The hotel could not show this booking."
            retrying={isFetching}
            onRetry={() => void refetch()}
          />
        </GuestPage>
      );
    // With storage refused no booking can be found here, whatever the ID: say why.
    const advice = byEmail
      ? 'Check the Booking ID and the email you booked with, and try again.'
      : offers.keeper === 'browser' && !storageAvailable
        ? saveFailureMessage('unavailable')
        : 'Check the Booking ID in your confirmation and try again.';
    // Until the answer is in (always so in the page the build prerendered), the page holds its place unseen.
    return <BookingNotFound bookingId={bookingId} pending={!error || isFetching} advice={advice} />;
  }

  if (!isFullBooking(booking)) {
    return (
      <GuestPage>
        <div className="card guest__card">
          <dl className="guest__facts">
            <dt>Booking ID</dt>
            <dd className="guest__id">{booking.bookingId}</dd>
            <dt>Status</dt>
            <dd>Confirmed</dd>
            <dt>Check-In</dt>
            <dd>{formatDisplayDate(booking.checkIn)}</dd>
            <dt>Check-Out</dt>
            <dd>{formatDisplayDate(booking.checkOut)}</dd>
          </dl>
          <EmailLookupForm bookingId={bookingId} onFound={rememberEmail} />
        </div>
      </GuestPage>
    );
  }

  return (
    <GuestPage>
      <div className="card guest__card">
        {/* Found by its email (the portal, or the form below the outline): the invoice link carries it. */}
        <BookingFacts booking={booking} proof={byEmail ? { lookupEmail } : undefined} />
        {booking.status !== 'cancelled' && (
          <p className="guest__calendar">
            <AddToCalendar stay={booking} />
          </p>
        )}
        {/* Hotel mode with payments (issue 37): its payment, refunds and vouchers, on the device that holds its key. */}
        {offers.payments && guestKey && !byEmail && (
          <p className="guest__calendar">
            <Link className="button button--secondary" to={bookingPaymentPath(booking.bookingId)}>
              {booking.status === 'awaiting_payment' ? 'Pay to confirm' : 'Payment and receipts'}
            </Link>
          </p>
        )}
        {/* Keyed so that opening another booking starts from that booking's email. */}
        <EmailForm key={booking.bookingId} storedEmail={booking.email} onSave={(email) => saveEmail(booking, email)} />
      </div>
    </GuestPage>
  );
}
