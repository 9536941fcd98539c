import { useAppDispatch, useAppSelector } from '../../shared/hooks';
import { readUnreadableBookings } from '../bookings/bookingsBackup';
import { selectUnreadableCount } from '../bookings/bookingsSlice';
import { datedFileName, downloadText } from './download';

/** Stored entries this version could not read are set aside, never deleted; say so and offer a copy. */
export function UnreadableNotice() {
  const dispatch = useAppDispatch();
  const count = useAppSelector(selectUnreadableCount);
  if (count === 0) return null;
  const records = count === 1 ? '1 stored booking record' : `${count} stored booking records`;
  return (
    <div className="notice admin-unreadable" role="region" aria-label="Unreadable booking records">
      <p>
        {records} could not be read, so {count === 1 ? 'it is' : 'they are'} not listed here. {count === 1 ? 'It is' : 'They are'} kept
        safely in this browser and {count === 1 ? 'has' : 'have'} not been deleted.
      </p>
      <button
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
