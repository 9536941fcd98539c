import { createBookingStorage } from '../features/bookings/bookingStorage';
import { makeStore } from './store';

/** A Storage that starts empty and keeps what is written in memory. */
function memoryStorage(): Storage {
  const data = new Map<string, string>();
  return {
    get length() {
      return data.size;
    },
    clear: () => data.clear(),
    getItem: (key) => data.get(key) ?? null,
    key: (index) => [...data.keys()][index] ?? null,
    removeItem: (key) => void data.delete(key),
    setItem: (key, value) => void data.set(key, String(value)),
  };
}

/**
 * A store that has read no browser storage: the build prerenders the booking screen with it, so
 * hydration must first render its state too (react-redux's serverState) before the guest's own
 * dates and room appear.
 */
export function makeStoreBeforeStorage() {
  const storage = memoryStorage();
  return makeStore({ bookingStorage: createBookingStorage(() => storage), getSessionStorage: () => storage });
}
