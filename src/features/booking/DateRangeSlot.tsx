import { Suspense, lazy, useEffect, useState } from 'react';
import type { ComponentProps } from 'react';
import { DateRangePlaceholder } from './DateRangePlaceholder';

// react-dates and moment are most of the booking screen's code: the rooms paint first, the picker follows.
const DateRangeField = lazy(() =>
  import(/* webpackChunkName: "date-picker" */ './DateRangeField').then((m) => ({ default: m.DateRangeField })),
);

/** True once the frame that first showed the component has been painted (false in the build's HTML and while hydrating). */
function usePainted(): boolean {
  const [painted, setPainted] = useState(false);
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const frame = requestAnimationFrame(() => (timer = setTimeout(() => setPainted(true))));
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
  const placeholder = <DateRangePlaceholder />;
  if (!painted) return placeholder;
  return (
    <Suspense fallback={placeholder}>
      <DateRangeField {...props} />
    </Suspense>
  );
}
