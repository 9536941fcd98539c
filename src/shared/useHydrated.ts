import { useSyncExternalStore } from 'react';

const noSubscription = () => () => undefined;

/**
 * False while the page is prerendered or hydrated, true once React owns it. What renders only
 * when this is true (hotel mode's rooms left, a screen's stored data) is absent from the build's
 * HTML, and hydration finds the page exactly as it was built.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
}
