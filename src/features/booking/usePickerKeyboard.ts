import { useEffect, useRef } from 'react';
import type { FocusedInputShape } from 'react-dates';

const picker = '.DateRangePicker_picker';
// The day react-dates keeps in the tab order: the chosen date, or the first one that can be chosen.
const focusableDay = `${picker} td[tabindex="0"]`;

function tabbablesInPicker(): HTMLElement[] {
  const all = document.querySelectorAll<HTMLElement>(`${picker} button, ${picker} [tabindex="0"]`);
  return [...all].filter((element) => element.tabIndex >= 0 && !element.hasAttribute('disabled') && element.getClientRects().length > 0);
}

/**
 * Keyboard use of react-dates' modal, which on its own strands keyboard users:
 * - Escape only moves focus from the calendar back to the input; here it closes the modal too.
 * - In portal mode the calendar already counts as focused when it opens, so react-dates' own
 *   way in (ArrowDown on the input) moves nothing: here ArrowDown moves focus to a day.
 * - Full screen (phones) the modal hides the inputs, so focus goes to a day as it opens.
 * - Tab would leave the modal for the page it covers: it cycles inside the modal instead.
 * - Choosing the check-out day removes the focused day with the modal: focus goes back to the
 *   input it belongs to instead of being lost.
 * The returned ref is true while focus moves back to an input, so that focus does not reopen the picker.
 */
export function usePickerKeyboard(
  focusedInput: FocusedInputShape | null,
  inputIds: Record<FocusedInputShape, string>,
  fullScreen: boolean,
  close: () => void,
) {
  const refocusing = useRef(false);
  const lastInput = useRef<FocusedInputShape | null>(null);
  const { startDate, endDate } = inputIds;

  useEffect(() => {
    const refocus = (input: FocusedInputShape) => {
      refocusing.current = true;
      document.getElementById(input === 'startDate' ? startDate : endDate)?.focus();
      refocusing.current = false;
    };

    if (focusedInput === null) {
      // Just closed, with focus inside the modal, which is gone now.
      if (lastInput.current !== null && document.activeElement === document.body) refocus(lastInput.current);
      lastInput.current = null;
      return;
    }
    lastInput.current = focusedInput;
    // react-dates focuses a day only on later updates, and its calendar can take focus only once
    // it is shown, a few frames after it opens: try each frame, for half a second at most.
    let frame = 0;
    let framesLeft = 30;
    const focusDay = () => {
      const day = document.querySelector<HTMLElement>(focusableDay);
      day?.focus();
      if (document.activeElement !== day && (framesLeft -= 1) > 0) frame = requestAnimationFrame(focusDay);
    };
    if (fullScreen) frame = requestAnimationFrame(focusDay);

    const onKeyDown = (event: KeyboardEvent) => {
      const target = event.target as HTMLElement;
      const inPicker = target.closest(picker) !== null;
      if (event.key === 'Escape') {
        // Escape in the keyboard shortcuts panel closes that panel only.
        if (document.querySelector('.DayPickerKeyboardShortcuts_panel')) return;
        close();
        refocus(focusedInput);
      } else if (event.key === 'ArrowDown' && (target.id === startDate || target.id === endDate)) {
        event.preventDefault();
        document.querySelector<HTMLElement>(focusableDay)?.focus();
      } else if (event.key === 'Tab' && inPicker) {
        const tabbables = tabbablesInPicker();
        const edge = event.shiftKey ? tabbables[0] : tabbables[tabbables.length - 1];
        if (target !== edge && tabbables.includes(target)) return;
        event.preventDefault();
        (event.shiftKey ? tabbables[tabbables.length - 1] : tabbables[0])?.focus();
      }
    };
    // Capture phase: react-dates stops the keys' propagation inside the calendar and the inputs.
    document.addEventListener('keydown', onKeyDown, true);
    return () => {
      cancelAnimationFrame(frame);
      document.removeEventListener('keydown', onKeyDown, true);
    };
  }, [focusedInput, startDate, endDate, fullScreen, close]);
  return refocusing;
}
