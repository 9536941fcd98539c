import { useLayoutEffect, useRef } from 'react';
import type { FocusedInputShape } from 'react-dates';
import { formatDisplayDate } from '../../domain/dates';
import type { DateRange } from './DateRangeField';
import { datesProblem, typedDate } from './datesProblem';
import type { DatesProblem } from './datesProblem';
import { datesProblemId, endDateId, startDateId } from './dateInputIds';
import { useSiteToday } from '../../shared/today';

interface PlaceholderProps extends DateRange {
  problem: DatesProblem | null;
  onChange: (range: DateRange) => void;
  onFocusChange: (input: FocusedInputShape | null) => void;
  /** What is wrong with the typed dates, once the guest leaves an input; null as soon as nothing is. */
  onProblem: (problem: DatesProblem | null) => void;
}

/**
 * Holds the date field's place, at its exact size and with the same labelled inputs, in the
 * build's HTML and while the picker's code (react-dates and moment, the bulk of this screen's
 * JavaScript) loads, so that nothing moves when the picker arrives. Its inputs take typed dates
 * (MM/DD/YYYY) by the picker's rules (datesProblem.ts): those typed before React ran are read as
 * it adopts the page (src/shared/earlyForm.ts); text that is not a date the picker would take is
 * said to be so when the guest leaves the input (Tab, a click elsewhere) or presses Escape, as the
 * picker says it. The picker takes the place only once the guest has left what they typed
 * (DateRangeSlot.tsx), showing the same dates; an empty one they are in opens the calendar.
 * Drawn again (a placeholder in a new place), it shows the dates already chosen, and a date typed
 * in one input never clears the other's.
 */
export function DateRangePlaceholder({ startDate, endDate, problem, onChange, onFocusChange, onProblem }: PlaceholderProps) {
  const field = useRef<HTMLFieldSetElement>(null);
  const today = useSiteToday();
  const typed = () => [...field.current!.querySelectorAll('input')].map((input) => input.value);
  // What the inputs show, read as dates: an input with no date in it keeps the one already chosen.
  const report = () => {
    const [start, end] = typed().map((text) => typedDate(text, today));
    if ((start && start !== startDate) || (end && end !== endDate)) onChange({ startDate: start ?? startDate, endDate: end ?? endDate });
  };
  /** The guest left an input (or pressed Escape): now is the time to say what is wrong with the dates. */
  const settle = () => onProblem(datesProblem(...(typed() as [string, string]), today));
  // An empty input the guest is in asks for the calendar, which opens there when the picker comes;
  // one they type in, or leave for another control, no longer does.
  const focused = (input: Element | null) => {
    const empty = input?.matches('.date-range__placeholder-input:placeholder-shown');
    onFocusChange(empty ? (input!.id === startDateId ? 'startDate' : 'endDate') : null);
  };
  useLayoutEffect(() => {
    report();
    if (document.activeElement?.matches('.date-range__placeholder-input')) focused(document.activeElement);
    // Typed before React ran, and left: said at once (what is in the input the guest is in waits until they leave it).
    const found = datesProblem(...(typed() as [string, string]), today);
    if (found && document.activeElement?.id !== (found.input === 'startDate' ? startDateId : endDateId)) onProblem(found);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  const input = (id: string, date: string | null, invalid: boolean) => (
    <input
      id={id}
      className="date-range__placeholder-input"
      type="text"
      placeholder="MM/DD/YYYY"
      aria-invalid={invalid || undefined}
      defaultValue={date ? formatDisplayDate(date) : undefined}
    />
  );
  return (
    <fieldset
      className="date-range"
      ref={field}
      aria-describedby={datesProblemId}
      onChange={(event) => {
        report();
        focused(event.target);
        // Put right while typing: the message goes at once.
        if (!datesProblem(...(typed() as [string, string]), today)) onProblem(null);
      }}
      onFocus={(event) => focused(event.target)}
      onBlur={(event) => {
        if (event.relatedTarget) focused(null);
        settle();
      }}
      onKeyDown={(event) => event.key === 'Escape' && settle()}
    >
      <legend className="date-range__caption">Select Date Range</legend>
      <div className="date-range__labels">
        <label htmlFor={startDateId}>Check-in</label>
        <label htmlFor={endDateId} className="date-range__label-end">
          Check-out
        </label>
      </div>
      <div className="date-range__placeholder">
        {input(startDateId, startDate, problem?.input === 'startDate')}
        <span className="date-range__placeholder-arrow" aria-hidden="true">
          →
        </span>
        {input(endDateId, endDate, problem?.input === 'endDate')}
      </div>
    </fieldset>
  );
}
