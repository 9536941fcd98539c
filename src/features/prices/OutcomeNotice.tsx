import type { Outcome } from './outcome';

/**
 * What came of a change, under the form that made it: a success is a status, a problem an alert
 * (red, announced), so that a phone shows it where the owner pressed rather than screens above.
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
