import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { customerBookingPath, paths } from '../../shared/paths';
import { useAppDispatch, useAppSelector } from '../../shared/hooks';
import { selectBookingById } from '../bookings/bookingsSlice';
import { selectSelection } from '../selection/selectionSlice';
import { ConfirmForm } from './ConfirmForm';
import { confirmedAlert, confirmedMessage, selectSessionRestored } from './confirmationShared';
import { selectConfirmRetry, selectConfirmedBookingId, selectPendingBookingId } from './confirmationSlice';
import { hotelConfirmationOpened, hotelDraftSubmitted, hotelStayOf } from './hotelConfirmThunks';
import type { HotelConfirmation } from './hotelConfirmThunks';
import { StayDetails } from './StayDetails';
import { summarizeRecord, summarizeSelection } from './staySummary';
import './confirmation.css';

/**
 * Booking Confirmation in hotel mode: Confirm Booking sends the draft to the hotel, and only the
 * hotel's answer confirms it. The Booking ID shown afterwards is the one the hotel stored.
 */
export function HotelBookingDetailsPage() {
  const dispatch = useAppDispatch();
  const restored = useAppSelector(selectSessionRestored);
  const pendingId = useAppSelector(selectPendingBookingId);
  const confirmedId = useAppSelector(selectConfirmedBookingId);
  const storedRecord = useAppSelector((state) => (confirmedId ? selectBookingById(state, confirmedId) : undefined));
  const selection = useAppSelector(selectSelection);
  const retry = useAppSelector(selectConfirmRetry);
  // What the hotel answered, for when this browser could not keep its own copy.
  const [confirmed, setConfirmed] = useState<HotelConfirmation | null>(null);
  const success = useRef<HTMLParagraphElement>(null);
  const confirmedHere = useRef(false);

  useEffect(() => {
    if (restored) dispatch(hotelConfirmationOpened());
  }, [restored, dispatch]);

  // The Confirm Booking button is gone: give focus to the message that replaced it.
  useEffect(() => {
    if (confirmedId && confirmedHere.current) success.current?.focus();
  }, [confirmedId]);

  async function confirm(email: string): Promise<string | null> {
    const result = await dispatch(hotelDraftSubmitted(email));
    if (hotelDraftSubmitted.rejected.match(result))
      return result.payload?.message ?? 'The booking could not be confirmed. Please try again.';
    confirmedHere.current = true;
    setConfirmed(result.payload);
    window.alert(confirmedAlert);
    return null;
  }

  const bookingId = confirmedId ?? pendingId;
  const confirmedRecord = storedRecord ?? (confirmed?.record.bookingId === confirmedId ? confirmed?.record : undefined);
  const canConfirm = hotelStayOf(selection) !== null;
  return (
    <section className="page page--narrow confirmation" aria-labelledby="page-title">
      <title>Booking Confirmation</title>
      <h1 id="page-title">Booking Confirmation</h1>
      {!restored || bookingId === null ? (
        <p role="status">Preparing your booking…</p>
      ) : (
        <div className="card confirmation__card">
          <StayDetails
            bookingId={bookingId}
            summary={confirmedId && confirmedRecord ? summarizeRecord(confirmedRecord) : summarizeSelection(selection)}
            email={confirmedRecord?.email}
          />
          {confirmedId ? (
            <div className="confirmation__done">
              <p className="notice notice--success" role="status" tabIndex={-1} ref={success}>
                {confirmedMessage}
              </p>
              {confirmed && !confirmed.keptHere && (
                <p className="notice">
                  The hotel has your booking, but this browser could not keep a copy of it. Please note your Booking ID: you can look the
                  booking up with it and your email in the Booking Portal.
                </p>
              )}
              <div className="button-row">
                <Link className="button" to={paths.adminBookings}>
                  View All Bookings
                </Link>
                <Link className="button button--secondary" to={customerBookingPath(confirmedId)}>
                  View Your Booking
                </Link>
              </div>
            </div>
          ) : canConfirm ? (
            <>
              <ConfirmForm onConfirm={confirm} />
              {/* Present from the start so that screen readers announce each new try. */}
              <p role="status" className="confirmation__retry">
                {retry ? `Still trying to reach the hotel… (try ${retry.nextTry} of ${retry.tries})` : ''}
              </p>
              <p>
                <Link to={paths.booking}>Change dates or rooms</Link>
              </p>
            </>
          ) : (
            <div className="confirmation__choose">
              <p className="notice notice--error">
                To book with the hotel, please choose your check-in and check-out dates and at least one room on the booking screen first.
              </p>
              <Link className="button" to={paths.booking}>
                Choose dates and rooms
              </Link>
            </div>
          )}
        </div>
      )}
    </section>
  );
}
