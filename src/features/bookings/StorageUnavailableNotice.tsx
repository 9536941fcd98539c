import { useAppSelector } from '../../app/hooks';
import { selectStorageAvailable } from './bookingsSlice';

/** Shown where a guest would book, when the browser refuses this site any storage. */
export function StorageUnavailableNotice() {
  const available = useAppSelector(selectStorageAvailable);
  if (available) return null;
  return (
    <div className="notice notice--error" role="alert">
      <strong>Bookings cannot be saved in this browser.</strong> It does not allow this site to store data (site data or cookies may be
      blocked, for example in some private windows). Allow site data for this site, or use another browser, to book a room.
    </div>
  );
}
