import { useId, useState } from 'react';
import type { FormEvent } from 'react';
import { useAppDispatch } from '../../app/hooks';
import { changeBookingEmail, saveFailureMessage } from '../bookings/bookingsThunks';

interface EmailFormProps {
  bookingId: string;
  storedEmail: string;
}

type Outcome = { tone: 'saved' } | { tone: 'error'; message: string } | null;

export function EmailForm({ bookingId, storedEmail }: EmailFormProps) {
  const dispatch = useAppDispatch();
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
    const result = await dispatch(changeBookingEmail({ bookingId, email: value }));
    setSaving(false);
    if (changeBookingEmail.fulfilled.match(result)) setOutcome({ tone: 'saved' });
    else setOutcome({ tone: 'error', message: result.payload?.message ?? saveFailureMessage('unknown') });
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
