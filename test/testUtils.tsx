import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { StrictMode } from 'react';
import { Provider } from 'react-redux';
import { RouterProvider, createMemoryRouter } from 'react-router-dom';
import { bookingsApi } from '../src/api/bookingsApi';
import type { ConnectSource } from '../src/api/bookingsApi';
import { connectSource as connectHotel } from '../src/api/hotelBaseQuery';
import { makeStore } from '../src/app/store';
import type { StoreOptions } from '../src/app/store';
import { routes } from '../src/app/routes';
import { bookingsKey } from '../src/features/bookings/bookingStorage';
import { connectSource as connectBrowser } from '../src/features/bookings/browserBaseQuery';
import { HotelNetwork } from './hotelNetwork';

type Persistor = ReturnType<typeof makeStore>['persistor'];
type Store = ReturnType<typeof makeStore>['store'];
const livePersistors: Persistor[] = [];
const liveStores: Store[] = [];
const realFetch = globalThis.fetch;

/**
 * A store outlives its test: redux-persist's pending write would otherwise land in the next
 * test's freshly seeded storage and merge the old records into it. Finish it and stop.
 */
afterEach(async () => {
  for (const persistor of livePersistors.splice(0)) {
    await persistor.flush().catch(() => undefined);
    persistor.pause();
  }
  // RTK Query keeps unused data for a while on timers; drop it so nothing runs after the test.
  for (const store of liveStores.splice(0)) store.dispatch(bookingsApi.util.resetApiState());
  globalThis.fetch = realFetch;
});

/** Which source of bookings a test's store is made for: this browser's storage, or the hotel's server. */
export type SourceKind = 'browser' | 'hotel';

/** Waits between tries at reaching the server, short enough for tests. */
export const testRetryDelaysMs = [5, 10, 20] as const;

export interface TestStoreOptions extends StoreOptions {
  source?: SourceKind;
}

/**
 * A fresh real store over jsdom's local storage (which each test starts empty), made for one
 * source with the bookings API in it, as the app's StoreProvider makes it.
 */
export function makeTestStore({ source = 'browser', ...options }: TestStoreOptions = {}) {
  const hotel = source === 'hotel';
  const made = makeStore({ ...(hotel ? { retryDelaysMs: testRetryDelaysMs } : {}), ...options });
  const connect: ConnectSource = hotel ? connectHotel : connectBrowser;
  made.attachSource(connect(made.store.dispatch));
  livePersistors.push(made.persistor);
  liveStores.push(made.store);
  return made;
}

/** Puts booking records (or any raw text) under hotelBookings before the store reads it. */
export function seedBookings(value: unknown[] | string): void {
  localStorage.setItem(bookingsKey, typeof value === 'string' ? value : JSON.stringify(value));
}

export function storedBookings(): unknown {
  const text = localStorage.getItem(bookingsKey);
  return text === null ? null : JSON.parse(text);
}

type Entry = string | { pathname: string; state?: unknown };

/** Renders the whole app at a route, with a real store and router; returns the store, router and a user. */
export function renderRoute(path: Entry, options: TestStoreOptions = {}) {
  const { store, persistor, bookingStorage } = makeTestStore(options);
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const user = userEvent.setup();
  const view = render(
    <StrictMode>
      <Provider store={store}>
        <RouterProvider router={router} />
      </Provider>
    </StrictMode>,
  );
  return { ...view, store, persistor, bookingStorage, router, user };
}

/**
 * Renders a route with the store made for the hotel's server: a real one (test/support/
 * hotelServerSetup.ts), reached over real HTTP through `network`, which records what the browser
 * sent and can play a hotel out of reach.
 */
export function renderHotelRoute(
  path: Entry,
  { network = new HotelNetwork(), ...options }: StoreOptions & { network?: HotelNetwork } = {},
) {
  globalThis.fetch = network.fetch as typeof fetch;
  return { ...renderRoute(path, { source: 'hotel', ...options }), network };
}

/** Renders a route with the store made for the given source (see renderRoute and renderHotelRoute). */
export function renderWithSource(source: SourceKind, path: Entry, { network, ...options }: StoreOptions & { network?: HotelNetwork } = {}) {
  return source === 'hotel' ? renderHotelRoute(path, { network, ...options }) : { ...renderRoute(path, options), network: undefined };
}

export function sampleBooking(overrides: Partial<Record<string, unknown>> = {}) {
  return {
    bookingId: 'BK123456',
    roomName: 'Classic Room',
    checkIn: '2026-12-01',
    checkOut: '2026-12-03',
    totalPrice: 6000,
    email: 'guest@example.com',
    rooms: 1,
    ...overrides,
  };
}
