import { useId, useState } from 'react';
import type { FormEvent } from 'react';
import { useChangeStayMutation, useQuoteStayChangeMutation } from './manageApi';
import { describeError } from '../../api/requestErrors';
import { addDays, formatDisplayDate, isIsoDate } from '../../domain/dates';
import { useSiteToday } from '../../shared/today';
import type { Booking, QuoteReply } from '../../domain/wire';
import { formatInr } from '../../shared/money';

interface ChangeStayFormProps {
  token: string;
  booking: Booking;
  onChanged: () => void;
}

const roomChoices = [1, 2, 3] as const;

/** What is wrong with the new stay before asking the hotel, in the guest's words; null when nothing is. */
function stayMistake(booking: Booking, checkIn: string, checkOut: string, rooms: number, today: string): string | null {
  if (!isIsoDate(checkIn) || !isIsoDate(checkOut)) return 'Please choose your check-in and check-out dates.';
  if (checkIn < today) return 'Check-in cannot be in the past.';
  if (checkOut <= checkIn) return 'Check-out must be after check-in.';
  if (checkIn === booking.checkIn && checkOut === booking.checkOut && rooms === booking.rooms)
    return 'That is the stay you have booked. Change the dates or the number of rooms first.';
  return null;
}

/**
 * A new stay for the booking: dates and number of rooms (the room type and package stay as
 * booked). The hotel works the new total out first and the guest sees it beside the old one
 * before confirming; when the rooms are gone meanwhile, the hotel's answer says how many are left
 * and the booking stays as it was.
 */
export function ChangeStayForm({ token, booking, onChanged }: ChangeStayFormProps) {
  const [checkIn, setCheckIn] = useState(booking.checkIn ?? '');
  const [checkOut, setCheckOut] = useState(booking.checkOut ?? '');
  const [rooms, setRooms] = useState(booking.rooms);
  const [quote, setQuote] = useState<QuoteReply | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [askQuote, { isLoading: quoting }] = useQuoteStayChangeMutation();
  const [changeStay, { isLoading: changing }] = useChangeStayMutation();
  const id = useId();
  const today = useSiteToday();

  /** Any edit makes the shown total stale: the guest asks for it again. */
  function edited<T>(set: (value: T) => void) {
    return (value: T) => {
      set(value);
      setQuote(null);
      setProblem(null);
    };
  }

  async function seeTotal(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const mistake = stayMistake(booking, checkIn, checkOut, rooms, today);
    setProblem(mistake);
    setQuote(null);
    if (mistake) return;
    const result = await askQuote({ token, checkIn, checkOut, rooms });
    if (result.error) setProblem(describeError(result.error, 'The hotel could not work out the new total. Please try again.'));
    else setQuote(result.data);
  }

  async function confirm(chosen: QuoteReply) {
    const result = await changeStay({ token, checkIn: chosen.checkIn, checkOut: chosen.checkOut, rooms: chosen.rooms });
    setQuote(null);
    if (result.error) setProblem(describeError(result.error, 'The hotel could not change your stay. Please try again.'));
    else onChanged();
  }

  return (
    <form className="manage__change" onSubmit={(event) => void seeTotal(event)} noValidate>
      <p>Choose new dates or another number of rooms. The room type and package stay as booked.</p>
      <div className="manage__fields">
        <div className="field">
          <label htmlFor={`${id}-in`}>Check-in</label>
          <input
            id={`${id}-in`}
            type="date"
            className="input"
            min={today}
            value={checkIn}
            onChange={(event) => edited(setCheckIn)(event.target.value)}
          />
        </div>
        <div className="field">
          <label htmlFor={`${id}-out`}>Check-out</label>
          <input
            id={`${id}-out`}
            type="date"
            className="input"
            min={isIsoDate(checkIn) ? addDays(checkIn, 1) : today}
            value={checkOut}
            onChange={(event) => edited(setCheckOut)(event.target.value)}
          />
        </div>
        <div className="field">
          <label htmlFor={`${id}-rooms`}>Number of Rooms</label>
          <select id={`${id}-rooms`} value={rooms} onChange={(event) => edited(setRooms)(Number(event.target.value))}>
            {roomChoices.map((n) => (
              <option key={n} value={n}>
                {n}
              </option>
            ))}
          </select>
        </div>
      </div>
      {!quote && (
        <button type="submit" className="button" disabled={quoting}>
          See the new total
        </button>
      )}
      {problem && (
        <p className="notice notice--error manage__problem" role="alert">
          {problem}
        </p>
      )}
      {quote && (
        <div className="manage__quote" role="group" aria-labelledby={`${id}-quote`}>
          <h3 id={`${id}-quote`}>Your new stay</h3>
          <dl className="guest__facts">
            <dt>Check-In</dt>
            <dd>{formatDisplayDate(quote.checkIn)}</dd>
            <dt>Check-Out</dt>
            <dd>{formatDisplayDate(quote.checkOut)}</dd>
            <dt>Nights</dt>
            <dd>{quote.nights}</dd>
            <dt>Number of Rooms</dt>
            <dd>{quote.rooms}</dd>
            <dt>Total now</dt>
            <dd>{formatInr(quote.previousTotal)}</dd>
            <dt>New total</dt>
            <dd className="guest__total">{formatInr(quote.totalPrice)}</dd>
          </dl>
          <p className="manage__small">Taxes extra. Nothing changes until you confirm.</p>
          <div className="button-row">
            <button type="button" className="button button--accent" disabled={changing} onClick={() => void confirm(quote)}>
              Confirm the change
            </button>
            <button type="button" className="button button--secondary" disabled={changing} onClick={() => setQuote(null)}>
              Keep my booking as it is
            </button>
          </div>
        </div>
      )}
    </form>
  );
}
