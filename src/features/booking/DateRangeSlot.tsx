import { Suspense, lazy } from 'react';
import type { ComponentProps } from 'react';
import { DateRangePlaceholder } from './DateRangePlaceholder';
import { useHydrated } from './useHydrated';

// react-dates and moment are most of the booking screen's code: the rooms paint first, the picker follows.
const DateRangeField = lazy(() =>
  import(/* webpackChunkName: "date-picker" */ './DateRangeField').then((m) => ({ default: m.DateRangeField })),
);

/**
 * The date range field, or its same-size placeholder until the picker's code is in. The picker
 * (which suspends while its code loads) renders only once React owns the page, so the build's
 * HTML holds the placeholder and hydration finds that same placeholder there.
 */
export function DateRangeSlot(props: ComponentProps<typeof DateRangeField>) {
  const hydrated = useHydrated();
  const placeholder = <DateRangePlaceholder />;
  if (!hydrated) return placeholder;
  return (
    <Suspense fallback={placeholder}>
      <DateRangeField {...props} />
    </Suspense>
  );
}
