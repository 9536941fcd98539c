import { Suspense, lazy, useEffect, useState } from 'react';
import type { ComponentProps } from 'react';
import { DateRangePlaceholder } from './DateRangePlaceholder';

// react-dates and moment are most of the booking screen's code: the rooms paint first, the picker follows.
const DateRangeField = lazy(() =>
  import(/* webpackChunkName: "date-picker" */ './DateRangeField').then((m) => ({ default: m.DateRangeField })),
);

/** The guest is in a placeholder input holding text they typed: the picker waits until they leave it. */
const typing = () => document.activeElement?.matches('.date-range__placeholder-input:not(:placeholder-shown)');

/**
 * True once the frame that first showed the component has been painted (false in the build's HTML
 * and while hydrating), and the guest is not typing in the placeholder: their text and focus stay.
 */
function usePainted(): boolean {
  const [painted, setPainted] = useState(false);
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    // While the guest types in the placeholder, looked at again a moment later.
    const ready = () => (typing() ? (timer = setTimeout(ready, 200)) : setPainted(true));
    const frame = requestAnimationFrame(() => (timer = setTimeout(ready)));
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, []);
  return painted;
}

/**
 * The date range field, or its same-size placeholder until the picker's code is in. The picker
 * is asked for only after the screen has been painted: running its code is a long task, which
 * would otherwise hold back the screen's first frame (after Book Now, or after hydrating). So the
 * build's HTML holds the placeholder, and hydration finds that same placeholder there.
 */
export function DateRangeSlot(props: ComponentProps<typeof DateRangeField>) {
  const painted = usePainted();
  const placeholder = <DateRangePlaceholder onChange={props.onChange} onFocusChange={props.onFocusChange} />;
  if (!painted) return placeholder;
  return (
    <Suspense fallback={placeholder}>
      <DateRangeField {...props} />
    </Suspense>
  );
}
