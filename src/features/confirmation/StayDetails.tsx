import { formatDisplayDate } from '../../shared/dates';
import { formatInr } from '../../shared/money';
import type { StaySummary } from './staySummary';

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

/** The booking's facts as a description list; the total says what it is made of. */
export function StayDetails({ bookingId, summary, email }: { bookingId: string; summary: StaySummary; email?: string }) {
  const { nightlyPrice, rooms, nights } = summary;
  const breakdown =
    nightlyPrice !== null && rooms > 0 && nights > 0
      ? `${formatInr(nightlyPrice)} × ${plural(rooms, 'room', 'rooms')} × ${plural(nights, 'night', 'nights')}, tax exclusive`
      : null;
  return (
    <dl className="stay-details">
      <div>
        <dt>Booking ID</dt>
        <dd className="stay-details__id">{bookingId}</dd>
      </div>
      <div>
        <dt>Room Type</dt>
        <dd>{summary.roomName}</dd>
      </div>
      <div>
        <dt>Check-In</dt>
        <dd>{formatDisplayDate(summary.checkIn)}</dd>
      </div>
      <div>
        <dt>Check-Out</dt>
        <dd>{formatDisplayDate(summary.checkOut)}</dd>
      </div>
      <div>
        <dt>Rooms</dt>
        <dd>{rooms}</dd>
      </div>
      <div>
        <dt>Nights</dt>
        <dd>{nights}</dd>
      </div>
      {email !== undefined && (
        <div>
          <dt>Email</dt>
          <dd className="stay-details__email">{email}</dd>
        </div>
      )}
      <div className="stay-details__total">
        <dt>Total Amount</dt>
        <dd>
          <span className="stay-details__amount">{formatInr(summary.totalPrice)}</span>
          {breakdown && <span className="stay-details__breakdown">{breakdown}</span>}
        </dd>
      </div>
    </dl>
  );
}
