import { useEffect, useRef } from 'react';
import type { FocusedInputShape } from 'react-dates';

/**
 * react-dates' modal has no keyboard way out: Escape only moves focus from the calendar back to
 * the input. This closes it on Escape and leaves focus on that input. The returned ref is true
 * while that focus moves, so the focus it causes does not reopen the picker.
 */
export function useEscapeToClose(focusedInput: FocusedInputShape | null, inputIds: Record<FocusedInputShape, string>, close: () => void) {
  const refocusing = useRef(false);
  const { startDate, endDate } = inputIds;
  useEffect(() => {
    if (focusedInput === null) return;
    const inputId = focusedInput === 'startDate' ? startDate : endDate;
    const onKeyDown = (event: KeyboardEvent) => {
      // Escape in the keyboard shortcuts panel closes that panel only.
      if (event.key !== 'Escape' || document.querySelector('.DayPickerKeyboardShortcuts_panel')) return;
      close();
      refocusing.current = true;
      document.getElementById(inputId)?.focus();
      refocusing.current = false;
    };
    // Capture phase: react-dates stops the key's propagation inside the calendar.
    document.addEventListener('keydown', onKeyDown, true);
    return () => document.removeEventListener('keydown', onKeyDown, true);
  }, [focusedInput, startDate, endDate, close]);
  return refocusing;
}
