import { combineReducers, configureStore } from '@reduxjs/toolkit';
import type { Middleware, Reducer, StateFromReducersMapObject, UnknownAction } from '@reduxjs/toolkit';
import { FLUSH, PAUSE, PERSIST, PURGE, REGISTER, REHYDRATE, persistStore } from 'redux-persist';
import type { PersistorOptions, Storage as PersistStorage } from 'redux-persist';
import selectionSlice from '../features/selection/selectionSlice';
import bookingsSlice from '../features/bookings/bookingsSlice';
import confirmationSlice from '../features/confirmation/confirmationSlice';
import { bookingsPersistConfig } from '../features/bookings/bookingsPersistConfig';
import { createBookingStorage } from '../features/bookings/bookingStorage';
import type { BookingStorage } from '../features/bookings/bookingStorage';
import type { BookingsApi } from '../api/bookingsApi';
import { browserOffers } from '../api/offers';
import type { Offers } from '../api/offers';
import type { BookingSource } from '../api/source';
import type { ThunkExtra } from '../features/bookings/bookingsThunks';
import site from '../shared/site.json';
import { replayablePersistReducer } from './replayablePersistReducer';

/** Session storage that degrades to memory when the browser refuses it. */
function sessionEngine(getStorage: () => Storage): PersistStorage {
  const memory = new Map<string, string>();
  const attempt = <T>(work: (s: Storage) => T, fallback: () => T): T => {
    try {
      return work(getStorage());
    } catch {
      return fallback();
    }
  };
  return {
    getItem: (key: string) =>
      Promise.resolve(
        attempt(
          (s) => s.getItem(key),
          () => memory.get(key) ?? null,
        ),
      ),
    setItem: (key: string, value: string) =>
      Promise.resolve(
        attempt(
          (s) => s.setItem(key, value),
          () => void memory.set(key, value),
        ),
      ),
    removeItem: (key: string) =>
      Promise.resolve(
        attempt(
          (s) => s.removeItem(key),
          () => void memory.delete(key),
        ),
      ),
  };
}

export interface StoreOptions {
  bookingStorage?: BookingStorage;
  /** Where the guest's unfinished selection lives for the browser session. */
  getSessionStorage?: () => Storage;
  /** What the store's source of bookings offers (the hotel's server, or this browser's storage: the default). */
  offers?: Offers;
  /** The waits before each new try at confirming when the hotel cannot be reached (tests shorten them). */
  retryDelaysMs?: readonly number[];
  /** Runs after the app's own middleware, so it sees every action that reaches the reducers (tests record sessions with it). */
  middleware?: Middleware[];
  /**
   * False: redux-persist reads and keeps nothing (no PERSIST is dispatched). That is the store a
   * recorded session is replayed into, starting as Redux DevTools' replay does, from the initial state.
   */
  persist?: boolean;
}

/** The reducers of the app's state (the slices kept in storage through redux-persist). */
function makeReducers(bookingStorage: BookingStorage, session: PersistStorage, offers: Offers) {
  return {
    // Fixed when the store is made: what the store's source of bookings offers (api/source.ts).
    offers: (state: Offers = offers) => state,
    // The selection survives a reload of the confirmation screen for the rest of the session.
    [selectionSlice.reducerPath]: replayablePersistReducer({ key: 'hotelSelection', storage: session, timeout: 0 }, selectionSlice.reducer),
    // So does the Booking ID that screen made, so a reload shows the same ID (not whether a try
    // at reaching the hotel was under way: a reload ends it).
    [confirmationSlice.reducerPath]: replayablePersistReducer(
      { key: 'hotelConfirmation', storage: session, timeout: 0, blacklist: ['retry'] },
      confirmationSlice.reducer,
    ),
    [bookingsSlice.reducerPath]: replayablePersistReducer(bookingsPersistConfig(bookingStorage), bookingsSlice.reducer),
  };
}

export function makeStore(options: StoreOptions = {}) {
  const bookingStorage = options.bookingStorage ?? createBookingStorage();
  const session = sessionEngine(options.getSessionStorage ?? (() => window.sessionStorage));
  const reducers = makeReducers(bookingStorage, session, options.offers ?? browserOffers);
  // The bookings API (RTK Query) joins the store when a screen first needs it (attachApi below),
  // so that the booking screen's budget carries none of its code: its reducer by Redux's own
  // replaceReducer, its middleware through the slot below. (Redux Toolkit's combineSlices and
  // createDynamicMiddleware do the same for any number of slices, at 1 kB that budget lacks.)
  const rootReducer = combineReducers(reducers);
  type AppState = StateFromReducersMapObject<typeof reducers>;
  let apiDispatch: ((action: unknown) => unknown) | undefined;
  let plugApi: ((middleware: Middleware) => void) | undefined;
  const apiSlot: Middleware = (storeApi) => (next) => {
    plugApi = (middleware) => (apiDispatch = middleware(storeApi)(next));
    return (action) => (apiDispatch ?? next)(action);
  };
  // Thunks and the API's calls find the storage and, once attached, the source of bookings here.
  const extra: ThunkExtra = { bookingStorage, retryDelaysMs: options.retryDelaysMs };
  const store = configureStore({
    // Typed as the app's own slices: screens read the API's cache through its hooks, never by path.
    reducer: rootReducer as unknown as Reducer<AppState, UnknownAction, Partial<AppState>>,
    // One store per page, under the site's name in Redux DevTools.
    devTools: { name: site.name },
    // Local storage reads synchronously, so the first render already shows the stored bookings
    // (no empty flash, no gate); redux-persist then only keeps them written.
    preloadedState: { bookings: bookingStorage.read() } as Partial<AppState>,
    middleware: (getDefaultMiddleware) =>
      getDefaultMiddleware({
        thunk: { extraArgument: extra },
        // A development-only check: production builds leave it out, and with it this setting (the
        // booking screen's budget counts every byte of the store chunk).
        serializableCheck:
          process.env.NODE_ENV === 'production'
            ? false
            : {
                ignoredActions: [
                  FLUSH,
                  REHYDRATE,
                  PAUSE,
                  PERSIST,
                  PURGE,
                  REGISTER,
                  bookingsSlice.actions.bookingsSynced.type,
                  bookingsSlice.actions.bookingsRestored.type,
                ],
                // The booking list can hold
                // 10,000 records, and walking them all costs 10 to 40 ms: at each start with a full
                // list and again on each list read back from storage (in Jest, over RTK's 32 ms limit).
                // It cannot find anything there. A record is either built by readBookingRecord from
                // parsed JSON (from storage or a backup file: all that the two bookings actions ignored
                // above carry) or arrives in the payload of bookingConfirmed or bookingEmailChanged,
                // which this check still inspects.
                ignoredPaths: [`${bookingsSlice.reducerPath}.items`],
              },
      })
        .concat(apiSlot)
        .concat(options.middleware ?? []),
  });
  // manualPersist (in redux-persist 6, missing from its types) makes the persistor without dispatching PERSIST.
  const persistor = persistStore(store, options.persist === false ? ({ manualPersist: true } as PersistorOptions) : undefined);

  /**
   * Puts the bookings API and its source into the store, once: the source is the hotel's server or
   * this browser's storage, whichever the store was made for (`offers`).
   */
  function attachApi(api: BookingsApi, source: BookingSource, sourceMiddleware: Middleware[] = []): void {
    if (extra.source) return;
    extra.source = source;
    plugApi?.(
      (storeApi) => (next) =>
        [api.middleware as Middleware, ...sourceMiddleware].reduceRight((inner, middleware) => middleware(storeApi)(inner), next),
    );
    // The source says what it offers: a store made for this browser learns the hotel's here.
    const offers = () => source.offers;
    store.replaceReducer(combineReducers({ ...reducers, offers, [api.reducerPath]: api.reducer }) as unknown as typeof rootReducer);
  }
  return { store, persistor, bookingStorage, attachApi };
}

/**
 * The state before any storage is read: each slice as it starts, the persisted ones marked "not
 * yet rehydrated". The build prerenders pages with it, and React hydrates them with it (see
 * StoreProvider.tsx) before the guest's own data shows. Computed by the reducers themselves, from
 * a PERSIST without functions (see replayablePersistReducer.ts), so no store is made for it.
 */
export function stateBeforeStorage(): RootState {
  // The storage the reducers are given is never used: that PERSIST reads nothing.
  const unused: PersistStorage = {
    getItem: () => Promise.resolve(null),
    setItem: () => Promise.resolve(),
    removeItem: () => Promise.resolve(),
  };
  return combineReducers(makeReducers(createBookingStorage(), unused, browserOffers))(undefined, { type: PERSIST });
}

export type AppStore = ReturnType<typeof makeStore>['store'];
export type RootState = ReturnType<AppStore['getState']>;
export type AppDispatch = AppStore['dispatch'];
