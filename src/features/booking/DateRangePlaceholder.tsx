import { useLayoutEffect, useRef } from 'react';
import type { FocusedInputShape } from 'react-dates';
import { toIsoDate, todayIso } from '../../domain/dates';
import type { DateRange } from './DateRangeField';
import { endDateId, startDateId } from './dateInputIds';

/** Typed MM/DD/YYYY as YYYY-MM-DD, or null while it is not a date from today on (the picker's rule). */
function typedDate(input: HTMLInputElement): string | null {
  const day = /^\d{1,2}\/\d{1,2}\/\d{4}$/.test(input.value.trim()) ? toIsoDate(input.value.trim()) : null;
  return day && day >= todayIso() ? day : null;
}

interface PlaceholderProps {
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
 */
export function DateRangePlaceholder({ onChange, onFocusChange }: PlaceholderProps) {
  const field = useRef<HTMLFieldSetElement>(null);
  const report = () => {
    const [start, end] = [...field.current!.querySelectorAll('input')].map(typedDate);
    if (start || end) onChange({ startDate: start ?? null, endDate: end ?? null });
  };
  // An empty input the guest is in asks for the calendar, which opens there when the picker comes.
  const focused = (input: Element) => {
    if (input?.matches('.date-range__placeholder-input:placeholder-shown'))
      onFocusChange(input.id === startDateId ? 'startDate' : 'endDate');
  };
  useLayoutEffect(() => {
    report();
    focused(document.activeElement!);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  const input = (id: string) => <input id={id} className="date-range__placeholder-input" type="text" placeholder="MM/DD/YYYY" />;
  return (
    <fieldset className="date-range" ref={field} onChange={report} onFocus={(event) => focused(event.target)}>
      <legend className="date-range__caption">Select Date Range</legend>
      <div className="date-range__labels">
        <label htmlFor={startDateId}>Check-in</label>
        <label htmlFor={endDateId} className="date-range__label-end">
          Check-out
        </label>
      </div>
      <div className="date-range__placeholder">
        {input(startDateId)}
        <span className="date-range__placeholder-arrow" aria-hidden="true">
          →
        </span>
        {input(endDateId)}
      </div>
    </fieldset>
  );
}
