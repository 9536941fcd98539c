import { fetchBaseQuery, retry } from '@reduxjs/toolkit/query';
import { bookingsApi, followBrowserEvents } from './bookingsApi';
import type { ApiState, ConnectSource, SourceBaseQuery } from './bookingsApi';
import type { Offers } from './offers';
import { hotelUnreachable } from './hotelUnreachable';
import { isUnreachable } from './requestErrors';
import type { SourceError } from './requestErrors';

/** Sent with every request that changes something: the server refuses them without it (server/API.md). */
export const clientHeader = { name: 'X-Requested-With', value: 'hotel-site' } as const;

/** An answer slower than this counts as no answer, so the guest is told rather than left waiting. */
const requestTimeoutMs = 15_000;

/** Waits before the second, third and fourth try when the hotel does not answer (a store's `retryDelaysMs` replaces them: tests shorten them). */
export const hotelRetryDelaysMs: readonly number[] = [1000, 2000, 4000];

/** The hotel's server: every booking reaches the hotel, and only signed-in staff manage them. */
export const hotelOffers: Offers = {
  keeper: 'hotel',
  signIn: true,
  roomsLeft: true,
  lookupByEmail: true,
  undo: true,
  audit: true,
  occupancy: true,
  incompleteStays: false,
  bursts: true,
  outbox: true,
  manageLinks: true,
  desk: true,
  staff: true,
  prices: true,
  rooms: true,
  channels: true,
  reports: true,
  payments: true,
  guestContact: true,
};

const selectSession = bookingsApi.endpoints.getSession.select();

const fetchFromHotel = fetchBaseQuery({
  baseUrl: '/api',
  credentials: 'same-origin',
  timeout: requestTimeoutMs,
  // Looked up at call time (not when this module loads), so that tests can point it at a server.
  fetchFn: (input, init) => fetch(input, init),
  prepareHeaders(headers, { arg, getState }) {
    if (typeof arg === 'string' || ['GET', 'HEAD'].includes((arg.method ?? 'GET').toUpperCase())) return headers;
    headers.set(clientHeader.name, clientHeader.value);
    // A staff change carries the session's CSRF token, from the session's answer as the cache holds it.
    const csrfToken = selectSession(getState() as ApiState).data?.csrfToken;
    if (arg.url.startsWith('admin/') && csrfToken) headers.set('X-CSRF-Token', csrfToken);
    return headers;
  },
});

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * The hotel's server (server/API.md) behind the bookings API: each endpoint's request over HTTP
 * under /api. An endpoint that asks for it (SourceOptions.retryWhileUnreachable: the confirm) is
 * sent again, the same request, after each of the waits while no answer comes (the network, or a
 * gateway whose server is away), and never after a refusal.
 */
export const hotelBaseQuery: SourceBaseQuery = async (args, api, { retryWhileUnreachable } = {}) => {
  const delays = (api.extra as { retryDelaysMs?: readonly number[] }).retryDelaysMs ?? hotelRetryDelaysMs;
  // RTK's retry, made for this request: its waits are the store's, and each new try is told to the store.
  const send = retryWhileUnreachable
    ? retry(fetchFromHotel, {
        retryCondition: (error, _args, { attempt }) => {
          if (!isUnreachable(error as SourceError) || attempt > delays.length) return false;
          api.dispatch(hotelUnreachable({ nextTry: attempt + 1, tries: delays.length + 1 }));
          return true;
        },
        backoff: (attempt) => wait(delays[attempt - 1]!),
      })
    : fetchFromHotel;
  const result = await send(args, api, {});
  // A staff call answered 401: the session has ended (expired, or signed out in another tab).
  if (result.error?.status === 401) api.dispatch(bookingsApi.util.upsertQueryData('getSession', undefined, null));
  return result;
};

export const connectSource: ConnectSource = (dispatch) => {
  // What is on screen is the hotel's: asked again when the tab regains focus or the network returns.
  followBrowserEvents(dispatch);
  return { api: bookingsApi, offers: hotelOffers, baseQuery: hotelBaseQuery, middleware: [] };
};
