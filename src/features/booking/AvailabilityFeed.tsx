import { useEffect, useMemo } from 'react';
import { isUnreachable, serverMessage } from '../../api/requestErrors';
import { useGetAvailabilityQuery } from '../../api/bookingsApi';
import { useGetPaymentPolicyQuery } from '../payment/paymentApi';
import { findRoom } from '../../domain/rooms';
import { formatInr } from '../../shared/money';
import type { AvailabilityReply } from '../../domain/wire';
import { checkingRoomsLeft } from './roomsLeft';
import type { RoomsLeft, Stay } from './roomsLeft';

const monthShort = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
/** Paise as the cards show rupees (₹8,000), with the paise only when there are some (₹7,500.01). */
const formatPaise = (paise: number) =>
  `${formatInr(Math.floor(paise / 100))}${paise % 100 ? `.${String(paise % 100).padStart(2, '0')}` : ''}`;
const shortDate = (iso: string) => `${Number(iso.slice(8, 10))} ${monthShort[Number(iso.slice(5, 7)) - 1]}`;

/**
 * The hotel's nightly prices for these dates, for each room type whose nights are not all at the
 * price its card shows (a season, a weekend): each night and their sum. Closed nights and a
 * minimum stay are said here too, before the guest gets as far as confirming.
 */
function NightlyPrices({ rooms }: { rooms: AvailabilityReply['rooms'] }) {
  const shown = rooms.filter((room) => {
    const card = findRoom(room.roomId)?.packages[0]?.discountPrice;
    return room.nights.some((n) => n.pricePaise !== (card ?? 0) * 100 || n.closed) || (room.minNights ?? 0) > room.nights.length;
  });
  if (shown.length === 0) return null;
  return (
    <div className="booking__nightly">
      {shown.map((room) => {
        const closed = room.nights.filter((n) => n.closed);
        return (
          <section key={room.roomId} aria-label={`${room.title}: prices for these dates`}>
            <h3>{room.title}: prices for these dates</h3>
            <ul>
              {room.nights.map((n) => (
                <li key={n.night}>
                  {shortDate(n.night)}: {n.closed ? 'closed' : formatPaise(n.pricePaise)}
                </li>
              ))}
            </ul>
            <p>
              {closed.length > 0
                ? `Not bookable: the hotel is closed on ${closed.map((n) => shortDate(n.night)).join(', ')}.`
                : `${formatPaise(room.stayPaise)} for ${room.nights.length} ${room.nights.length === 1 ? 'night' : 'nights'}, per room, tax exclusive.`}
              {room.minNights && room.minNights > room.nights.length
                ? ` Stays arriving that day must be at least ${room.minNights} nights.`
                : ''}
            </p>
          </section>
        );
      })}
    </div>
  );
}

interface AvailabilityFeedProps extends Stay {
  /** Called with the rooms left for these dates, and with null while they are not known. */
  onRoomsLeft: (left: RoomsLeft | null) => void;
}

/**
 * Where the source offers it (the hotel): asks how many rooms of each type are free for the chosen dates, reports
 * them to the booking screen, and says what is going on. It is its own chunk, loaded after the
 * page is hydrated, so that the prerendered booking screen and its budget carry no RTK Query code.
 */
export function AvailabilityFeed({ checkIn, checkOut, onRoomsLeft }: AvailabilityFeedProps) {
  // currentData belongs to these dates only: counts for other dates must never limit this stay.
  const { currentData, error, isFetching, refetch } = useGetAvailabilityQuery({ checkIn, checkOut });
  const roomsLeft = useMemo<RoomsLeft | null>(
    () => (currentData ? Object.fromEntries(currentData.rooms.map((room) => [room.roomId, room.left])) : null),
    [currentData],
  );

  useEffect(() => {
    onRoomsLeft(roomsLeft);
  }, [roomsLeft, onRoomsLeft]);
  useEffect(() => () => onRoomsLeft(null), [onRoomsLeft]);

  let message: string;
  if (currentData) message = 'Rooms left for these dates are shown with each room.';
  else if (isFetching) message = checkingRoomsLeft;
  else if (isUnreachable(error))
    message =
      'We could not reach the hotel to check which rooms are free. You can still choose a room; the hotel checks again when you confirm.';
  else message = serverMessage(error) ?? 'The hotel could not check these dates.';

  // In the booking screen's .booking__availability, which keeps a place for these lines.
  return (
    <>
      <p role="status">{message}</p>
      {currentData && <NightlyPrices rooms={currentData.rooms} />}
      {error && !isFetching && (
        <button type="button" className="button button--secondary" onClick={() => void refetch()}>
          Check again
        </button>
      )}
    </>
  );
}

/**
 * Hotel mode with payments (issue 37): the owner's payment policy in a sentence, below the rooms
 * (where its coming moves no Book button), before the guest goes on to confirm. Nothing until the
 * hotel has said it.
 */
export function PaymentPolicyLine() {
  const { currentData } = useGetPaymentPolicyQuery({});
  if (!currentData) return null;
  return (
    <p className="booking__policy">
      <strong>Payment:</strong> {currentData.sentence} {currentData.cancelSentence}
    </p>
  );
}
