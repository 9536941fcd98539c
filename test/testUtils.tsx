import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { StrictMode } from 'react';
import { Provider } from 'react-redux';
import { RouterProvider, createMemoryRouter } from 'react-router-dom';
import { makeStore } from '../src/app/store';
import type { StoreOptions } from '../src/app/store';
import { routes } from '../src/app/routes';
import { bookingsKey } from '../src/features/bookings/bookingStorage';

type Persistor = ReturnType<typeof makeStore>['persistor'];
const livePersistors: Persistor[] = [];

/**
 * A store outlives its test: redux-persist's pending write would otherwise land in the next
 * test's freshly seeded storage and merge the old records into it. Finish it and stop.
 */
afterEach(async () => {
  for (const persistor of livePersistors.splice(0)) {
    await persistor.flush().catch(() => undefined);
    persistor.pause();
  }
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

/** Renders the whole app at a route, with a real store and router; returns the store, router and a user. */
export function renderRoute(path: string, options: StoreOptions = {}) {
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
