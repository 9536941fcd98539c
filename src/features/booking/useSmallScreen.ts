import { useSyncExternalStore } from 'react';

const query = '(max-width: 640px)';

function subscribe(onChange: () => void): () => void {
  if (typeof window.matchMedia !== 'function') return () => undefined;
  const list = window.matchMedia(query);
  list.addEventListener('change', onChange);
  return () => list.removeEventListener('change', onChange);
}

const isSmall = () => typeof window.matchMedia === 'function' && window.matchMedia(query).matches;

/** True on phone-sized screens, where the date picker goes full screen and stacks its months. */
export function useSmallScreen(): boolean {
  return useSyncExternalStore(subscribe, isSmall, () => false);
}
