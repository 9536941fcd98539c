import { Suspense, lazy, startTransition, useEffect, useState } from 'react';
import type { ComponentProps } from 'react';
import { DateRangePlaceholder } from './DateRangePlaceholder';

// react-dates and moment are most of the booking screen's code: the rooms paint first, the picker follows.
const loadPicker = () => import(/* webpackChunkName: "date-picker" */ './DateRangeField');
const DateRangeField = lazy(() => loadPicker().then((m) => ({ default: m.DateRangeField })));

/** The guest is in a placeholder input holding text they typed: the picker waits until they leave it. */
const typing = () => document.activeElement?.matches('.date-range__placeholder-input:not(:placeholder-shown)');

/**
 * True once the picker's code is in, after the frame that first showed the component has been
 * painted (false in the build's HTML and while hydrating), and the guest is not typing in the
 * placeholder. The swap is a transition of code already loaded, so the placeholder the guest sees
 * (its text and focus) stays until the picker takes its place in one frame: it is never swapped for
 * a second, empty placeholder while the code loads. Should the code not come, the placeholder stays,
 * and takes typed dates.
 */
function usePickerReady(): boolean {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    let left = false;
    // While the guest types in the placeholder, looked at again a moment later.
    const swap = () => {
      if (left) return;
      if (typing()) timer = setTimeout(swap, 200);
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

/**
 * The date range field, or its same-size placeholder until the picker's code is in. The picker
 * is asked for only after the screen has been painted: running its code is a long task, which
 * would otherwise hold back the screen's first frame (after Book Now, or after hydrating). So the
 * build's HTML holds the placeholder, and hydration finds that same placeholder there.
 */
export function DateRangeSlot(props: ComponentProps<typeof DateRangeField>) {
  const ready = usePickerReady();
  const placeholder = (
    <DateRangePlaceholder
      startDate={props.startDate}
      endDate={props.endDate}
      onChange={props.onChange}
      onFocusChange={props.onFocusChange}
    />
  );
  if (!ready) return placeholder;
  return (
    <Suspense fallback={placeholder}>
      <DateRangeField {...props} />
    </Suspense>
  );
}
