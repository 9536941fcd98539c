import 'react-dates/initialize';
import moment from 'moment';
import type { Moment } from 'moment';
import { useCallback, useMemo, useRef, useState } from 'react';
import type { MouseEvent } from 'react';
// The package root pulls in every react-dates component; the picker alone is several KB smaller.
import DateRangePicker from 'react-dates/lib/components/DateRangePicker';
import type { FocusedInputShape } from 'react-dates';
import { endDateId, startDateId } from './dateInputIds';
import { usePickerKeyboard } from './usePickerKeyboard';
import { useSmallScreen } from './useSmallScreen';
// react-dates' styles, then ours over them: with the picker's code, so the booking screen's first
// paint does not wait for them (they were most of its render-blocking CSS).
import 'react-dates/lib/css/_datepicker.css';
import './datePicker.css';

export const invalidDateMessage = 'Date input not valid.';
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
}

// The store keeps YYYY-MM-DD strings; moment lives only at this boundary.
const toMoment = (iso: string | null): Moment | null => (iso ? moment(iso, isoFormat, true) : null);
const toIso = (day: Moment | null): string | null => (day ? day.format(isoFormat) : null);
const isBeforeToday = (day: Moment) => day.isBefore(moment(), 'day');

/**
 * The Check-in / Check-out picker. react-dates reports a null date while the guest's typed text
 * is not (yet) an allowed date, and keeps that text in the input: such a null never reaches the
 * store, and if the text is still not a date when the guest leaves the field, the spec's message shows.
 */
export function DateRangeField({ startDate, endDate, onChange, focusedInput, onFocusChange }: DateRangeFieldProps) {
  const small = useSmallScreen();
  const [invalid, setInvalid] = useState(false);
  const start = useMemo(() => toMoment(startDate), [startDate]);
  const end = useMemo(() => toMoment(endDate), [endDate]);

  // Inputs whose typed text react-dates could not read as an allowed date. Tracked as the guest
  // types, because react-dates may put the stored date back into the input before it blurs.
  const unreadable = useRef(new Set<string>());

  function datesChanged(next: { startDate: Moment | null; endDate: Moment | null }) {
    const active = document.activeElement instanceof HTMLInputElement ? document.activeElement : null;
    for (const [id, day] of [
      [startDateId, next.startDate],
      [endDateId, next.endDate],
    ] as const) {
      if (active?.id !== id) continue;
      if (day === null && active.value.trim() !== '') unreadable.current.add(id);
      else unreadable.current.delete(id);
    }
    if (unreadable.current.size === 0) setInvalid(false);
    // A null caused by unreadable text never reaches the store; an emptied input clears its date.
    const nextStart = unreadable.current.has(startDateId) ? startDate : toIso(next.startDate);
    const nextEnd = unreadable.current.has(endDateId) ? endDate : toIso(next.endDate);
    if (nextStart !== startDate || nextEnd !== endDate) onChange({ startDate: nextStart, endDate: nextEnd });
  }

  /** The guest left the field (or closed the picker): now is the time to say the text was not a date. */
  const settle = useCallback(() => {
    if (unreadable.current.size === 0) return;
    unreadable.current.clear();
    setInvalid(true);
  }, []);

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
    <fieldset className="date-range" aria-describedby={invalid ? 'date-range-error' : undefined}>
      <legend className="date-range__caption">Select Date Range</legend>
      <div className="date-range__labels">
        <label htmlFor={startDateId}>Check-in</label>
        <label htmlFor={endDateId}>Check-out</label>
      </div>
      <div className="date-range__picker" onBlur={settle} onClick={clicked}>
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
      {invalid && (
        <p id="date-range-error" className="date-range__error" role="alert">
          {invalidDateMessage}
        </p>
      )}
    </fieldset>
  );
}
