/**
 * Holds the date field's place, at its exact size, while the picker's code (react-dates and
 * moment, the bulk of this screen's JavaScript) loads after the rooms are on screen. Nothing here
 * can be used yet, so it is hidden from assistive technology apart from the caption.
 */
export function DateRangePlaceholder() {
  return (
    <fieldset className="date-range" disabled aria-busy="true">
      <legend className="date-range__caption">Select Date Range</legend>
      <div className="date-range__labels" aria-hidden="true">
        <span>Check-in</span>
        <span className="date-range__label-end">Check-out</span>
      </div>
      <div className="date-range__placeholder" aria-hidden="true">
        <span>MM/DD/YYYY</span>
        <span className="date-range__placeholder-arrow">→</span>
        <span>MM/DD/YYYY</span>
      </div>
    </fieldset>
  );
}
