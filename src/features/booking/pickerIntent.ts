import type { FocusedInputShape } from 'react-dates';

let intent: FocusedInputShape | null = null;

/**
 * Notes which date input a guest reached for (`data-picker-input` on the placeholder) before
 * the page's script or the picker's code was in, so the picker can open there once it is.
 */
export function notePickerIntent(target: EventTarget | null): void {
  const which = (target as Element | null)?.closest?.('[data-picker-input]')?.getAttribute('data-picker-input');
  if (which === 'startDate' || which === 'endDate') intent = which;
}

/** The input the guest reached for, once: the booking screen opens the picker there. */
export function takePickerIntent(): FocusedInputShape | null {
  const wanted = intent;
  intent = null;
  return wanted;
}
