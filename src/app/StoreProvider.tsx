import type { ReactNode } from 'react';
import { Provider } from 'react-redux';
import { startBookingSync } from '../features/bookings/bookingSync';
import { makeStore } from './store';

// The store (Redux Toolkit, redux-persist, the booking code) is its own chunk, created when the
// first screen that needs it loads. The home page never does, so it stays out of its budget.
const { store, bookingStorage } = makeStore();
startBookingSync(store, bookingStorage);

export function StoreProvider({ children }: { children: ReactNode }) {
  return <Provider store={store}>{children}</Provider>;
}
