import type { ThunkDispatch, UnknownAction } from '@reduxjs/toolkit';
import { createApi, fetchBaseQuery, setupListeners } from '@reduxjs/toolkit/query/react';
import { useDispatch } from 'react-redux';
import type { BaseQueryFn, FetchArgs, FetchBaseQueryError } from '@reduxjs/toolkit/query/react';
import type { AdminSession } from './hotelTypes';

/** Sent with every request that changes something: the server refuses them without it (server/API.md). */
export const clientHeader = { name: 'X-Requested-With', value: 'hotel-site' } as const;

/** An answer slower than this counts as no answer, so the guest is told rather than left waiting. */
const requestTimeoutMs = 15_000;

const isChange = (method: string | undefined) => !['GET', 'HEAD'].includes((method ?? 'GET').toUpperCase());
const urlOf = (arg: string | FetchArgs) => (typeof arg === 'string' ? arg : arg.url);
const isAdminUrl = (url: string) => url.startsWith('admin/');

// Read through a function with a declared type, so that the API's type does not depend on itself.
function csrfTokenOf(state: unknown): string | undefined {
  return hotelApi.endpoints.getAdminSession.select()(state as Parameters<ReturnType<typeof hotelApi.endpoints.getAdminSession.select>>[0])
    .data?.csrfToken;
}

const fetchJson = fetchBaseQuery({
  baseUrl: '/api',
  credentials: 'same-origin',
  timeout: requestTimeoutMs,
  // Looked up at call time (not when this module loads), so that tests can answer for the server.
  fetchFn: (input, init) => fetch(input, init),
  prepareHeaders(headers, { arg, getState }) {
    if (typeof arg === 'string' || !isChange(arg.method)) return headers;
    headers.set(clientHeader.name, clientHeader.value);
    const token = isAdminUrl(arg.url) ? csrfTokenOf(getState()) : undefined;
    if (token) headers.set('X-CSRF-Token', token);
    return headers;
  },
});

/** Every server call goes through here; an admin request answered 401 means the session has ended. */
const hotelBaseQuery: BaseQueryFn<string | FetchArgs, unknown, FetchBaseQueryError> = async (arg, api, extraOptions) => {
  const result = await fetchJson(arg, api, extraOptions);
  const url = urlOf(arg);
  if (result.error?.status === 401 && isAdminUrl(url) && url !== 'admin/session' && url !== 'admin/sign-in') {
    api.dispatch(hotelApi.util.upsertQueryData('getAdminSession', undefined, null));
  }
  return result;
};

/**
 * The hotel's JSON API under /api (server/API.md), for hotel mode only: the store includes it
 * when the page says hotel mode is on. Each screen injects the endpoints it uses; the admin
 * session lives here because every admin change must carry its CSRF token.
 */
export const hotelApi = createApi({
  reducerPath: 'hotelApi',
  baseQuery: hotelBaseQuery,
  // A guest whose phone lost signal sees fresh data when it comes back.
  refetchOnReconnect: true,
  tagTypes: ['AdminSession', 'AdminBookings', 'Availability', 'Booking', 'Occupancy', 'Audit'],
  endpoints: (build) => ({
    /** The signed-in administrator, or null when nobody is signed in (401 is an answer here, not a failure). */
    getAdminSession: build.query<AdminSession | null, void>({
      async queryFn(_arg, _api, _extraOptions, baseQuery) {
        const result = await baseQuery('admin/session');
        if (result.error?.status === 401 || result.error?.status === 403) return { data: null };
        if (result.error) return { error: result.error };
        return { data: result.data as AdminSession };
      },
      providesTags: ['AdminSession'],
    }),
    signIn: build.mutation<AdminSession, { username: string; password: string }>({
      query: (body) => ({ url: 'admin/sign-in', method: 'POST', body }),
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        const { data } = await queryFulfilled.catch(() => ({ data: null }));
        if (data) dispatch(hotelApi.util.upsertQueryData('getAdminSession', undefined, data));
      },
    }),
    signOut: build.mutation<null, void>({
      query: () => ({ url: 'admin/sign-out', method: 'POST' }),
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        const done = await queryFulfilled.then(
          () => true,
          () => false,
        );
        if (!done) return;
        // Nothing the administrator saw stays in this tab's memory after signing out.
        dispatch(hotelApi.util.resetApiState());
        dispatch(hotelApi.util.upsertQueryData('getAdminSession', undefined, null));
      },
    }),
  }),
});

export type HotelApi = typeof hotelApi;

/** The store as RTK Query's own thunks (util.updateQueryData and the like) see it: with the API's cache. */
type HotelState = { [path in HotelApi['reducerPath']]: ReturnType<HotelApi['reducer']> };
/**
 * Dispatch for RTK Query's cache thunks. The app's AppDispatch does not name the API's state,
 * which the store holds only in hotel mode.
 */
export const useHotelDispatch = useDispatch.withTypes<ThunkDispatch<HotelState, unknown, UnknownAction>>();

export const { useGetAdminSessionQuery, useSignInMutation, useSignOutMutation } = hotelApi;

/** Refetches what is on screen when the tab regains focus or the network returns. */
export function followBrowserEvents(dispatch: Parameters<typeof setupListeners>[0]): () => void {
  return setupListeners(dispatch);
}
