import { describeError } from '../../api/requestErrors';
import type { RequestError } from '../../api/requestErrors';

/** What a back-office action came to, said once under the screen's heading. */
export interface Outcome {
  tone: 'success' | 'error';
  text: string;
}

/**
 * The last action's outcome: a success in a polite status region (kept in the page, so that a
 * screen reader hears each new one), an error as an alert.
 */
export function OutcomeNotice({ outcome }: { outcome: Outcome | null }) {
  return (
    <>
      <div role="status">{outcome?.tone === 'success' && <p className="notice notice--success">{outcome.text}</p>}</div>
      {outcome?.tone === 'error' && (
        <p className="notice notice--error" role="alert">
          {outcome.text}
        </p>
      )}
    </>
  );
}

interface LoadProblemProps {
  /** The query's error, as RTK Query gives it. */
  error: RequestError;
  /** Said when the error carries no message of the hotel's: "The hotel could not show its rooms." */
  fallback: string;
  /** The query is being asked again: Try again waits for it. */
  retrying: boolean;
  onRetry: () => void;
}

/** A screen's data that could not be read: why, and Try again. */
export function LoadProblem({ error, fallback, retrying, onRetry }: LoadProblemProps) {
  return (
    <div className="notice notice--error hotel-problem" role="alert">
      <p>{describeError(error, fallback)}</p>
      <button type="button" className="button button--secondary" disabled={retrying} onClick={onRetry}>
        Try again
      </button>
    </div>
  );
}
