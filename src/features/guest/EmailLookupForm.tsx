import { useId, useState } from 'react';
import type { FormEvent } from 'react';
import { describeError, statusOf } from '../../api/requestErrors';
import { useLazyLookupBookingQuery } from './guestApi';

/**
 * Hotel mode, when this browser holds no key for the booking and no email came from the portal:
 * asks for the email the booking was made with. A match shows the whole booking.
 */
export function EmailLookupForm({ bookingId, onFound }: { bookingId: string; onFound: (email: string) => void }) {
  const [lookUp, { isFetching }] = useLazyLookupBookingQuery();
  const [email, setEmail] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const fieldId = useId();

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const value = email.trim();
    if (value === '') {
      setProblem('Please enter the email you booked with.');
      return;
    }
    setProblem(null);
    const result = await lookUp({ bookingId, email: value });
    if (result.data) onFound(value);
    else if (statusOf(result.error) === 404)
      setProblem('That email does not match this booking. Check the email you booked with and try again.');
    else setProblem(describeError(result.error, 'The hotel could not look the booking up. Please try again.'));
  }

  return (
    <form className="guest__form" onSubmit={(event) => void submit(event)} noValidate>
      <p>To see the rest of this booking or change its email, enter the email it was booked with.</p>
      <div className="field">
        <label htmlFor={fieldId}>Email you booked with</label>
        <input
          id={fieldId}
          type="email"
          className="input"
          autoComplete="email"
          value={email}
          onChange={(event) => setEmail(event.target.value)}
        />
      </div>
      <button type="submit" className="button" disabled={isFetching}>
        Show my booking
      </button>
      {problem && (
        <p role="alert" className="notice notice--error guest__saved">
          {problem}
        </p>
      )}
    </form>
  );
}
