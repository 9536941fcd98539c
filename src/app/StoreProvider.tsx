import type { ReactNode } from 'react';
import { Provider } from 'react-redux';
import { startBookingSync } from '../features/bookings/bookingSync';
import { paths } from './paths';
import { makeStore } from './store';
import { makeStoreBeforeStorage } from './storeBeforeStorage';

// The store (Redux Toolkit, redux-persist, the booking code) is its own chunk, created when the
// first screen that needs it loads. The home page never does, so it stays out of its budget.
const { store, bookingStorage } = makeStore();
startBookingSync(store, bookingStorage);

// The prerendered booking screen shows the state before any storage is read. Hydration renders
// that same state first (no mismatch), then React shows the guest's own selection. No other
// page hydrates a screen with a store, so none needs this state.
const serverState =
  document.getElementById('root')?.dataset.prerendered === paths.booking ? makeStoreBeforeStorage().store.getState() : undefined;

export function StoreProvider({ children }: { children: ReactNode }) {
  return (
    <Provider store={store} serverState={serverState}>
      {children}
    </Provider>
  );
}
