import { compose } from '@reduxjs/toolkit';
import type { Middleware, UnknownAction } from '@reduxjs/toolkit';
import type { AppStore, RootState } from '../../src/app/store';
import { createBookingStorage } from '../../src/features/bookings/bookingStorage';
import { changeBookingEmail, deleteBooking } from '../../src/features/bookings/bookingsThunks';
import { bookingStarted } from '../../src/features/confirmation/confirmationSlice';
import { confirmationOpened, draftSubmitted } from '../../src/features/confirmation/confirmationThunks';
import { datesChosen, roomCountChosen } from '../../src/features/selection/selectionSlice';
import site from '../../src/shared/site.json';
import { makeTestStore } from '../testUtils';

/** A Storage of its own, starting empty, so that the replay reads nothing the recording wrote. */
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

/** Every action that reaches the reducers, with the state after it, as Redux DevTools records them. */
function recorder() {
  const steps: Array<{ action: unknown; state: RootState }> = [];
  const middleware: Middleware = (api) => (next) => (action) => {
    const result = next(action);
    steps.push({ action, state: api.getState() as RootState });
    return result;
  };
  return { steps, middleware };
}

function rehydrated(store: AppStore): Promise<void> {
  const done = () => store.getState().selection._persist.rehydrated && store.getState().confirmation._persist.rehydrated;
  return new Promise((resolve) => {
    if (done()) return resolve();
    const stop = store.subscribe(() => {
      if (!done()) return;
      stop();
      resolve();
    });
  });
}

/** A guest's session through the app's own actions and thunks: choose, book, confirm, twice; change an email; delete. */
async function bookTwiceChangeAndDelete(store: AppStore): Promise<void> {
  const bookOne = async (roomId: 'deluxe' | 'executive', count: number, email: string) => {
    store.dispatch(datesChosen({ startDate: '2027-03-01', endDate: '2027-03-04' }));
    store.dispatch(roomCountChosen({ roomId, packageIndex: 0, count }));
    store.dispatch(bookingStarted());
    store.dispatch(confirmationOpened());
    const result = await store.dispatch(draftSubmitted(email));
    if (!draftSubmitted.fulfilled.match(result)) throw new Error('the booking was not confirmed');
    return result.payload.booking.bookingId;
  };
  const first = await bookOne('executive', 2, 'first@example.com');
  const second = await bookOne('deluxe', 1, 'second@example.com');
  await store.dispatch(changeBookingEmail({ bookingId: first, email: 'changed@example.com' }));
  await store.dispatch(deleteBooking(second));
}

describe('a recorded session replays into a fresh store (Redux DevTools export and import)', () => {
  it('gives the same state after every action, with the actions round-tripped through JSON', async () => {
    const { steps, middleware } = recorder();
    const { store } = makeTestStore({ middleware: [middleware] });
    await rehydrated(store);
    await bookTwiceChangeAndDelete(store);

    const types = steps.map((step) => (step.action as UnknownAction).type);
    expect(types[0]).toBe('persist/PERSIST');
    expect(types).toEqual(
      expect.arrayContaining([
        'persist/REHYDRATE',
        'selection/roomCountChosen',
        'bookings/bookingConfirmed',
        'confirmation/draftConfirmed',
        'bookings/bookingEmailChanged',
        'bookings/bookingDeleted',
      ]),
    );
    const finalState = store.getState();
    expect(finalState.bookings.items).toEqual([expect.objectContaining({ roomName: 'Suit Room', rooms: 2, email: 'changed@example.com' })]);

    // What an exported session holds: JSON, so PERSIST has lost its register and rehydrate functions.
    const exported = JSON.parse(JSON.stringify(steps.map((step) => step.action))) as UnknownAction[];
    expect(exported[0]).toEqual({ type: 'persist/PERSIST' });

    // The replaying store reads nothing (its own empty storage, no PERSIST of its own), as DevTools
    // replays from the initial state.
    const storage = memoryStorage();
    const { store: replay } = makeTestStore({
      bookingStorage: createBookingStorage(() => storage),
      getSessionStorage: () => storage,
      persist: false,
    });
    // The bookings API joins the recorded store after its first actions (as in the page, when a
    // screen first needs it) and the replaying store from the start: its cache is compared once
    // the recording holds it, the app's own state at every step.
    const withoutApi = (state: object) => Object.fromEntries(Object.entries(state).filter(([key]) => key !== 'bookingsApi'));
    exported.forEach((action, index) => {
      replay.dispatch(action);
      const recorded = steps[index]!.state;
      expect('bookingsApi' in recorded ? replay.getState() : withoutApi(replay.getState())).toEqual(recorded);
    });
    expect(replay.getState()).toEqual(finalState);
    // Replaying only recomputes state: nothing reaches the replaying store's storage.
    expect(storage.length).toBe(0);
  });
});

describe('Redux DevTools', () => {
  const devTools = window as { __REDUX_DEVTOOLS_EXTENSION_COMPOSE__?: unknown };
  afterEach(() => delete devTools.__REDUX_DEVTOOLS_EXTENSION_COMPOSE__);

  it('sees one store when the app starts on a prerendered page, named after the site', async () => {
    document.body.innerHTML = '<div id="root" data-prerendered="/booking"></div>';
    const names: unknown[] = [];
    // The extension's compose: called with options once per store, or with enhancers.
    devTools.__REDUX_DEVTOOLS_EXTENSION_COMPOSE__ = (...args: unknown[]) => {
      if (typeof args[0] !== 'object') return (compose as (...f: unknown[]) => unknown)(...args);
      names.push((args[0] as { name?: unknown }).name);
      return compose;
    };
    // Redux Toolkit looks for the extension when it loads, as it does in the page.
    await jest.isolateModulesAsync(async () => {
      await import('../../src/app/StoreProvider');
    });
    expect(names).toEqual([site.name]);
  });
});
