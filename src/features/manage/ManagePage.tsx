import { useEffect, useRef, useState } from 'react';
import type { ReactNode } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { describeError, statusOf } from '../../api/requestErrors';
import { formatDisplayDate } from '../../domain/dates';
import { AddToCalendar } from '../../shared/AddToCalendar';
import { useAppSelector } from '../../shared/hooks';
import { selectOffers } from '../../shared/offers';
import { paths } from '../../shared/paths';
import { BookingFacts } from '../guest/BookingFacts';
import { NotFound } from '../layout/NotFound';
import { CancelStay } from './CancelStay';
import { ChangeStayForm } from './ChangeStayForm';
import { useGetManagePaymentQuery } from '../payment/paymentApi';
import { PaymentFacts } from '../payment/PaymentFacts';
import { useGetManagedBookingQuery } from './manageApi';
import { tokenFromHash } from './manageToken';
import '../guest/guest.css';
import './manage.css';
import { LoadProblem } from '../../shared/ui/notices';

const incompleteLink =
  'This booking link is not complete. Open the link in your email again, or ask for a new one with your booking ID and email address.';

function ManageFrame({ children }: { children: ReactNode }) {
  return (
    <section className="page page--narrow manage" aria-labelledby="page-title">
      <title>Manage Your Booking</title>
      <h1 id="page-title">Manage Your Booking</h1>
      {children}
    </section>
  );
}

/**
 * Hotel mode's manage link (`/manage#<token>`, from the guest's emails): the whole booking and its
 * status, a change of dates or rooms (the new total shown before the guest confirms it), and a
 * cancel (the policy stated first). Browser-only, the site keeps no links: the page is not found.
 */
export function ManagePage() {
  const { manageLinks } = useAppSelector(selectOffers);
  return manageLinks ? <ManageBooking /> : <NotFound />;
}

function ManageBooking() {
  const offers = useAppSelector(selectOffers);
  const token = tokenFromHash(useLocation().hash);
  const { data, error, isFetching, refetch } = useGetManagedBookingQuery(token, { skip: token === '' });
  // What the guest just did, said above the booking (and given focus: the button pressed may be gone).
  const [done, setDone] = useState<string | null>(null);
  const doneRef = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (done) doneRef.current?.focus();
  }, [done]);

  if (token === '' || (error && statusOf(error) === 404 && !isFetching))
    return (
      <ManageFrame>
        <div className="card manage__card">
          <p className="notice notice--error" role="alert">
            {token === '' ? incompleteLink : describeError(error, incompleteLink)}
          </p>
          <p>On the Booking Portal, enter your booking ID and the email you booked with, and we will email you a new link.</p>
          <Link className="button" to={paths.bookingPortal}>
            Ask for a new link
          </Link>
        </div>
      </ManageFrame>
    );

  if (!data)
    return (
      <ManageFrame>
        {error && !isFetching ? (
          <LoadProblem
            error={error}
            fallback="The hotel could not open this booking."
            retrying={isFetching}
            onRetry={() => void refetch()}
          />
        ) : (
          <p role="status" className="manage__loading">
            Opening your booking…
          </p>
        )}
      </ManageFrame>
    );

  const { booking, policy, canChange } = data;
  const cancelled = booking.status === 'cancelled';
  return (
    <ManageFrame>
      {done && (
        <p className="notice notice--success" role="status" tabIndex={-1} ref={doneRef}>
          {done}
        </p>
      )}
      <div className="card manage__card">
        {/* Its Tax invoice link carries the token, so the invoice opens on this device too (issue 34). */}
        <BookingFacts booking={booking} proof={{ manageToken: token }} />
        {cancelled ? (
          <p className="manage__note">
            This booking is cancelled and its rooms are released. <Link to={paths.booking}>Book another stay</Link>
          </p>
        ) : (
          <>
            <p className="manage__calendar">
              <AddToCalendar stay={booking} />
            </p>
            <p className="manage__note">
              This link works until {formatDisplayDate(data.linkValidUntil)}. Keep it to yourself: it opens your booking.
            </p>
          </>
        )}
      </div>
      {offers.payments && <ManagePayment token={token} />}
      {!cancelled && (
        <section className="card manage__section" aria-labelledby="change-title">
          <h2 id="change-title">Change your stay</h2>
          {canChange ? (
            <ChangeStayForm
              token={token}
              booking={booking}
              onChanged={() => setDone('Your stay was changed. We have emailed you the new details.')}
            />
          ) : (
            <p>
              The dates and rooms of this stay can no longer be changed here. Please call the hotel on{' '}
              <a href={`tel:${policy.hotelPhone.replace(/\s/g, '')}`}>{policy.hotelPhone}</a>.
            </p>
          )}
        </section>
      )}
      {!cancelled && (
        <section className="card manage__section" aria-labelledby="cancel-title">
          <h2 id="cancel-title">Cancel your booking</h2>
          <CancelStay
            token={token}
            bookingId={booking.bookingId}
            policy={policy}
            onCancelled={() => setDone('Your booking is cancelled. We have emailed you a confirmation.')}
          />
        </section>
      )}
    </ManageFrame>
  );
}

/** What was paid for the booking, refunded, and its vouchers (issue 37): only once money has moved. */
function ManagePayment({ token }: { token: string }) {
  const { currentData } = useGetManagePaymentQuery(token);
  if (!currentData || (currentData.payments.length === 0 && currentData.refunds.length === 0)) return null;
  return (
    <div className="card manage__section">
      <PaymentFacts summary={currentData} />
    </div>
  );
}
