import { useEffect, useRef } from 'react';
import { pressAgain } from '../../shared/earlyForm';
import { useAppDispatch, useAppSelector } from '../../shared/hooks';
import { useHydrated } from '../../shared/useHydrated';
import { readUnreadableBookings } from '../bookings/bookingsBackup';
import { selectUnreadableCount } from '../bookings/bookingsSlice';
import { datedFileName, downloadText } from './download';
import { unreadableMessage } from './unreadableMessage';
import { unreadableNoticeMark } from '../../domain/pageMarks';
import { marked } from '../../shared/ui/marked';

// Hydrating must find the words as the build left them, whatever the entry wrote there since.
const wordlessUntilRead = { __html: '' };

/**
 * Stored entries this version could not read are set aside, never deleted; say so and offer a copy.
 * The build's frame, read before anything is, holds the notice unseen and wordless: the entry
 * shows it before React when this browser's records need it (earlyUnreadableNotice.ts), and React
 * adopts it as it is, then says the same from the store.
 */
export function UnreadableNotice() {
  const dispatch = useAppDispatch();
  const count = useAppSelector(selectUnreadableCount);
  const hydrated = useHydrated();
  const download = useRef<HTMLButtonElement>(null);
  useEffect(() => pressAgain(download.current), []);
  if (hydrated && count === 0) return null;
  return (
    <div
      className="notice admin-unreadable"
      role="region"
      aria-label="Unreadable booking records"
      hidden={!hydrated}
      {...marked(unreadableNoticeMark)}
      suppressHydrationWarning
    >
      {hydrated ? <p>{unreadableMessage(count)}</p> : <p dangerouslySetInnerHTML={wordlessUntilRead} suppressHydrationWarning />}
      <button
        ref={download}
        type="button"
        className="button button--secondary"
        onClick={() =>
          downloadText(datedFileName('hotel-bookings-unreadable', 'json'), dispatch(readUnreadableBookings()), 'application/json')
        }
      >
        Download unreadable records
      </button>
    </div>
  );
}
