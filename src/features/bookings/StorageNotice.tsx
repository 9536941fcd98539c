import { useAppSelector } from '../../shared/hooks';
import { selectOffers } from '../../shared/offers';
import { storageUnavailableMessage } from './storageUnavailable';
import { storageNoticeMark } from '../../domain/pageMarks';
import { marked } from '../../shared/ui/marked';

/**
 * "Bookings cannot be saved in this browser", where the bookings are kept in it (a browser
 * refusing storage loses only its own copy where the hotel keeps them). It is always in the page,
 * hidden while storage works, so that on a prerendered page it shows as the page paints, long
 * before React has read storage (the page's first script marks a refusal, webpack.config.js
 * storageCheck, and ui.css shows the notice from that mark); React's state then says the same, and
 * nothing is added or moved.
 */
export function StorageNotice() {
  // By path, not bookingsSlice's selector: that module would be copied into the booking screen's chunk.
  const available = useAppSelector((state) => state.bookings.storageAvailable);
  if (useAppSelector(selectOffers).keeper !== 'browser') return null;
  return (
    <p className="notice notice--error" role="alert" hidden={available} {...marked(storageNoticeMark)}>
      {storageUnavailableMessage}
    </p>
  );
}
