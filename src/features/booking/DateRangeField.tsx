import 'react-dates/initialize';
import 'react-dates/lib/css/_datepicker.css';
import moment from 'moment';
import type { Moment } from 'moment';
import { useMemo, useState } from 'react';
import type { FocusEvent } from 'react';
import { DateRangePicker } from 'react-dates';
import type { FocusedInputShape } from 'react-dates';
import { useSmallScreen } from './useSmallScreen';
import './dateRange.css';

export const startDateId = 'check-in';
export const endDateId = 'check-out';
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
const typedText = (id: string) => (document.getElementById(id) as HTMLInputElement | null)?.value.trim() ?? '';
const isBeforeToday = (day: Moment) => day.isBefore(moment(), 'day');

/**
 * The Check-in / Check-out picker. react-dates reports a null date while the guest's typed text
 * is not (yet) a valid date, and keeps that text in the input: such a null never reaches the
 * store, and if the text is still invalid when the guest leaves the field, the spec's message shows.
 */
export function DateRangeField({ startDate, endDate, onChange, focusedInput, onFocusChange }: DateRangeFieldProps) {
  const small = useSmallScreen();
  const [invalid, setInvalid] = useState(false);
  const start = useMemo(() => toMoment(startDate), [startDate]);
  const end = useMemo(() => toMoment(endDate), [endDate]);

  function datesChanged(next: { startDate: Moment | null; endDate: Moment | null }) {
    // Keep the stored date while the input holds text that is not a date; an emptied input clears it.
    const nextStart = next.startDate || typedText(startDateId) === '' ? toIso(next.startDate) : startDate;
    const nextEnd = next.endDate || typedText(endDateId) === '' ? toIso(next.endDate) : endDate;
    if (next.startDate || next.endDate) setInvalid(false);
    if (nextStart !== startDate || nextEnd !== endDate) onChange({ startDate: nextStart, endDate: nextEnd });
  }

  function left(event: FocusEvent<HTMLDivElement>) {
    const input = event.target;
    if (!(input instanceof HTMLInputElement) || (input.id !== startDateId && input.id !== endDateId)) return;
    const stored = input.id === startDateId ? start : end;
    const text = input.value.trim();
    setInvalid(text !== '' && text !== (stored?.format(displayFormat) ?? ''));
  }

  return (
    <fieldset className="date-range" aria-describedby={invalid ? 'date-range-error' : undefined}>
      <legend className="date-range__caption">Select Date Range</legend>
      <div className="date-range__labels">
        <label htmlFor={startDateId}>Check-in</label>
        <label htmlFor={endDateId}>Check-out</label>
      </div>
      <div className="date-range__picker" onBlur={left}>
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
          onFocusChange={onFocusChange}
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
