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

/**
 * For a control on a prerendered page: until React owns the page it is disabled, so that a tap
 * cannot do half a thing (a form the browser submits itself, a choice the screen never hears
 * of), and marked data-waking, so that it is drawn as it will be a moment later (ui.css). A test
 * or a quick guest meets a control that is not ready yet, rather than one that ignores them.
 */
export function wakingProps(waking: boolean): { 'data-waking'?: '' } {
  return waking ? { 'data-waking': '' } : {};
}
