import type { FocusedInputShape } from 'react-dates';
import { endDateId, startDateId } from './dateInputIds';
import { notePickerIntent } from './pickerIntent';

/**
 * Holds the date field's place, at its exact size and with the same labelled inputs, while the
 * picker's code (react-dates and moment, the bulk of this screen's JavaScript) loads. The inputs
 * take focus, and the picker takes it over when it arrives (and so opens, as on a Tab or click).
 */
export function DateRangePlaceholder() {
  const input = (id: string, which: FocusedInputShape) => (
    <input
      id={id}
      className="date-range__placeholder-input"
      type="text"
      readOnly
      placeholder="MM/DD/YYYY"
      data-picker-input={which}
      onFocus={(event) => notePickerIntent(event.currentTarget)}
    />
  );
  return (
    <fieldset className="date-range" aria-busy="true">
      <legend className="date-range__caption">Select Date Range</legend>
      <div className="date-range__labels">
        <label htmlFor={startDateId}>Check-in</label>
        <label htmlFor={endDateId} className="date-range__label-end">
          Check-out
        </label>
      </div>
      <div className="date-range__placeholder">
        {input(startDateId, 'startDate')}
        <span className="date-range__placeholder-arrow" aria-hidden="true">
          →
        </span>
        {input(endDateId, 'endDate')}
      </div>
    </fieldset>
  );
}
