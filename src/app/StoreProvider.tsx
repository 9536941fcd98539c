import type { ReactNode } from 'react';
import { Provider } from 'react-redux';
import { startBookingSync } from '../features/bookings/bookingSync';
import type * as HotelApiModule from '../features/hotel/hotelApi';
import { isHotelMode } from '../shared/hotelMode';
import { makeStore, stateBeforeStorage } from './store';
import type { AppStore } from './store';

// The store (Redux Toolkit, redux-persist, the booking code) is its own chunk, created when the
// first screen that needs it loads. The home page never does, so it stays out of its budget.
function createStore(hotel?: typeof HotelApiModule): AppStore {
  const { store, bookingStorage } = makeStore({ hotelApi: hotel?.hotelApi });
  startBookingSync(store, bookingStorage);
  hotel?.followBrowserEvents(store.dispatch);
  return store;
}

// Hotel mode only: the server's API (RTK Query) is its own chunk, and the one store holds it from
// the start, so the store is made once that chunk is in. Browser-only pages never download it.
let store: AppStore | undefined = isHotelMode() ? undefined : createStore();

/** Resolves once the store exists (at once in browser-only mode); screens render only after. */
export const storeReady: Promise<void> = store
  ? Promise.resolve()
  : import(/* webpackChunkName: "hotel-api" */ '../features/hotel/hotelApi').then((hotel) => {
      store = createStore(hotel);
    });

// A prerendered page shows the state before any storage is read (the build renders with it, see
// scripts/prerender). Hydrating renders that same state first, so the markup matches; React then
// shows the guest's own data. Only hydration reads serverState; other renders ignore it.
const serverState = stateBeforeStorage();

export function StoreProvider({ children }: { children: ReactNode }) {
  return (
    <Provider store={store!} serverState={serverState}>
      {children}
    </Provider>
  );
}
