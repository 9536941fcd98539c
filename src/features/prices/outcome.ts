import { useState } from 'react';
import { describeError } from '../../api/requestErrors';
import type { SourceError } from '../../api/requestErrors';
import type { Outcome as Notice } from '../../shared/ui/notices';

/** What came of an owner's change: said where it was made (OutcomeNotice.tsx). */
export interface Outcome extends Notice {
  /** The field the problem is about, marked invalid; none for the whole form's. */
  field?: string;
}

/**
 * A form's outcome, and `run`, which awaits a change and says what came of it: `success`, or the
 * hotel's reason (`fallback` when it gave none). True when the change was made.
 */
export function useOutcome() {
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const run = async (call: Promise<{ error?: unknown }>, success: string, fallback: string) => {
    const result = await call;
    setOutcome(
      result.error ? { tone: 'error', text: describeError(result.error as SourceError, fallback) } : { tone: 'success', text: success },
    );
    return !result.error;
  };
  /** A problem found before asking the hotel: said at once, on `field`. */
  const refuse = (text: string, field?: string) => setOutcome({ tone: 'error', text, field });
  return { outcome, setOutcome, run, refuse };
}
