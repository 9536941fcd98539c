import { useId, useRef, useState } from 'react';
import type { FormEvent } from 'react';
import { wakingProps } from '../../shared/useHydrated';

interface ConfirmFormProps {
  /** Resolves with an error message to show, or null when the booking was stored. */
  onConfirm: (email: string) => Promise<string | null>;
  /** The booking is not read back yet (the prerendered page): the form waits (see wakingProps). */
  waiting?: boolean;
}

/** Email (required, type email) and Confirm Booking; the button stays disabled while storing. */
export function ConfirmForm({ onConfirm, waiting = false }: ConfirmFormProps) {
  const emailId = useId();
  const [email, setEmail] = useState('');
  const [saving, setSaving] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  // A ref, not state, so that a second click in the same frame already sees the first.
  const busy = useRef(false);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy.current) return;
    // The browser checks required/type=email before submitting; this covers submits that skip it.
    if (!event.currentTarget.checkValidity()) {
      event.currentTarget.reportValidity();
      return;
    }
    busy.current = true;
    setSaving(true);
    setProblem(null);
    const message = await onConfirm(email);
    busy.current = false;
    setSaving(false);
    setProblem(message);
  }

  return (
    <form className="confirm-form" onSubmit={(event) => void submit(event)}>
      <div className="field">
        <label htmlFor={emailId}>Email</label>
        <input
          id={emailId}
          type="email"
          name="email"
          required
          autoComplete="email"
          placeholder="you@example.com"
          value={email}
          readOnly={waiting}
          onChange={(event) => setEmail(event.target.value)}
        />
      </div>
      {problem && (
        <p className="notice notice--error" role="alert">
          {problem}
        </p>
      )}
      <button type="submit" className="button button--accent" disabled={saving || waiting} {...wakingProps(waiting)}>
        Confirm Booking
      </button>
    </form>
  );
}
