import { Suspense, lazy, useCallback, useLayoutEffect, useRef, useState } from 'react';
import type { FocusedInputShape } from 'react-dates';
import { Link, useNavigate } from 'react-router-dom';
import { paths } from '../../shared/paths';
import { useAppDispatch, useAppSelector } from '../../shared/hooks';
import { StorageNotice } from '../bookings/StorageNotice';
import { bookingStarted } from '../confirmation/confirmationSlice';
import { rooms } from '../../domain/rooms';
import type { RoomId } from '../../domain/rooms';
import {
  availabilityReceived,
  datesChosen,
  isPackageLocked,
  roomCountChosen,
  sameSelection,
  selectSelection,
  selectionReset,
} from '../selection/selectionSlice';
import { formatDisplayDate, nightsBetween } from '../../domain/dates';
import { selectOffers } from '../../shared/offers';
import { checkingRoomsLeft } from './roomsLeft';
import type { HotelPrices, RoomsLeft } from './roomsLeft';
import { DateRangeSlot } from './DateRangeSlot';
import { datesProblem } from './datesProblem';
import type { DatesProblem } from './datesProblem';
import { datesProblemId, endDateId, startDateId } from './dateInputIds';
import { PackageCard, roomCountSelectId } from './PackageCard';
import { RoomSection } from './RoomSection';
import { pressAgain } from '../../shared/earlyForm';
import './booking.css';
// The date field's frame and placeholder; the picker's own styles come with its code.
import './dateRange.css';
import { useSiteToday } from '../../shared/today';

// Only where the source offers rooms left (the hotel), and only once React owns the page: the prerendered screen never shows it.
const AvailabilityFeed = lazy(() =>
  import(/* webpackChunkName: "availability" */ './AvailabilityFeed').then((m) => ({ default: m.AvailabilityFeed })),
);
const PaymentPolicyLine = lazy(() =>
  import(/* webpackChunkName: "availability" */ './AvailabilityFeed').then((m) => ({ default: m.PaymentPolicyLine })),
);

/** The booking screen without its document title (see warmBookingScreen.tsx). */
export function BookingScreen() {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  // Compared field by field: hydration's first-visit state and the store's are equal but not the
  // same object, and a new object would re-render every room at once right after hydrating.
  const selection = useAppSelector(selectSelection, sameSelection);
  const [focusedInput, setFocusedInput] = useState<FocusedInputShape | null>(null);
  const [searched, setSearched] = useState(false);
  // What is wrong with the dates: as the guest typed them (told by the field when they leave it),
  // else as chosen (a stay too long, or dates kept from an earlier visit that have passed).
  const [typed, setTyped] = useState<DatesProblem | null>(null);
  const today = useSiteToday();
  const chosen = datesProblem(selection.startDate, selection.endDate, today);
  const problem = typed ?? chosen;
  const nights = chosen ? 0 : nightsBetween(selection.startDate, selection.endDate);
  const showStay = searched && nights > 0;
  const offers = useAppSelector(selectOffers);
  // Rooms left and prices for the chosen dates (without them, the prices "from"), as the hotel last
  // said (null until it answers). Never in the prerendered page nor while hydrating it: both render
  // with the state before storage, whose offers are this browser's (app/store.ts, stateBeforeStorage).
  const askHotel = offers.roomsLeft;
  const [roomsLeft, setRoomsLeft] = useState<RoomsLeft | null>(null);
  const [prices, setPrices] = useState<HotelPrices | null>(null);
  const onRoomsLeft = useCallback(
    (left: RoomsLeft | null) => {
      setRoomsLeft(left);
      if (left) dispatch(availabilityReceived(left));
    },
    [dispatch],
  );

  /**
   * Dates the hotel would refuse: the picker closes, and the guest is taken to what is wrong (true).
   * Text the guest typed that the picker has since put back to the dates chosen (it does so when they
   * leave it) no longer holds them back: the chosen dates are what is booked.
   */
  function pointedAtProblem() {
    const typedShown =
      typed &&
      [startDateId, endDateId].some((id, i) => {
        const shown = (document.getElementById(id) as HTMLInputElement | null)?.value.trim();
        const date = i ? selection.endDate : selection.startDate;
        return shown && shown !== formatDisplayDate(date);
      });
    if (!chosen && !typedShown) {
      setTyped(null);
      return false;
    }
    setFocusedInput(null);
    document.getElementById(datesProblemId)?.focus();
    return true;
  }

  function search() {
    if (pointedAtProblem()) return;
    // Without dates there is nothing to price: open the picker where the guest starts.
    if (nights === 0) setFocusedInput(selection.startDate ? 'endDate' : 'startDate');
    else setSearched(true);
  }

  // Adopting the prerendered page (src/shared/earlyForm.ts): Search pressed before React ran is
  // pressed again once, a task later, when the dates typed then are in the store.
  const searchRef = useRef<HTMLButtonElement>(null);
  useLayoutEffect(() => {
    pressAgain(searchRef.current);
  }, []);

  function reset() {
    const chosen =
      selection.roomId !== null && selection.packageIndex !== null ? roomCountSelectId(selection.roomId, selection.packageIndex) : null;
    dispatch(selectionReset());
    // Reset Selection disappears with the click: keep focus on the dropdown the guest had used.
    if (chosen) requestAnimationFrame(() => document.getElementById(chosen)?.focus());
  }

  function book() {
    // Without dates a stay is not blocked here (spec section 5); with dates, only one the hotel takes.
    if (pointedAtProblem()) return;
    dispatch(bookingStarted());
    void navigate(paths.bookingDetails);
  }

  const countFor = (roomId: RoomId, packageIndex: number) =>
    selection.roomId === roomId && selection.packageIndex === packageIndex ? selection.roomCount : 0;

  return (
    <div className="page booking">
      <h1>Book a Room</h1>
      <StorageNotice />
      <section className="booking__search card" aria-label="Dates of your stay">
        <DateRangeSlot
          startDate={selection.startDate}
          endDate={selection.endDate}
          onChange={(range) => dispatch(datesChosen(range))}
          focusedInput={focusedInput}
          onFocusChange={setFocusedInput}
          problem={problem}
          onProblem={setTyped}
          held={typed !== null && !chosen}
        />
        <div className="button-row booking__actions">
          <button type="button" className="button" ref={searchRef} onClick={search}>
            Search
          </button>
          <Link className="button button--secondary" to={paths.bookingPortal}>
            View Bookings
          </Link>
          {/* Always in the page, so that the prerendered screen can show it before React (earlyForm.ts). */}
          <button type="button" className="button button--secondary booking__reset" hidden={selection.roomId === null} onClick={reset}>
            Reset Selection
          </button>
        </div>
        <p className="booking__status" role="status">
          {showStay
            ? `Prices for ${nights} ${nights === 1 ? 'night' : 'nights'}, ${formatDisplayDate(selection.startDate)} to ${formatDisplayDate(selection.endDate)}.`
            : ''}
        </p>
        {/* Always in the page, empty until the hotel is asked: in hotel mode its lines are kept from
            the first paint (booking.css), so that what the hotel says moves no room under the guest's finger. */}
        <div className="booking__availability">
          {askHotel && (
            <Suspense fallback={nights > 0 && <p role="status">{checkingRoomsLeft}</p>}>
              <AvailabilityFeed
                stay={nights > 0 ? { checkIn: selection.startDate!, checkOut: selection.endDate! } : null}
                onRoomsLeft={onRoomsLeft}
                onPrices={setPrices}
              />
            </Suspense>
          )}
        </div>
      </section>
      <div className="booking__rooms">
        {rooms.map((room, roomIndex) => (
          // Nothing here suspends: each boundary lets React hydrate one room at a time, in short
          // tasks, instead of the whole screen in one long one that would block a phone.
          <Suspense key={room.id}>
            <RoomSection room={room} first={roomIndex === 0}>
              {room.packages.map((pack, index) => (
                <PackageCard
                  key={pack.name}
                  room={room}
                  pack={pack}
                  packageIndex={index}
                  count={countFor(room.id, index)}
                  locked={isPackageLocked(selection, room.id, index)}
                  nights={showStay ? nights : null}
                  left={roomsLeft?.[room.id]}
                  price={prices?.[room.id]}
                  onCountChange={(count) => dispatch(roomCountChosen({ roomId: room.id, packageIndex: index, count }))}
                  onBook={book}
                />
              ))}
            </RoomSection>
          </Suspense>
        ))}
      </div>
      {askHotel && offers.payments && (
        <Suspense fallback={null}>
          <PaymentPolicyLine />
        </Suspense>
      )}
    </div>
  );
}

export function BookingPage() {
  return (
    <>
      <title>Book a Room</title>
      <BookingScreen />
    </>
  );
}
