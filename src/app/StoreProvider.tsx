import type { ReactNode } from 'react';
import { Provider } from 'react-redux';
import { startBookingSync } from '../features/bookings/bookingSync';
import { isHotelMode } from '../shared/hotelMode';
import { paths } from './paths';
import { makeStore } from './store';
import { makeStoreBeforeStorage } from './storeBeforeStorage';

// Hotel mode only: the server's API (RTK Query) is its own chunk, which this chunk waits for so
// that the one store holds it from the start. Browser-only pages never download it.
const hotel = isHotelMode() ? await import(/* webpackChunkName: "hotel-api" */ '../features/hotel/hotelApi') : undefined;

// The store (Redux Toolkit, redux-persist, the booking code) is its own chunk, created when the
// first screen that needs it loads. The home page never does, so it stays out of its budget.
const { store, bookingStorage } = makeStore({ hotelApi: hotel?.hotelApi });
startBookingSync(store, bookingStorage);
hotel?.followBrowserEvents(store.dispatch);

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
