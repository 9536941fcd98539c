import { formatDisplayDate } from '../../domain/dates';
import { formatPaise } from '../../domain/tax';
import { formatInr } from '../../shared/money';
import { Pending } from '../../shared/Pending';
import type { StaySummary } from './staySummary';
import { countOf } from '../../domain/words';

interface StayDetailsProps {
  bookingId: string;
  summary: StaySummary;
  email?: string;
  /** The session is not read back yet: the values hold their places unseen (see Pending). */
  pending?: boolean;
  /** Hotel mode, before the hotel has priced the stay (or when it could not be asked): the amount holds its place unseen. */
  pricing?: 'asking' | 'failed';
  /** Hotel mode: the room total and its GST (paise), as the hotel prices the stay before Confirm and fixed it after. */
  tax?: { taxablePaise: number; cgstPaise: number; sgstPaise: number } | null;
}

/** The booking's facts as a description list; the total says what it is made of. */
export function StayDetails({ bookingId, summary, email, pending = false, pricing, tax }: StayDetailsProps) {
  const { nightlyPrice, rooms, nights } = summary;
  const breakdown =
    nightlyPrice !== null && rooms > 0 && nights > 0
      ? `${formatInr(nightlyPrice)} × ${countOf(rooms, 'room', 'rooms')} × ${countOf(nights, 'night', 'nights')}, tax exclusive`
      : null;
  return (
    <dl className="stay-details">
      <div>
        <dt>Booking ID</dt>
        <dd className="stay-details__id">
          <Pending when={pending}>{bookingId}</Pending>
        </dd>
      </div>
      <div>
        <dt>Room Type</dt>
        <dd>
          <Pending when={pending}>{summary.roomName}</Pending>
        </dd>
      </div>
      <div>
        <dt>Check-In</dt>
        <dd>
          <Pending when={pending}>{formatDisplayDate(summary.checkIn)}</Pending>
        </dd>
      </div>
      <div>
        <dt>Check-Out</dt>
        <dd>
          <Pending when={pending}>{formatDisplayDate(summary.checkOut)}</Pending>
        </dd>
      </div>
      <div>
        <dt>Rooms</dt>
        <dd>
          <Pending when={pending}>{rooms}</Pending>
        </dd>
      </div>
      <div>
        <dt>Nights</dt>
        <dd>
          <Pending when={pending}>{nights}</Pending>
        </dd>
      </div>
      {email !== undefined && (
        <div>
          <dt>Email</dt>
          <dd className="stay-details__email">{email}</dd>
        </div>
      )}
      {/* With GST, the total with tax is the figure that stands out; Total Amount is then the room total before it. */}
      <div className={tax ? 'stay-details__subtotal' : 'stay-details__total'}>
        <dt>Total Amount</dt>
        <dd>
          <span className="stay-details__amount">
            <Pending when={pending || pricing !== undefined}>{formatInr(summary.totalPrice)}</Pending>
          </span>
          {pricing === 'failed' && (
            <span className="stay-details__breakdown">
              We could not reach the hotel for its prices: it prices your stay as you confirm.
            </span>
          )}
          {breakdown && !pricing && <span className="stay-details__breakdown">{breakdown}</span>}
        </dd>
      </div>
      {tax && (
        <>
          <div>
            <dt>GST</dt>
            <dd>
              {formatPaise(tax.cgstPaise + tax.sgstPaise)}{' '}
              <span className="stay-details__breakdown">
                CGST {formatPaise(tax.cgstPaise)} + SGST {formatPaise(tax.sgstPaise)}
              </span>
            </dd>
          </div>
          <div className="stay-details__total">
            <dt>Total with tax</dt>
            <dd>
              <span className="stay-details__amount">{formatPaise(tax.taxablePaise + tax.cgstPaise + tax.sgstPaise)}</span>
            </dd>
          </div>
        </>
      )}
    </dl>
  );
}
