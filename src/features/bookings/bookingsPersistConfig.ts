import type { PersistConfig, Storage as PersistStorage } from 'redux-persist';
import type { BookingsState } from './bookingsSlice';
import { bookingsKey } from './bookingStorage';
import type { BookingStorage } from './bookingStorage';

/**
 * Maps the bookings slice onto the plain JSON array under `hotelBookings` that the earlier
 * version of the site wrote, instead of redux-persist's own wrapped format.
 */
export function bookingsPersistConfig(bookingStorage: BookingStorage): PersistConfig<BookingsState> {
  const engine: PersistStorage = {
    getItem: () => Promise.resolve(bookingStorage.read()),
    setItem: (_key: string, value: Partial<BookingsState>) => bookingStorage.save(value.items ?? []),
    // Purging would wipe the hotel's only copy of its bookings; nothing in the app purges.
    removeItem: () => Promise.resolve(),
  };
  return {
    key: bookingsKey,
    keyPrefix: '',
    storage: engine,
    serialize: false,
    deserialize: false,
    // Reading is synchronous, so no time-out: a time-out would rehydrate empty and then write
    // that empty list over the stored bookings (redux-persist issue 809).
    timeout: 0,
    // makeStore already preloads the same synchronous read, and a snapshot arriving a few ticks
    // later could be staler than a booking confirmed meanwhile: keep the state as it is.
    stateReconciler: false,
  } as PersistConfig<BookingsState>;
}
