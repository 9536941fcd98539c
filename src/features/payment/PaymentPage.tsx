import { useEffect, useRef, useState } from 'react';
import { Link, useLocation, useParams } from 'react-router-dom';
import { useGetBookingPaymentQuery, usePayAgainMutation } from './paymentApi';
import { describeError, statusOf } from '../../api/requestErrors';
import type { SourceError } from '../../api/requestErrors';
import { formatDisplayDate, formatDisplayDateTime } from '../../domain/dates';
import { formatPaise } from '../../domain/tax';
import type { GuestPaymentReply, PaymentSummary } from '../../domain/paymentsWire';
import { useAppSelector } from '../../shared/hooks';
import { selectOffers } from '../../shared/offers';
import { customerBookingPath } from '../guest/customerBookingPath';
import { paths } from '../../shared/paths';
import { selectGuestBooking, shownId } from '../guest/guestBooking';
import { invoicePath } from '../invoice/invoicePath';
import { PaymentFacts } from './PaymentFacts';
import './payment.css';

/** While a booking waits for its payment, the page asks the hotel again this often: a webhook may confirm it any moment. */
const waitingPollMs = 4_000;

/**
 * A booking's payment (issue 37), where Razorpay sends the guest back after paying (the server has
 * checked the return's signature and recorded the payment before redirecting here, `?result=`):
 * confirmed; still waiting (with the link to pay and when the hold ends); or not paid in time,
 * with Pay again while the rooms are free. It asks the hotel with the key this browser kept for
 * the booking, so it opens on the device the booking was made on.
 */
export function PaymentPage() {
  const { payments } = useAppSelector(selectOffers);
  const bookingId = useParams().bookingId ?? '';
  return (
    <section className="page page--narrow payment-page" aria-labelledby="page-title">
      <title>Your Payment</title>
      <h1 id="page-title">Your Payment</h1>
      {payments ? (
        <PaymentLoader bookingId={bookingId} />
      ) : (
        <p className="notice">Payments are made at the hotel: this site keeps its bookings in this browser only.</p>
      )}
    </section>
  );
}

function PaymentLoader({ bookingId }: { bookingId: string }) {
  // Read with the platform's URLSearchParams: the router's useSearchParams would add its code to
  // the router chunk that every page, home included, loads first.
  const result = new URLSearchParams(useLocation().search).get('result');
  const guestKey = useAppSelector((state) => selectGuestBooking(state, bookingId)?.guestKey);
  const [waiting, setWaiting] = useState(true);
  const { data, error, isLoading, isFetching, refetch } = useGetBookingPaymentQuery(
    { bookingId, guestKey },
    { skip: !guestKey, pollingInterval: waiting ? waitingPollMs : 0, refetchOnMountOrArgChange: true },
  );
  const reply = data as GuestPaymentReply | undefined;
  const status = reply?.booking.status;
  if (waiting && status !== undefined && status !== 'awaiting_payment') setWaiting(false);

  if (!guestKey)
    return (
      <div className="notice" role="status">
        <p>
          {result === 'paid'
            ? `Razorpay says the payment for booking ${shownId(bookingId)} went through. `
            : `This page shows the payment of booking ${shownId(bookingId)} on the device it was booked on. `}
          The hotel emails you when the booking is confirmed; to see it here, open it in the Booking Portal with its ID and your email.
        </p>
        <Link className="button button--secondary" to={paths.bookingPortal}>
          Booking Portal
        </Link>
      </div>
    );
  if (isLoading) return <p role="status">Asking the hotel about your payment…</p>;
  if (error || !reply) {
    const code = statusOf(error as SourceError);
    return (
      <div className="notice notice--error hotel-problem" role="alert">
        <p>
          {code === 404
            ? `No booking found with ID: ${shownId(bookingId)}.`
            : describeError(error as SourceError, 'The hotel could not show this payment.')}
        </p>
        {code !== 404 && (
          <button type="button" className="button button--secondary" disabled={isFetching} onClick={() => void refetch()}>
            Try again
          </button>
        )}
      </div>
    );
  }
  return <Payment reply={reply} result={result} />;
}

function Payment({ reply, result }: { reply: GuestPaymentReply; result: string | null }) {
  const { booking, payment } = reply;
  const guestKey = useAppSelector((state) => selectGuestBooking(state, booking.bookingId)?.guestKey);
  const [askLink] = usePayAgainMutation();
  // Why the link could not be made (Razorpay not answering): said instead of "not paid in time".
  const [linkProblem, setLinkProblem] = useState<string | null>(null);
  const asked = useRef(false);
  // A booking just held has no link yet: this page asks the hotel for it once (the hotel makes it
  // with Razorpay, or takes the hold back when it cannot).
  const needsLink = payment.status === 'awaiting_payment' && !payment.payUrl;
  useEffect(() => {
    if (!needsLink || asked.current) return;
    asked.current = true;
    void askLink({ bookingId: booking.bookingId, guestKey }).then((answer) => {
      if (answer.error) setLinkProblem(describeError(answer.error, 'The hotel could not make the link to pay. Please try again.'));
    });
  }, [needsLink, askLink, booking.bookingId, guestKey]);
  return (
    <div className="card payment">
      <PaymentState summary={payment} result={result} linkProblem={linkProblem} onLinkProblem={setLinkProblem} />
      <dl className="payment__stay">
        <div>
          <dt>Booking ID</dt>
          <dd>{booking.bookingId}</dd>
        </div>
        <div>
          <dt>Room</dt>
          <dd>
            {booking.roomName}
            {booking.rooms > 1 ? ` × ${booking.rooms}` : ''}
          </dd>
        </div>
        <div>
          <dt>Stay</dt>
          <dd>
            {formatDisplayDate(booking.checkIn)} to {formatDisplayDate(booking.checkOut)}
          </dd>
        </div>
      </dl>
      <PaymentFacts summary={payment} />
      <p className="button-row payment__links">
        <Link className="button button--secondary" to={customerBookingPath(booking.bookingId)}>
          View Your Booking
        </Link>
        {booking.invoiceNumber && (
          <Link className="button button--secondary" to={invoicePath(booking.bookingId)}>
            Tax invoice
          </Link>
        )}
      </p>
    </div>
  );
}

interface StateProps {
  summary: PaymentSummary;
  result: string | null;
  linkProblem: string | null;
  onLinkProblem: (problem: string | null) => void;
}

/** What the guest needs to know first, and the one thing to do next. */
function PaymentState({ summary, result, linkProblem, onLinkProblem }: StateProps) {
  switch (summary.status) {
    case 'confirmed':
    case 'checked_in':
    case 'checked_out':
      return (
        <p className="notice notice--success payment__state" role="status">
          {summary.paidPaise > 0
            ? `Payment received: your booking is confirmed. ${formatPaise(summary.duePaise)} is left to pay at the hotel.`
            : 'Your booking is confirmed.'}
        </p>
      );
    case 'awaiting_payment':
      return <Waiting summary={summary} result={result} />;
    case 'expired':
      return <Expired summary={summary} linkProblem={linkProblem} onLinkProblem={onLinkProblem} />;
    default:
      return (
        <p className="notice payment__state" role="status">
          {summary.status === 'cancelled' ? 'This booking is cancelled.' : 'This booking was a no-show.'}
          {summary.refunds.length > 0 ? ' Its refunds are below.' : ''}
        </p>
      );
  }
}

function Waiting({ summary, result }: { summary: PaymentSummary; result: string | null }) {
  const until = summary.holdExpiresAt ? formatDisplayDateTime(summary.holdExpiresAt) : null;
  return (
    <div className="payment__state" role="status">
      <p className="notice">
        {result === 'paid'
          ? 'Razorpay says your payment went through: the hotel is confirming it. This page updates by itself.'
          : result === 'not-paid' || result === 'unverified'
            ? 'The hotel has not received your payment yet.'
            : 'Your rooms are held while you pay.'}{' '}
        {until ? `They are held until ${until}.` : ''}
      </p>
      {!summary.payUrl && <p className="payment__note">Preparing the link to pay…</p>}
      {summary.payUrl && (
        <p className="payment__pay">
          <a className="button button--accent" href={summary.payUrl}>
            Pay {formatPaise(summary.dueNowPaise)} now
          </a>
          <span className="payment__note">On Razorpay’s page: UPI, cards or netbanking. You come back here once paid.</span>
        </p>
      )}
    </div>
  );
}

function Expired({ summary, linkProblem, onLinkProblem }: Omit<StateProps, 'result'>) {
  const [payAgain, { isLoading }] = usePayAgainMutation();
  const [problem, setProblem] = useState<string | null>(null);
  const guestKey = useAppSelector((state) => selectGuestBooking(state, summary.bookingId)?.guestKey);

  async function again() {
    setProblem(null);
    onLinkProblem(null);
    const result = await payAgain({ bookingId: summary.bookingId, guestKey });
    if (result.error) setProblem(describeError(result.error, 'The booking could not be held again. Please try again.'));
    else if (result.data.payment.payUrl) window.location.assign(result.data.payment.payUrl);
  }

  return (
    <div className="payment__state">
      <p className="notice notice--error" role="status">
        {linkProblem ?? 'Your payment did not arrive in time, so the booking is not confirmed and its rooms were released.'}
        {summary.canPayAgain
          ? ` The rooms are still free: you can ${linkProblem ? 'try again' : 'pay now'} to book them.`
          : ' The rooms are no longer free for these dates.'}
      </p>
      {summary.canPayAgain ? (
        <button type="button" className="button button--accent" disabled={isLoading} onClick={() => void again()}>
          {linkProblem ? 'Try again' : 'Pay again'}
        </button>
      ) : (
        <Link className="button" to={paths.booking}>
          Choose other dates
        </Link>
      )}
      {problem && (
        <p className="notice notice--error" role="alert">
          {problem}
        </p>
      )}
    </div>
  );
}
