import { useState } from 'react';
import { isIsoDate } from '../../domain/dates';
import { Field } from './Field';
import { monthName, monthStart } from './pricesWords';

interface CalendarNavProps {
  /** The first month shown (YYYY-MM-01) and the last month shown. */
  first: string;
  last: string;
  /** The earliest and latest first month the calendar may show: this month, and as far as a rule may reach. */
  earliest: string;
  latest: string;
  /** The earliest and latest night a date may be jumped to. */
  minNight: string;
  maxNight: string;
  /** Shows the months from this one (YYYY-MM-01). */
  onShow: (month: string) => void;
  busy: boolean;
}

/**
 * Moves the calendar a month at a time, or to the month of a date, as far ahead as the owner's
 * rules reach (three years): next season is set on the calendar, not by typing dates blind.
 */
export function CalendarNav({ first, last, earliest, latest, minNight, maxNight, onShow, busy }: CalendarNavProps) {
  const [date, setDate] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const go = (month: string) => onShow(month < earliest ? earliest : month > latest ? latest : month);
  return (
    <div className="prices__nav" role="group" aria-label="Months shown">
      <p className="prices__shown" aria-live="polite" aria-busy={busy}>
        {monthName(first)} to {monthName(last)}
      </p>
      <div className="prices__nav-row">
        <button type="button" className="button button--secondary" disabled={first <= earliest} onClick={() => go(monthStart(first, -1))}>
          Previous month
        </button>
        <button type="button" className="button button--secondary" disabled={first >= latest} onClick={() => go(monthStart(first, 1))}>
          Next month
        </button>
        {/* Checked here, to say why in the screen's own words (a browser's bubble is gone in a moment). */}
        <form
          className="prices__jump"
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            if (!isIsoDate(date) || date < minNight || date > maxNight)
              return setProblem('Choose a date from today to three years ahead: the rules reach that far.');
            setProblem(null);
            go(monthStart(date));
          }}
        >
          <Field label="Go to date">
            {(id) => (
              <input
                id={id}
                className="input"
                type="date"
                value={date}
                min={minNight}
                max={maxNight}
                aria-invalid={problem !== null || undefined}
                onChange={(event) => setDate(event.target.value)}
              />
            )}
          </Field>
          <button type="submit" className="button button--secondary">
            Show
          </button>
        </form>
      </div>
      {problem && (
        <p className="notice notice--error" role="alert">
          {problem}
        </p>
      )}
    </div>
  );
}
