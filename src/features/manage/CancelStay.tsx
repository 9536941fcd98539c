import { useState } from 'react';
import { useCancelStayMutation } from './manageApi';
import { describeError } from '../../api/requestErrors';
import type { CancelPolicy } from '../../domain/wire';

interface CancelStayProps {
  token: string;
  bookingId: string;
  policy: CancelPolicy;
  onCancelled: () => void;
}

/**
 * Cancelling: the hotel's policy first, in its own words (free until some days before check-in,
 * then call the hotel, with its phone); a second step before the booking is cancelled.
 */
export function CancelStay({ token, bookingId, policy, onCancelled }: CancelStayProps) {
  const [asking, setAsking] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [cancelStay, { isLoading }] = useCancelStayMutation();
  const phoneLink = `tel:${policy.hotelPhone.replace(/\s/g, '')}`;

  async function cancel() {
    const result = await cancelStay(token);
    setAsking(false);
    if (result.error) setProblem(describeError(result.error, 'The hotel could not cancel your booking. Please try again.'));
    else onCancelled();
  }

  return (
    <div className="manage__cancel">
      <p className="manage__policy">{policy.message}</p>
      {!policy.canCancel ? (
        <p>
          <a className="button button--secondary" href={phoneLink}>
            Call the hotel: {policy.hotelPhone}
          </a>
        </p>
      ) : asking ? (
        <div className="manage__confirm" role="group" aria-label="Confirm the cancellation">
          <p>
            <strong>Cancel booking {bookingId}?</strong> Its rooms are released and it cannot be undone.
          </p>
          <div className="button-row">
            <button type="button" className="button button--danger" disabled={isLoading} onClick={() => void cancel()}>
              Yes, cancel my booking
            </button>
            <button type="button" className="button button--secondary" disabled={isLoading} onClick={() => setAsking(false)}>
              Keep my booking
            </button>
          </div>
        </div>
      ) : (
        <button
          type="button"
          className="button button--danger"
          onClick={() => {
            setProblem(null);
            setAsking(true);
          }}
        >
          Cancel booking
        </button>
      )}
      {problem && (
        <p className="notice notice--error manage__problem" role="alert">
          {problem}
        </p>
      )}
    </div>
  );
}
