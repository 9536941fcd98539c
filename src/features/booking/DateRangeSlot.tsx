import { Suspense, lazy, startTransition, useEffect, useRef, useState } from 'react';
import type { ComponentProps } from 'react';
import { DateRangePlaceholder } from './DateRangePlaceholder';
import { invalidDateMessage } from './datesProblem';
import type { DatesProblem } from './datesProblem';
import { datesProblemId } from './dateInputIds';

// react-dates and moment are most of the booking screen's code: the rooms paint first, the picker follows.
const loadPicker = () => import(/* webpackChunkName: "date-picker" */ './DateRangeField');
const DateRangeField = lazy(() => loadPicker().then((m) => ({ default: m.DateRangeField })));

/** The guest is in a placeholder input holding text they typed: the picker waits until they leave it. */
const typing = () => document.activeElement?.matches('.date-range__placeholder-input:not(:placeholder-shown)');

/**
 * True once the picker's code is in, after the frame that first showed the component has been
 * painted (false in the build's HTML and while hydrating), and the guest is not typing in the
 * placeholder nor has left in it text that is not a date (`held`: the picker would show the
 * chosen dates instead, and lose what the message is about). The swap is a transition of code
 * already loaded, so the placeholder the guest sees (its text and focus) stays until the picker
 * takes its place in one frame: it is never swapped for a second, empty placeholder while the code
 * loads. Should the code not come, the placeholder stays, and takes typed dates.
 */
function usePickerReady(held: boolean): boolean {
  const [ready, setReady] = useState(false);
  const hold = useRef(held);
  useEffect(() => {
    hold.current = held;
  }, [held]);
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    let left = false;
    // While the guest types in the placeholder, looked at again a moment later.
    const swap = () => {
      if (left) return;
      if (typing() || hold.current) timer = setTimeout(swap, 200);
      else startTransition(() => setReady(true));
    };
    const frame = requestAnimationFrame(() => (timer = setTimeout(() => void loadPicker().then(swap, () => undefined))));
    return () => {
      left = true;
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, []);
  return ready;
}

interface DateRangeSlotProps extends ComponentProps<typeof DateRangeField> {
  /** What is wrong with the dates (typed or chosen), said under them; null when nothing is. */
  problem: DatesProblem | null;
  /** The placeholder holds typed text that is not a date: the picker waits (see usePickerReady). */
  held: boolean;
}

/**
 * The date range field, or its same-size placeholder until the picker's code is in, and under it
 * what is wrong with the dates. The picker is asked for only after the screen has been painted:
 * running its code is a long task, which would otherwise hold back the screen's first frame (after
 * Book Now, or after hydrating). So the build's HTML holds the placeholder, and hydration finds
 * that same placeholder there. The message is one for either field (an alert, announced when it
 * comes), where the screen's Book and Search take the guest.
 */
export function DateRangeSlot({ problem, held, ...props }: DateRangeSlotProps) {
  const ready = usePickerReady(held);
  const placeholder = (
    <DateRangePlaceholder
      startDate={props.startDate}
      endDate={props.endDate}
      problem={problem}
      onChange={props.onChange}
      onFocusChange={props.onFocusChange}
      onProblem={props.onProblem}
    />
  );
  // The message is the search row's own line under the dates and buttons (booking.css), so that
  // it moves neither Search nor View Bookings when it comes (a click between a mouse button going
  // down, which settles the dates, and coming up would be lost).
  return (
    <>
      {ready ? (
        <Suspense fallback={placeholder}>
          <DateRangeField {...props} problem={problem} />
        </Suspense>
      ) : (
        placeholder
      )}
      {problem && (
        <p id={datesProblemId} className="date-range__error" role="alert" tabIndex={-1}>
          {/* The spec's words in an element of their own, as the spec has them. */}
          {problem.invalid && <span>{invalidDateMessage} </span>}
          {problem.why}
        </p>
      )}
    </>
  );
}
