import type { ReactNode } from 'react';
import { Provider } from 'react-redux';
import { startBookingSync } from '../features/bookings/bookingSync';
import { isHotelMode } from '../shared/hotelMode';
import { loadSource } from './loadSource';
import { makeStore, stateBeforeStorage } from './store';

// The store (Redux Toolkit, redux-persist, the booking code) is its own chunk, created when the
// first screen that needs it loads. The home page never does, so it stays out of its budget.
//
// The one place that asks which mode the site runs in: the store is made for the hotel's server
// or for this browser's storage, and every screen asks the one bookings API, which answers from
// that source. Each source is its own chunk, loaded with the API when a screen first needs it.
const hotel = isHotelMode();
// The store starts with this browser's offers; the hotel's come with its source (apiReady), which
// hotel mode loads before any screen renders (storeReady).
const { store, bookingStorage, attachSource } = makeStore();
startBookingSync(store, bookingStorage);

/** Loads the store's source of bookings, which brings the bookings API with it, and puts both into the store once. */
let attached: Promise<void> | undefined;
export function apiReady(): Promise<void> {
  attached ??= loadSource().then(({ connectSource }) => attachSource(connectSource(store.dispatch)));
  return attached;
}

/**
 * Resolves once the store can render screens. With the hotel, that is once the API is in, since
 * the booking screen asks it for the rooms left; this browser's booking screen asks nothing, so
 * it renders at once and its budget carries no API code.
 */
export const storeReady: Promise<void> = hotel ? apiReady() : Promise.resolve();

// A prerendered page shows the state before any storage is read (the build renders with it, see
// scripts/prerender). Hydrating renders that same state first, so the markup matches; React then
// shows the guest's own data. Only hydration reads serverState; other renders ignore it.
const serverState = stateBeforeStorage();

export function StoreProvider({ children }: { children: ReactNode }) {
  return (
    <Provider store={store} serverState={serverState}>
      {children}
    </Provider>
  );
}
