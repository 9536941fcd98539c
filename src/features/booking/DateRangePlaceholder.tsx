import { useLayoutEffect, useRef } from 'react';
import type { FocusedInputShape } from 'react-dates';
import { formatDisplayDate, toIsoDate, todayIso } from '../../domain/dates';
import type { DateRange } from './DateRangeField';
import { endDateId, startDateId } from './dateInputIds';

/** Typed MM/DD/YYYY as YYYY-MM-DD, or null while it is not a date from today on (the picker's rule). */
function typedDate(input: HTMLInputElement): string | null {
  const day = /^\d{1,2}\/\d{1,2}\/\d{4}$/.test(input.value.trim()) ? toIsoDate(input.value.trim()) : null;
  return day && day >= todayIso() ? day : null;
}

interface PlaceholderProps extends DateRange {
  onChange: (range: DateRange) => void;
  onFocusChange: (input: FocusedInputShape | null) => void;
}

/**
 * Holds the date field's place, at its exact size and with the same labelled inputs, in the
 * build's HTML and while the picker's code (react-dates and moment, the bulk of this screen's
 * JavaScript) loads, so that nothing moves when the picker arrives. Its inputs take typed dates
 * (MM/DD/YYYY) as the picker's do: those typed before React ran are read as it adopts the page
 * (src/shared/earlyForm.ts), and the picker takes the place only once the guest has left what
 * they typed (DateRangeSlot.tsx), showing the same dates; an empty one they are in opens the calendar.
 * Drawn again (a placeholder in a new place), it shows the dates already chosen, and a date typed
 * in one input never clears the other's.
 */
export function DateRangePlaceholder({ startDate, endDate, onChange, onFocusChange }: PlaceholderProps) {
  const field = useRef<HTMLFieldSetElement>(null);
  // What the inputs show, read as dates: an input with no date in it keeps the one already chosen.
  const report = () => {
    const [start, end] = [...field.current!.querySelectorAll('input')].map(typedDate);
    if ((start && start !== startDate) || (end && end !== endDate)) onChange({ startDate: start ?? startDate, endDate: end ?? endDate });
  };
  // An empty input the guest is in asks for the calendar, which opens there when the picker comes;
  // one they type in, or leave for another control, no longer does.
  const focused = (input: Element | null) => {
    const empty = input?.matches('.date-range__placeholder-input:placeholder-shown');
    onFocusChange(empty ? (input!.id === startDateId ? 'startDate' : 'endDate') : null);
  };
  useLayoutEffect(() => {
    report();
    if (document.activeElement?.matches('.date-range__placeholder-input')) focused(document.activeElement);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  const input = (id: string, date: string | null) => (
    <input
      id={id}
      className="date-range__placeholder-input"
      type="text"
      placeholder="MM/DD/YYYY"
      defaultValue={date ? formatDisplayDate(date) : undefined}
    />
  );
  return (
    <fieldset
      className="date-range"
      ref={field}
      onChange={(event) => {
        report();
        focused(event.target);
      }}
      onFocus={(event) => focused(event.target)}
      onBlur={(event) => event.relatedTarget && focused(null)}
    >
      <legend className="date-range__caption">Select Date Range</legend>
      <div className="date-range__labels">
        <label htmlFor={startDateId}>Check-in</label>
        <label htmlFor={endDateId} className="date-range__label-end">
          Check-out
        </label>
      </div>
      <div className="date-range__placeholder">
        {input(startDateId, startDate)}
        <span className="date-range__placeholder-arrow" aria-hidden="true">
          →
        </span>
        {input(endDateId, endDate)}
      </div>
    </fieldset>
  );
}
