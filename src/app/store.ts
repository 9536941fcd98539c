import { combineSlices, configureStore, createAction, createDynamicMiddleware } from '@reduxjs/toolkit';
import type { Middleware, UnknownAction } from '@reduxjs/toolkit';
import { FLUSH, PAUSE, PERSIST, PURGE, REGISTER, REHYDRATE, persistStore } from 'redux-persist';
import type { PersistorOptions, Storage as PersistStorage } from 'redux-persist';
import selectionSlice from '../features/selection/selectionSlice';
import bookingsSlice from '../features/bookings/bookingsSlice';
import confirmationSlice from '../features/confirmation/confirmationSlice';
import { bookingsPersistConfig } from '../features/bookings/bookingsPersistConfig';
import { createBookingStorage } from '../features/bookings/bookingStorage';
import type { BookingStorage } from '../features/bookings/bookingStorage';
import type { ApiState, Source } from '../api/bookingsApi';
import { browserOffers } from '../api/offers';
import type { Offers } from '../api/offers';
import type { ThunkExtra } from '../features/bookings/bookingsThunks';
import site from '../shared/site.json';
import { replayablePersistReducer } from './replayablePersistReducer';

/**
 * Session storage for redux-persist; when the browser refuses it, nothing is kept (redux-persist
 * reads it only as the page starts, so a copy in memory would never be read).
 */
function sessionEngine(getStorage: () => Storage): PersistStorage {
  // Refused: nothing, which redux-persist reads as nothing stored.
  const attempt = <T>(work: (storage: Storage) => T) => {
    try {
      return Promise.resolve(work(getStorage()));
    } catch {
      return Promise.resolve(undefined);
    }
  };
  return {
    getItem: (key: string) => attempt((s) => s.getItem(key)),
    setItem: (key: string, value: string) => attempt((s) => s.setItem(key, value)),
    removeItem: (key: string) => attempt((s) => s.removeItem(key)),
  };
}

export interface StoreOptions {
  bookingStorage?: BookingStorage;
  /** Where the guest's unfinished selection lives for the browser session. */
  getSessionStorage?: () => Storage;
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

/** A source of bookings joined the store (attachSource): from now on the screens show what it offers. */
const sourceConnected = createAction<Offers>('source/connected');

/**
 * The app's state: its slices (those kept in storage through redux-persist), and the bookings
 * API's cache, which joins when a screen first needs it (attachSource below), so that the booking
 * screen's budget carries none of its code.
 */
function makeReducer(bookingStorage: BookingStorage, session: PersistStorage) {
  return combineSlices({
    // What the store's source of bookings offers: this browser's until a source joins (api/offers.ts).
    offers: (state: Offers = browserOffers, action: UnknownAction) => (sourceConnected.match(action) ? action.payload : state),
    // The selection survives a reload of the confirmation screen for the rest of the session.
    [selectionSlice.reducerPath]: replayablePersistReducer({ key: 'hotelSelection', storage: session, timeout: 0 }, selectionSlice.reducer),
    // So does the Booking ID that screen made, so a reload shows the same ID (not whether a try
    // at reaching the hotel was under way: a reload ends it).
    [confirmationSlice.reducerPath]: replayablePersistReducer(
      { key: 'hotelConfirmation', storage: session, timeout: 0, blacklist: ['retry'] },
      confirmationSlice.reducer,
    ),
    [bookingsSlice.reducerPath]: replayablePersistReducer(bookingsPersistConfig(bookingStorage), bookingsSlice.reducer),
  }).withLazyLoadedSlices<ApiState>();
}

export function makeStore(options: StoreOptions = {}) {
  const bookingStorage = options.bookingStorage ?? createBookingStorage();
  const session = sessionEngine(options.getSessionStorage ?? (() => window.sessionStorage));
  const reducer = makeReducer(bookingStorage, session);
  // The bookings API's middleware joins with it (attachSource).
  const apiMiddleware = createDynamicMiddleware();
  // Thunks and the API's requests find the storage and, once a source has joined, its base query here.
  const extra: ThunkExtra = { bookingStorage, retryDelaysMs: options.retryDelaysMs };
  const store = configureStore({
    reducer,
    // One store per page, under the site's name in Redux DevTools.
    devTools: { name: site.name },
    // Local storage reads synchronously, so the first render already shows the stored bookings
    // (no empty flash, no gate); redux-persist then only keeps them written.
    preloadedState: { bookings: bookingStorage.read() } as Partial<ReturnType<typeof reducer>>,
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
        .concat(apiMiddleware.middleware)
        .concat(options.middleware ?? []),
  });
  // manualPersist (in redux-persist 6, missing from its types) makes the persistor without dispatching PERSIST.
  const persistor = persistStore(store, options.persist === false ? ({ manualPersist: true } as PersistorOptions) : undefined);

  /**
   * Puts the bookings API and its source into the store, once: the hotel's server or this
   * browser's storage, whichever the page runs in (StoreProvider.tsx).
   */
  function attachSource({ api, offers, baseQuery, middleware }: Source): void {
    if (extra.baseQuery) return;
    extra.baseQuery = baseQuery;
    reducer.inject(api);
    apiMiddleware.addMiddleware(api.middleware, ...middleware);
    // The API's cache joins the state with this action, and the screens learn what the source offers.
    store.dispatch(sourceConnected(offers));
  }
  return { store, persistor, bookingStorage, attachSource };
}

/**
 * The state before any storage is read: each slice as it starts, the persisted ones marked "not
 * yet rehydrated". The build prerenders pages with it, and React hydrates them with it (see
 * StoreProvider.tsx) before the guest's own data shows. Computed by the reducers themselves, from
 * a PERSIST without functions (see replayablePersistReducer.ts), so no store is made for it.
 */
export function stateBeforeStorage(): RootState {
  // The storage the reducers are given is never used (nor asked for): that PERSIST reads nothing.
  return makeReducer(
    createBookingStorage(),
    sessionEngine(() => window.sessionStorage),
  )(undefined, { type: PERSIST });
}

export type AppStore = ReturnType<typeof makeStore>['store'];
export type RootState = ReturnType<AppStore['getState']>;
export type AppDispatch = AppStore['dispatch'];
