import { wakingProps } from '../../shared/useHydrated';
import { endDateId, startDateId } from './dateInputIds';

/**
 * Holds the date field's place, at its exact size and with the same labelled inputs, in the
 * build's HTML and while the picker's code (react-dates and moment, the bulk of this screen's
 * JavaScript) loads, so that nothing moves when the picker arrives. Its inputs wait for the
 * picker (disabled, drawn as the picker's: see wakingProps): focus given to them would be lost
 * when the picker takes their place.
 */
export function DateRangePlaceholder() {
  const input = (id: string) => (
    <input id={id} className="date-range__placeholder-input" type="text" disabled {...wakingProps(true)} placeholder="MM/DD/YYYY" />
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
        {input(startDateId)}
        <span className="date-range__placeholder-arrow" aria-hidden="true">
          →
        </span>
        {input(endDateId)}
      </div>
    </fieldset>
  );
}
