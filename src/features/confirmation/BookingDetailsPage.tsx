import { Suspense, lazy, useEffect, useRef, useState } from 'react';
import type { MouseEvent } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { useGetStayPricesQuery, useGetStayQuoteQuery } from '../../api/bookingsApi';
import { serverMessage } from '../../api/requestErrors';
import { guestsParam } from '../../domain/roomGuests';
import type { Confirmed } from '../../api/bookingsApi';
import { useGetBookingPaymentQuery, useGetPaymentPolicyQuery } from '../payment/paymentApi';
import type { StaySummary } from '../../domain/stay';
import { recordTax } from '../../domain/tax';
import { customerBookingPath } from '../guest/customerBookingPath';
import { paths } from '../../shared/paths';
import { invoicePath } from '../invoice/invoicePath';
import { bookingPaymentPath } from '../payment/paymentPaths';
import { PaymentDue } from './PaymentDue';
import { useAppDispatch, useAppSelector } from '../../shared/hooks';
import { Pending } from '../../shared/Pending';
import { selectOffers } from '../../shared/offers';
import { selectBookingById } from '../bookings/bookingsSlice';
import { StorageNotice } from '../bookings/StorageNotice';
import { saveFailureMessage } from '../bookings/bookingsThunks';
import { selectSelection } from '../selection/selectionSlice';
import { ConfirmForm } from './ConfirmForm';
import type { GuestContactTyped } from '../../shared/GuestContactFields';
import { confirmedAlert, confirmedMessage, selectSessionRestored } from './confirmationShared';
import { selectConfirmRetry, selectConfirmedBookingId, selectPendingBookingId } from './confirmationSlice';
import { confirmationOpened, draftSubmitted, selectCanConfirm } from './confirmationThunks';
import { StayDetails } from './StayDetails';
import { summarizeRecord, summarizeSelection } from './staySummary';
import { StayGuestsFields, fitChoice } from './StayGuestsFields';
import type { StayGuestsChoice } from './StayGuestsFields';
import './confirmation.css';

// With the guest view's code (the next screen a guest opens): none of it before a booking is confirmed.
const AddToCalendar = lazy(() =>
  import(/* webpackChunkName: "customer-booking" */ '../../shared/AddToCalendar').then((m) => ({ default: m.AddToCalendar })),
);

/** Shown, unseen, in the Booking ID's place until the session is read back: an ID of the usual length. */
const typicalBookingId = 'BK000000';

/**
 * These links appear where Confirm Booking was: the second click of a guest's double click on
 * Confirm Booking would land on one of them and leave the page before its success message is read.
 * A link needs one click, so the rest of a double click is dropped.
 */
function ignoreDoubleClickRest(event: MouseEvent): void {
  if (event.detail > 1) event.preventDefault();
}

/**
 * Booking Confirmation: Confirm Booking sends the draft to the bookings API, and only its answer
 * confirms it (this browser's storage, or the hotel, which may store it under a free Booking ID:
 * the screen then shows that one).
 */
export function BookingDetailsPage() {
  const dispatch = useAppDispatch();
  const offers = useAppSelector(selectOffers);
  const restored = useAppSelector(selectSessionRestored);
  const pendingId = useAppSelector(selectPendingBookingId);
  const confirmedId = useAppSelector(selectConfirmedBookingId);
  const storedRecord = useAppSelector((state) => (confirmedId ? selectBookingById(state, confirmedId) : undefined));
  const selection = useAppSelector(selectSelection);
  const canConfirm = useAppSelector(selectCanConfirm);
  const retry = useAppSelector(selectConfirmRetry);
  // What was confirmed here, for when this browser could not keep its own copy (the hotel has it).
  const [confirmed, setConfirmed] = useState<Confirmed | null>(null);
  const success = useRef<HTMLParagraphElement>(null);
  const confirmedHere = useRef(false);
  // What the guest did in the form before React adopted the page, kept across its remount (ConfirmForm.tsx).
  const earlyRef = useRef({ email: '', pressed: false, focused: false });
  // The hotel prices each night by its own rules: before confirming, the total is the hotel's sum of the nights.
  const askPrices =
    offers.prices && !confirmedId && selection.startDate !== null && selection.endDate !== null && selection.roomId !== null;
  const { currentData: hotelPrices, isError: pricesFailed } = useGetStayPricesQuery(
    { checkIn: selection.startDate ?? '', checkOut: selection.endDate ?? '' },
    { skip: !askPrices },
  );
  const hotelRoom = askPrices ? hotelPrices?.rooms.find((room) => room.roomId === selection.roomId) : undefined;
  const selected = summarizeSelection(selection);
  // Issue 40: the meal plan and each room's guests, within what the owner sells this room type with.
  const [chosenGuests, setChosenGuests] = useState<StayGuestsChoice | null>(null);
  const stayChoice =
    hotelRoom && selected.rooms > 0
      ? fitChoice(chosenGuests, hotelRoom.guestRules, hotelRoom.plans, selected.rooms, selection.packageIndex ?? 0)
      : null;
  // Before Confirm, the hotel's room total, GST and total with tax for this stay and choice: what the confirm will fix.
  const stayQuote = useGetStayQuoteQuery(
    {
      roomId: selection.roomId ?? '',
      packageIndex: stayChoice?.mealPlan ?? 0,
      rooms: selected.rooms || 1,
      checkIn: selection.startDate ?? '',
      checkOut: selection.endDate ?? '',
      guests: stayChoice ? guestsParam(stayChoice.guests) : '',
    },
    { skip: !stayChoice },
  );
  const quoteLines = stayQuote.currentData?.lines;
  const quote = stayQuote.currentData && hotelRoom?.nights.length === selected.nights ? stayQuote.currentData : null;
  // Hotel mode with payments (issue 37): the owner's policy and what this stay costs now, before confirming.
  const askPolicy =
    offers.payments === true &&
    !confirmedId &&
    selection.startDate !== null &&
    selection.endDate !== null &&
    selection.roomId !== null &&
    selection.roomCount > 0;
  const policy = useGetPaymentPolicyQuery(
    {
      roomId: selection.roomId ?? '',
      rooms: selection.roomCount || 1,
      checkIn: selection.startDate ?? '',
      checkOut: selection.endDate ?? '',
      ...(stayChoice ? { packageIndex: stayChoice.mealPlan, guests: guestsParam(stayChoice.guests) } : {}),
    },
    // Once the hotel has said the room's plans and guest rules: asked once, for the stay as chosen.
    { skip: !askPolicy || (askPrices && !stayChoice && !pricesFailed) },
  );
  // A booking confirmed here that waits for its payment (or whose hold ended) is not "confirmed": its payment page says where it is.
  const heldKey = storedRecord?.guestKey;
  const held = useGetBookingPaymentQuery(
    { bookingId: confirmedId ?? '', guestKey: heldKey },
    { skip: !offers.payments || !confirmedId || !heldKey, refetchOnMountOrArgChange: true },
  );
  const heldStatus = held.currentData && 'booking' in held.currentData ? held.currentData.booking.status : undefined;
  const waitsForPayment = heldStatus === 'awaiting_payment' || heldStatus === 'expired';
  const navigate = useNavigate();
  const priced = (summary: StaySummary): StaySummary => {
    if (!quote || !quoteLines) return summary;
    const prices = new Set(quoteLines.map((line) => line.pricePaise));
    const one = prices.size === 1 ? [...prices][0]! : null;
    return {
      ...summary,
      nightlyPrice: one !== null && one % 100 === 0 ? one / 100 : null,
      // As the hotel keeps it: whole rupees, half up (bookings.total_price).
      totalPrice: Math.floor((quote.taxablePaise + 50) / 100),
    };
  };

  useEffect(() => {
    if (restored) dispatch(confirmationOpened());
  }, [restored, dispatch]);

  // The Confirm Booking button is gone: give focus to the message that replaced it.
  useEffect(() => {
    if (confirmedId && confirmedHere.current) success.current?.focus();
  }, [confirmedId]);

  async function confirm(email: string, contact?: GuestContactTyped): Promise<string | null> {
    const result = await dispatch(
      draftSubmitted({ email, ...contact, ...(stayChoice ? { mealPlan: stayChoice.mealPlan, guests: stayChoice.guests } : {}) }),
    );
    if (draftSubmitted.rejected.match(result)) return result.payload?.message ?? saveFailureMessage('unknown');
    // Held for its payment: the guest pays next, on the booking's payment page (the link to Razorpay's page).
    if (result.payload.awaitingPayment) {
      void navigate(bookingPaymentPath(result.payload.booking.bookingId), { replace: true });
      return null;
    }
    confirmedHere.current = true;
    setConfirmed(result.payload);
    window.alert(confirmedAlert);
    return null;
  }

  const bookingId = confirmedId ?? pendingId;
  const confirmedRecord = storedRecord ?? (confirmed?.booking.bookingId === confirmedId ? confirmed?.booking : undefined);
  // Until the session is read back (always so in the page the build prerendered) the screen shows
  // its card with every value holding its place unseen, so nothing moves when they show.
  // A booking confirmed here is shown once the hotel has said whether it waits for its payment.
  const ready = restored && bookingId !== null && (held.isUninitialized || !held.isLoading);
  return (
    <section className="page page--narrow confirmation" aria-labelledby="page-title">
      <title>Booking Confirmation</title>
      <h1 id="page-title">Booking Confirmation</h1>
      <StorageNotice />
      {/* The session's stay may change the card's lines: unseen until read back, when this browser holds one. */}
      <Pending when={!ready} block movable>
        <div className="card confirmation__card" aria-busy={!ready || undefined}>
          <StayDetails
            bookingId={bookingId ?? typicalBookingId}
            summary={confirmedId && confirmedRecord ? summarizeRecord(confirmedRecord) : priced(selected)}
            email={confirmedRecord?.email}
            pending={!ready}
            // Until the hotel has priced the stay, its amount is not shown: the catalogue's would not be charged.
            pricing={askPrices && !quote ? (pricesFailed || stayQuote.isError ? 'failed' : 'asking') : undefined}
            tax={confirmedId && confirmedRecord ? recordTax(confirmedRecord) : quote}
          />
          {/* The guest types an email before pressing Confirm Booking: the hotel's answer comes long before. */}
          {askPolicy && (policy.currentData ? <PaymentDue policy={policy.currentData} /> : !policy.isError && <PaymentDue policy={null} />)}
          {confirmedId && waitsForPayment ? (
            <div className="confirmation__done">
              <p className="notice" role="status">
                {heldStatus === 'expired'
                  ? 'This booking was not paid in time: its rooms were released.'
                  : 'This booking holds its rooms while it waits for your payment.'}
              </p>
              <Link className="button button--accent" to={bookingPaymentPath(confirmedId)}>
                {heldStatus === 'expired' ? 'See your booking’s payment' : 'Pay to confirm'}
              </Link>
            </div>
          ) : confirmedId ? (
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
              <div className="button-row" onClickCapture={ignoreDoubleClickRest}>
                <Link className="button" to={paths.adminBookings}>
                  View All Bookings
                </Link>
                {/* From any device, the hotel shows the guest their booking; this browser's copy is on View All Bookings. */}
                {offers.lookupByEmail && (
                  <Link className="button button--secondary" to={customerBookingPath(confirmedId)}>
                    View Your Booking
                  </Link>
                )}
                {confirmedRecord && (
                  <Suspense fallback={null}>
                    <AddToCalendar stay={confirmedRecord} />
                  </Suspense>
                )}
                {offers.prices && confirmedRecord && recordTax(confirmedRecord) && (
                  <Link className="button button--secondary" to={invoicePath(confirmedId)}>
                    Tax invoice
                  </Link>
                )}
              </div>
            </div>
          ) : canConfirm || !ready ? (
            <>
              {stayChoice && hotelRoom && (
                <StayGuestsFields
                  roomTitle={hotelRoom.title}
                  rules={hotelRoom.guestRules}
                  plans={hotelRoom.plans}
                  choice={stayChoice}
                  onChange={setChosenGuests}
                />
              )}
              {stayQuote.isError && !stayQuote.isFetching && serverMessage(stayQuote.error) && (
                <p className="notice notice--error" role="alert">
                  {serverMessage(stayQuote.error)}
                </p>
              )}
              <ConfirmForm onConfirm={confirm} waiting={!ready} earlyRef={earlyRef} askContact={offers.guestContact} />
              {/* Only the hotel can be out of reach. Present from the start so that screen readers announce each new try. */}
              {offers.keeper === 'hotel' && (
                <>
                  <p role="status" className="confirmation__retry">
                    {retry ? `Still trying to reach the hotel… (try ${retry.nextTry} of ${retry.tries})` : ''}
                  </p>
                  <p>
                    <Link to={paths.booking}>Change dates or rooms</Link>
                  </p>
                </>
              )}
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
      </Pending>
    </section>
  );
}
