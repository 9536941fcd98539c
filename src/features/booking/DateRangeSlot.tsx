import { Suspense, lazy, useSyncExternalStore } from 'react';
import type { ComponentProps } from 'react';
import { DateRangePlaceholder } from './DateRangePlaceholder';

// react-dates and moment are most of the booking screen's code: the rooms paint first, the picker follows.
const DateRangeField = lazy(() =>
  import(/* webpackChunkName: "date-picker" */ './DateRangeField').then((m) => ({ default: m.DateRangeField })),
);

const noSubscription = () => () => undefined;

/**
 * False while the page is prerendered or hydrated, true once React owns it. The picker (which
 * suspends while its code loads) renders only then, so the build's HTML holds the placeholder
 * and hydration finds that same placeholder there.
 */
function useHydrated(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
}

/** The date range field, or its same-size placeholder until the picker's code is in. */
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
