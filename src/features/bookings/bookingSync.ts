import type { AppStore } from '../../app/store';
import { bookingsSynced } from './bookingsSlice';
import type { BookingStorage } from './bookingStorage';

/** Keeps this tab's bookings in step with writes made in the browser's other tabs. */
export function startBookingSync(store: AppStore, bookingStorage: BookingStorage, target: EventTarget = window): () => void {
  return bookingStorage.listen(
    () => store.getState().bookings.items,
    (snapshot) => store.dispatch(bookingsSynced(snapshot)),
    target,
  );
}
