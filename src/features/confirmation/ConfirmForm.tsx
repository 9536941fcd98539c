import { useEffect, useId, useLayoutEffect, useRef, useState } from 'react';
import type { FormEvent, RefObject } from 'react';
import { tookPress } from '../../shared/earlyForm';
import { GuestContactFields, useGuestContact } from '../../shared/GuestContactFields';
import type { GuestContactTyped } from '../../shared/GuestContactFields';

interface ConfirmFormProps {
  /** Resolves with an error message to show, or null when the booking was stored. */
  onConfirm: (email: string, contact?: GuestContactTyped) => Promise<string | null>;
  /**
   * Hotel mode (issue 34 item 5): also asks the guest's name and mobile number, checked by the
   * domain's rule before anything is sent. The browser-only site asks the email alone (the spec's screen).
   */
  askContact?: boolean;
  /** The booking is not read back yet (the prerendered page): a press is done once it is. */
  waiting?: boolean;
  /**
   * Kept by the screen across the form's remount when the booking is read back (its card is
   * unseen until then, src/shared/Pending.tsx): the email typed and the press made before then,
   * whether before React ran or after, and whether the field had the focus.
   */
  earlyRef: RefObject<{ email: string; pressed: boolean; focused: boolean }>;
}

/** Email (required, type email) and Confirm Booking; the button stays disabled while storing. */
export function ConfirmForm({ onConfirm, waiting = false, earlyRef, askContact = false }: ConfirmFormProps) {
  const emailId = useId();
  const [email, setEmail] = useState('');
  const contact = useGuestContact();
  const [saving, setSaving] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  // A ref, not state, so that a second click in the same frame already sees the first.
  const busy = useRef(false);
  const form = useRef<HTMLFormElement>(null);
  const field = useRef<HTMLInputElement>(null);
  const button = useRef<HTMLButtonElement>(null);

  // Adopting the prerendered page (src/shared/earlyForm.ts): the email typed before React ran, and
  // whether Confirm Booking was pressed then. Both are kept where the screen keeps them (`earlyRef`)
  // as the guest goes on, so that the form the screen draws once the booking is read back has them.
  // The field the guest was typing in, when the screen draws the form afresh, keeps the focus: the
  // next keys go on into it rather than nowhere.
  useLayoutEffect(() => {
    const kept = earlyRef.current;
    kept.email ||= field.current!.value;
    kept.pressed ||= tookPress(button.current);
    setEmail(kept.email);
    if (kept.focused) field.current!.focus();
    const input = field.current!;
    // Runs before React takes the form out of the page, so it still knows where the focus is.
    return () => {
      kept.focused = document.activeElement === input;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  // Confirm Booking pressed before the booking was read back: pressed again, once, when it is.
  useEffect(() => {
    if (waiting || !earlyRef.current.pressed) return;
    // Pressed once: neither this form nor a later one presses it again.
    earlyRef.current.pressed = false;
    // A task later, when React has drawn what was read back.
    setTimeout(() => form.current?.requestSubmit(button.current));
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [waiting]);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy.current) return;
    if (waiting) {
      earlyRef.current.pressed = true;
      return;
    }
    // The browser checks required/type=email before submitting; this covers submits that skip it.
    if (!event.currentTarget.checkValidity()) {
      event.currentTarget.reportValidity();
      return;
    }
    if (askContact && !contact.check()) return;
    busy.current = true;
    setSaving(true);
    setProblem(null);
    const message = await onConfirm(email, askContact ? contact.typed : undefined);
    busy.current = false;
    setSaving(false);
    setProblem(message);
  }

  return (
    <form className="confirm-form" ref={form} onSubmit={(event) => void submit(event)}>
      <div className="field">
        <label htmlFor={emailId}>Email</label>
        <input
          id={emailId}
          ref={field}
          type="email"
          name="email"
          required
          autoComplete="email"
          placeholder="you@example.com"
          value={email}
          onChange={(event) => {
            setEmail(event.target.value);
            earlyRef.current.email = event.target.value;
          }}
        />
      </div>
      {askContact && <GuestContactFields {...contact.fieldsProps} labels={{ name: 'Name', mobile: 'Mobile number' }} />}
      {problem && (
        <p className="notice notice--error" role="alert">
          {problem}
        </p>
      )}
      <button type="submit" className="button button--accent" ref={button} disabled={saving}>
        Confirm Booking
      </button>
    </form>
  );
}
