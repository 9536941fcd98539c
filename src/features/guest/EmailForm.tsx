import { useId, useState } from 'react';
import type { FormEvent } from 'react';

interface EmailFormProps {
  storedEmail: string;
  /** Saves the new email; resolves with a message to show when it could not, or null when saved. */
  onSave: (email: string) => Promise<string | null>;
}

type Outcome = { tone: 'saved' } | { tone: 'error'; message: string } | null;

/** The booking's email, prefilled, and Save Email (spec). Where it is saved is the screen's business. */
export function EmailForm({ storedEmail, onSave }: EmailFormProps) {
  const [email, setEmail] = useState(storedEmail);
  const [saving, setSaving] = useState(false);
  const [outcome, setOutcome] = useState<Outcome>(null);
  const fieldId = useId();

  async function save(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const value = email.trim();
    if (value === '') {
      window.alert('Please enter your email!');
      return;
    }
    setSaving(true);
    const problem = await onSave(value);
    setSaving(false);
    setOutcome(problem === null ? { tone: 'saved' } : { tone: 'error', message: problem });
  }

  return (
    <form className="guest__form" onSubmit={(event) => void save(event)}>
      <div className="field">
        <label htmlFor={fieldId}>Email</label>
        <input
          id={fieldId}
          type="email"
          className="input"
          autoComplete="email"
          value={email}
          onChange={(event) => {
            setEmail(event.target.value);
            setOutcome(null);
          }}
        />
      </div>
      <button type="submit" className="button" disabled={saving}>
        Save Email
      </button>
      {/* Present from the start so that screen readers announce the confirmation. */}
      <div role="status">
        {outcome?.tone === 'saved' && <p className="notice notice--success guest__saved">Email saved successfully!</p>}
      </div>
      {outcome?.tone === 'error' && (
        <p role="alert" className="notice notice--error guest__saved">
          {outcome.message}
        </p>
      )}
    </form>
  );
}
