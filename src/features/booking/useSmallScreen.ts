import { useMediaQuery } from '../../shared/useMediaQuery';

/** True on phone-sized screens, where the date picker goes full screen and stacks its months. */
export function useSmallScreen(): boolean {
  return useMediaQuery('(max-width: 640px)');
}
