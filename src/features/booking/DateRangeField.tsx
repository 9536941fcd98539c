import 'react-dates/initialize';
import moment from 'moment';
import type { Moment } from 'moment';
import { useCallback, useEffect, useMemo, useRef } from 'react';
import type { MouseEvent } from 'react';
// The package root pulls in every react-dates component; the picker alone is several KB smaller.
import DateRangePicker from 'react-dates/lib/components/DateRangePicker';
import type { FocusedInputShape } from 'react-dates';
import { formatDisplayDate } from '../../domain/dates';
import { datesProblem } from './datesProblem';
import type { DatesProblem } from './datesProblem';
import { datesProblemId, endDateId, startDateId } from './dateInputIds';
import { usePickerKeyboard } from './usePickerKeyboard';
import { useSmallScreen } from './useSmallScreen';
// react-dates' styles, then ours over them: with the picker's code, so the booking screen's first
// paint does not wait for them (they were most of its render-blocking CSS).
import 'react-dates/lib/css/_datepicker.css';
import './datePicker.css';
import { useSiteToday } from '../../shared/today';

const displayFormat = 'MM/DD/YYYY';
const isoFormat = 'YYYY-MM-DD';

export interface DateRange {
  startDate: string | null;
  endDate: string | null;
}

interface DateRangeFieldProps extends DateRange {
  onChange: (range: DateRange) => void;
  focusedInput: FocusedInputShape | null;
  onFocusChange: (input: FocusedInputShape | null) => void;
  /** What is wrong with the dates, shown under the field (DateRangeSlot.tsx): its input is marked invalid. */
  problem: DatesProblem | null;
  /** What is wrong with the typed dates, once the guest leaves them; null as soon as nothing is. */
  onProblem: (problem: DatesProblem | null) => void;
}

// The store keeps YYYY-MM-DD strings; moment lives only at this boundary.
const toMoment = (iso: string | null): Moment | null => (iso ? moment(iso, isoFormat, true) : null);
const toIso = (day: Moment | null): string | null => (day ? day.format(isoFormat) : null);

/**
 * The Check-in / Check-out picker. react-dates reports a null date while the guest's typed text
 * is not (yet) an allowed date, and keeps that text in the input: such a null never reaches the
 * store, and if the text is still not a date when the guest leaves the field, the spec's message
 * shows, saying why (datesProblem.ts, the placeholder's rules too).
 */
export function DateRangeField({ startDate, endDate, onChange, focusedInput, onFocusChange, problem, onProblem }: DateRangeFieldProps) {
  const small = useSmallScreen();
  const start = useMemo(() => toMoment(startDate), [startDate]);
  const end = useMemo(() => toMoment(endDate), [endDate]);
  // The site's today (the hotel's in hotel mode, whatever this device's zone): earlier days are not offered.
  const today = useSiteToday();
  const isBeforeToday = useCallback((day: Moment) => day.format(isoFormat) < today, [today]);

  // The text of each input that react-dates could not read as an allowed date. Tracked as the
  // guest types, because react-dates may put the stored date back into the input before it blurs.
  const unreadable = useRef(new Map<string, string>());
  // react-dates' inputs take no aria-invalid: set on the one the problem is about.
  useEffect(() => {
    for (const [id, input] of [
      [startDateId, 'startDate'],
      [endDateId, 'endDate'],
    ] as const)
      document.getElementById(id)?.setAttribute('aria-invalid', String(problem?.input === input));
  });

  function datesChanged(next: { startDate: Moment | null; endDate: Moment | null }) {
    for (const [id, day, chosen] of [
      [startDateId, next.startDate, startDate],
      [endDateId, next.endDate, endDate],
    ] as const) {
      // Text in an input that is not the date chosen there, and that react-dates did not take: typed
      // (or pasted) by the guest. An input still showing its chosen date is one react-dates cleared
      // itself (a check-in moved past the check-out): that null reaches the store.
      const text = (document.getElementById(id) as HTMLInputElement | null)?.value.trim();
      if (day === null && text && text !== formatDisplayDate(chosen)) unreadable.current.set(id, text);
      else unreadable.current.delete(id);
    }
    if (unreadable.current.size === 0) onProblem(null);
    // A null caused by unreadable text never reaches the store; an emptied input clears its date.
    const nextStart = unreadable.current.has(startDateId) ? startDate : toIso(next.startDate);
    const nextEnd = unreadable.current.has(endDateId) ? endDate : toIso(next.endDate);
    if (nextStart !== startDate || nextEnd !== endDate) onChange({ startDate: nextStart, endDate: nextEnd });
  }

  /** The guest left the field (or closed the picker): now is the time to say what is wrong with the dates. */
  const settle = useCallback(() => {
    const typed = unreadable.current;
    if (typed.size === 0) return;
    onProblem(datesProblem(typed.get(startDateId) ?? startDate, typed.get(endDateId) ?? endDate, today));
    typed.clear();
  }, [onProblem, startDate, endDate, today]);

  const close = useCallback(() => {
    settle();
    onFocusChange(null);
  }, [settle, onFocusChange]);
  const refocusing = usePickerKeyboard(focusedInput, { startDate: startDateId, endDate: endDateId }, small, close);

  function focusChanged(input: FocusedInputShape | null) {
    if (input !== null && refocusing.current) return;
    onFocusChange(input);
  }

  // A click on the input that kept focus after Escape opens the picker again.
  function clicked(event: MouseEvent<HTMLDivElement>) {
    const id = (event.target as HTMLElement).id;
    if (focusedInput === null && (id === startDateId || id === endDateId)) onFocusChange(id === startDateId ? 'startDate' : 'endDate');
  }

  return (
    <fieldset className="date-range" aria-describedby={datesProblemId}>
      <legend className="date-range__caption">Select Date Range</legend>
      <div className="date-range__labels">
        <label htmlFor={startDateId}>Check-in</label>
        <label htmlFor={endDateId}>Check-out</label>
      </div>
      {/* Escape in an input whose calendar is closed settles too (react-dates stops the key there: capture). */}
      <div
        className="date-range__picker"
        onBlur={settle}
        onClick={clicked}
        onKeyDownCapture={(event) => event.key === 'Escape' && settle()}
      >
        <DateRangePicker
          startDate={start}
          startDateId={startDateId}
          startDatePlaceholderText="MM/DD/YYYY"
          startDateAriaLabel="Check-in"
          endDate={end}
          endDateId={endDateId}
          endDatePlaceholderText="MM/DD/YYYY"
          endDateAriaLabel="Check-out"
          onDatesChange={datesChanged}
          focusedInput={focusedInput}
          onFocusChange={focusChanged}
          onClose={settle}
          displayFormat={displayFormat}
          numberOfMonths={2}
          orientation={small ? 'vertical' : 'horizontal'}
          withPortal={!small}
          withFullScreenPortal={small}
          isOutsideRange={isBeforeToday}
          minimumNights={1}
          hideKeyboardShortcutsPanel={small}
          block
        />
      </div>
    </fieldset>
  );
}
