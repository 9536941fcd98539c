import { createBookingStorage } from '../bookings/bookingStorage';
import { unreadableMessage } from './unreadableMessage';
import { unreadableNoticeMark } from '../../domain/pageMarks';

/**
 * The admin screen's unreadable-records notice, shown before React: the build's frame holds it
 * unseen and wordless (UnreadableNotice.tsx); the entry (main.tsx) calls this, on a frame this
 * browser's data will fill, as soon as its small chunk is in. It reads the storage as the store
 * will (the same reader, which also copies what it cannot read aside) and, if anything could not
 * be read, says so (true), sooner than React could on a slow phone. React then adopts
 * the notice as it is, its button included (a press before is pressed again, earlyForm.ts).
 */
export function showUnreadableEarly(root: HTMLElement): boolean {
  const notice = root.querySelector<HTMLElement>(`[${unreadableNoticeMark}][hidden]`);
  if (!notice) return false;
  const { unreadableCount } = createBookingStorage().read();
  if (unreadableCount === 0) return false;
  notice.querySelector('p')!.textContent = unreadableMessage(unreadableCount);
  notice.hidden = false;
  return true;
}
