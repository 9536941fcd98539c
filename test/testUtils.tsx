import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { StrictMode } from 'react';
import { Provider } from 'react-redux';
import { RouterProvider, createMemoryRouter } from 'react-router-dom';
import { makeStore } from '../src/app/store';
import type { StoreOptions } from '../src/app/store';
import { routes } from '../src/app/routes';
import { bookingsKey } from '../src/features/bookings/bookingStorage';
import { hotelApi } from '../src/features/hotel/hotelApi';
import { forceHotelMode } from '../src/shared/hotelMode';
import { FakeHotel, installFakeHotel, removeFakeHotel } from './fakeHotel';

type Persistor = ReturnType<typeof makeStore>['persistor'];
type Store = ReturnType<typeof makeStore>['store'];
const livePersistors: Persistor[] = [];
const hotelStores: Store[] = [];

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
  for (const store of hotelStores.splice(0)) store.dispatch(hotelApi.util.resetApiState());
  forceHotelMode(undefined);
  removeFakeHotel();
});

/** A fresh real store over jsdom's local storage, which each test starts empty. */
export function makeTestStore(options: StoreOptions = {}) {
  const made = makeStore(options);
  livePersistors.push(made.persistor);
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
export function renderRoute(path: Entry, options: StoreOptions = {}) {
  const { store, persistor, bookingStorage } = makeTestStore(options);
  if (options.hotelApi) hotelStores.push(store);
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

/** Waits between tries at reaching the server, short enough for tests. */
export const testRetryDelaysMs = [5, 10, 20] as const;

/**
 * Renders a route in hotel mode: the page says hotel mode is on, the store holds the server's API,
 * and `hotel` (a fake server at the network boundary) answers every request.
 */
export function renderHotelRoute(path: Entry, { hotel = new FakeHotel(), ...options }: StoreOptions & { hotel?: FakeHotel } = {}) {
  forceHotelMode(true);
  installFakeHotel(hotel);
  return { ...renderRoute(path, { hotelApi, retryDelaysMs: testRetryDelaysMs, ...options }), hotel };
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
