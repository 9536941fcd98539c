import { useEffect, useRef } from 'react';
import { Link } from 'react-router-dom';
import { paths } from '../../shared/paths';
import { useAppDispatch, useAppSelector } from '../../shared/hooks';
import { selectBookingById, selectStorageAvailable } from '../bookings/bookingsSlice';
import { saveFailureMessage } from '../bookings/bookingsThunks';
import { selectSelection } from '../selection/selectionSlice';
import { ConfirmForm } from './ConfirmForm';
import { confirmedAlert, confirmedMessage, selectSessionRestored } from './confirmationShared';
import { selectConfirmedBookingId, selectPendingBookingId } from './confirmationSlice';
import { confirmationOpened, draftSubmitted } from './confirmationThunks';
import { Pending } from '../../shared/Pending';
import { StayDetails } from './StayDetails';
import { summarizeRecord, summarizeSelection } from './staySummary';
import './confirmation.css';

/** Shown, unseen, in the Booking ID's place until the session is read back: an ID of the usual length. */
const typicalBookingId = 'BK000000';

export function BookingDetailsPage() {
  const dispatch = useAppDispatch();
  const restored = useAppSelector(selectSessionRestored);
  const pendingId = useAppSelector(selectPendingBookingId);
  const confirmedId = useAppSelector(selectConfirmedBookingId);
  const confirmedRecord = useAppSelector((state) => (confirmedId ? selectBookingById(state, confirmedId) : undefined));
  const selection = useAppSelector(selectSelection);
  const storageAvailable = useAppSelector(selectStorageAvailable);
  const success = useRef<HTMLParagraphElement>(null);
  const confirmedHere = useRef(false);

  useEffect(() => {
    if (restored) dispatch(confirmationOpened());
  }, [restored, dispatch]);

  // The Confirm Booking button is gone: give focus to the message that replaced it.
  useEffect(() => {
    if (confirmedId && confirmedHere.current) success.current?.focus();
  }, [confirmedId]);

  async function confirm(email: string): Promise<string | null> {
    const result = await dispatch(draftSubmitted(email));
    if (draftSubmitted.rejected.match(result)) return result.payload?.message ?? saveFailureMessage('unknown');
    confirmedHere.current = true;
    window.alert(confirmedAlert);
    return null;
  }

  const bookingId = confirmedId ?? pendingId;
  // Until the session is read back (always so in the page the build prerendered) the screen shows
  // its card with every value holding its place unseen, so nothing moves when they show.
  const ready = restored && bookingId !== null;
  return (
    <section className="page page--narrow confirmation" aria-labelledby="page-title">
      <title>Booking Confirmation</title>
      <h1 id="page-title">Booking Confirmation</h1>
      {!storageAvailable && (
        <p className="notice notice--error" role="alert">
          {saveFailureMessage('unavailable')}
        </p>
      )}
      {/* The session's stay may change the card's lines: unseen until read back, when this browser holds one. */}
      <Pending when={!ready} block movable>
        <div className="card confirmation__card" aria-busy={!ready || undefined}>
          <StayDetails
            bookingId={bookingId ?? typicalBookingId}
            summary={confirmedId && confirmedRecord ? summarizeRecord(confirmedRecord) : summarizeSelection(selection)}
            email={confirmedRecord?.email}
            pending={!ready}
          />
          {confirmedId ? (
            <div className="confirmation__done">
              <p className="notice notice--success" role="status" tabIndex={-1} ref={success}>
                {confirmedMessage}
              </p>
              <Link className="button" to={paths.adminBookings}>
                View All Bookings
              </Link>
            </div>
          ) : (
            <ConfirmForm onConfirm={confirm} waiting={!ready} />
          )}
        </div>
      </Pending>
    </section>
  );
}
