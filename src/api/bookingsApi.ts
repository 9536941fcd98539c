import type { Middleware, ThunkDispatch, UnknownAction } from '@reduxjs/toolkit';
import { createApi, setupListeners } from '@reduxjs/toolkit/query/react';
import type { BaseQueryFn, FetchArgs, FetchBaseQueryMeta } from '@reduxjs/toolkit/query';
import { useDispatch } from 'react-redux';
import type { BookingRecord } from '../domain/bookingRecord';
import type { ChosenStay } from '../domain/stay';
import type { AvailabilityReply, Booking, BookingOutline, BookingStatus, StayQuery, StayQuoteQuery, StayQuoteReply } from '../domain/wire';
import type { RoomGuests } from '../domain/roomGuests';
import type { MoveReply, StatusMove } from '../domain/deskWire';
import type { AdminSession } from '../domain/staffWire';
import type { Offers } from './offers';
import type { SourceError } from './requestErrors';

/**
 * What an endpoint may ask of the source's base query beyond the request itself. Only the hotel
 * can be out of reach: an endpoint with `retryWhileUnreachable` is sent again while no answer
 * comes (RTK's retry, src/api/hotelBaseQuery.ts), each new try told with hotelUnreachable.
 */
export interface SourceOptions {
  retryWhileUnreachable?: boolean;
}

/**
 * A source's base query: it takes the request an endpoint declares (URL under /api, method, body,
 * headers) and answers it as the hotel's server would. Two exist: the hotel's server over HTTP
 * (hotelBaseQuery.ts) and this browser's storage (features/bookings/browserBaseQuery.ts).
 */
export type SourceBaseQuery = BaseQueryFn<string | FetchArgs, unknown, SourceError, SourceOptions, FetchBaseQueryMeta>;

/** A source ready to join a store (app/store.ts): the API, what the source offers, its base query and its middleware. */
export interface Source {
  api: BookingsApi;
  offers: Offers;
  baseQuery: SourceBaseQuery;
  middleware: Middleware[];
}

/** What each source's module exports, for the store to load it lazily (app/StoreProvider.tsx). */
export type ConnectSource = (dispatch: ThunkDispatch<unknown, unknown, UnknownAction>) => Source;

/** The thunk extra argument that carries the store's base query (set once, when the source joins the store). */
export interface SourceHolder {
  baseQuery?: SourceBaseQuery;
}

const notOffered: SourceError = { status: 'CUSTOM_ERROR', error: 'Not offered', data: { message: 'This site does not offer that.' } };

/** The store's own source answers: the hotel's server, or this browser's storage (app/StoreProvider.tsx chooses). */
const storeBaseQuery: SourceBaseQuery = (args, api, extraOptions) => {
  const { baseQuery } = api.extra as SourceHolder;
  return baseQuery ? baseQuery(args, api, extraOptions) : { error: notOffered };
};

/** Everything a change to the bookings can alter on the staff screens. */
export const bookingsChanged = [
  'Bookings',
  'Availability',
  'Occupancy',
  'Audit',
  'Bursts',
  'Desk',
  'Channels',
  'Rooms',
  'Payments',
  'Bill',
  'Invoice',
] as const;

export const bookingPath = (bookingId: string) => `bookings/${encodeURIComponent(bookingId)}`;
export const adminBookingPath = (bookingId: string) => `admin/bookings/${encodeURIComponent(bookingId)}`;
/** The guest's proof, sent as the X-Guest-Key header. */
export const keyHeader = (guestKey: string | undefined) => (guestKey ? { 'X-Guest-Key': guestKey } : undefined);

export interface ConfirmRequest {
  /** The Booking ID the guest was shown; the hotel may store the booking under a free one. */
  bookingId: string;
  /** The draft's idempotency key: sent again on a retry, the booking is stored once. */
  draftId: string;
  /** The secret this browser keeps with its copy (the hotel keeps its hash). */
  guestKey: string;
  email: string;
  /** Hotel mode (issue 34 item 5): as the guest typed them; the hotel checks and normalises them. */
  guestName?: string;
  guestMobile?: string;
  /** Hotel mode (issue 40): the meal plan chosen before Confirm (else the package's), and the guests room by room. */
  mealPlan?: number;
  guests?: RoomGuests[];
  stay: ChosenStay;
}

export interface Confirmed {
  booking: BookingRecord;
  /** False when this browser refused to keep its own copy (the hotel has the booking all the same). */
  keptHere: boolean;
  /** Hotel mode with payments (issue 37): the booking holds its rooms until paid; its payment page makes the link to pay. */
  awaitingPayment?: boolean;
}

export interface BookingQuery {
  bookingId: string;
  /** The key this browser kept with its copy, when it has one. */
  guestKey?: string;
}

export interface ListQuery {
  q: string;
  page: number;
  pageSize: number;
}

/** A booking in the staff list: the hotel says whether it is cancelled; this browser's bookings are all confirmed. */
export type ListedBooking = BookingRecord & {
  status?: BookingStatus;
  /** Hotel mode (issue 37): what the hotel holds for it (payments less refunds) and what is still due, paise. */
  paidPaise?: number;
  duePaise?: number;
};

export interface BookingsPage {
  /** Newest first. */
  items: ListedBooking[];
  page: number;
  pageSize: number;
  total: number;
  /** False past the hotel's counting limit: then `total` is a lower bound. */
  totalExact: boolean;
}

/**
 * The one API the screens ask for everything about bookings. Its data is cached per argument,
 * refetched when a change invalidates it, and shows in Redux DevTools, whichever source answers.
 * Each endpoint is declared once, as the request the hotel's server takes (server/API.md): here
 * those several screens ask; each screen's own beside it (features/<screen>/<screen>Api.ts,
 * injected when its chunk loads).
 */
export const bookingsApi = createApi({
  reducerPath: 'bookingsApi',
  baseQuery: storeBaseQuery,
  // A guest whose phone lost signal sees fresh data when it comes back.
  refetchOnReconnect: true,
  tagTypes: [
    'Session',
    'Bookings',
    'Booking',
    'Availability',
    'Occupancy',
    'Audit',
    'Bursts',
    'Outbox',
    'Manage',
    'Desk',
    'Staff',
    'Prices',
    'Invoice',
    'Rooms',
    'Channels',
    'Payments',
    'Bill',
    'Services',
  ],
  endpoints: (build) => ({
    /** The signed-in staff member, or null when nobody is signed in (the server's 401 or 403 is that answer, not a failure). */
    getSession: build.query<AdminSession | null, void>({
      query: () => ({ url: 'admin/session', validateStatus: ({ status }) => status === 200 || status === 401 || status === 403 }),
      transformResponse: (reply: AdminSession, meta) => (meta?.response?.status === 200 ? reply : null),
      providesTags: ['Session'],
    }),
    signIn: build.mutation<AdminSession, { username: string; password: string }>({
      query: (body) => ({ url: 'admin/sign-in', method: 'POST', body }),
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        const { data } = await queryFulfilled.catch(() => ({ data: null }));
        if (data) dispatch(bookingsApi.util.upsertQueryData('getSession', undefined, data));
      },
    }),
    signOut: build.mutation<null, void>({
      query: () => ({ url: 'admin/sign-out', method: 'POST' }),
      transformResponse: () => null,
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        const done = await queryFulfilled.then(
          () => true,
          () => false,
        );
        if (!done) return;
        // Nothing the staff member saw stays in this tab's memory after signing out.
        dispatch(bookingsApi.util.resetApiState());
        dispatch(bookingsApi.util.upsertQueryData('getSession', undefined, null));
      },
    }),
    getAvailability: build.query<AvailabilityReply, StayQuery>({
      query: ({ checkIn, checkOut }) => ({ url: 'availability', params: { checkIn, checkOut } }),
      // Rooms come and go with every booking: a guest returning to the screen sees fresh counts.
      keepUnusedDataFor: 30,
      providesTags: ['Availability'],
    }),
    /**
     * The hotel's nightly prices for a stay, as the confirmation screen shows its total before
     * confirming (issue 22). The same answer as getAvailability, but no change refetches it: a
     * confirm being retried must not set off other requests meanwhile.
     */
    getStayPrices: build.query<AvailabilityReply, StayQuery>({
      query: ({ checkIn, checkOut }) => ({ url: 'availability', params: { checkIn, checkOut } }),
      keepUnusedDataFor: 30,
    }),
    /** Issue 40: the stay as the confirm would charge it now, its meal plan and guests included. */
    getStayQuote: build.query<StayQuoteReply, StayQuoteQuery>({
      query: (params) => ({ url: 'stay-quote', params }),
      keepUnusedDataFor: 30,
    }),
    /** Confirms the draft: 'taken' in error.data means the Booking ID went to another booking meanwhile. */
    confirmBooking: build.mutation<{ booking: BookingRecord }, ConfirmRequest>({
      query: ({ draftId, bookingId, guestKey, email, guestName, guestMobile, mealPlan, guests, stay }) => ({
        url: 'bookings',
        method: 'POST',
        body: {
          draftId,
          bookingId,
          roomId: stay.roomId,
          packageIndex: mealPlan ?? stay.packageIndex,
          rooms: stay.roomCount,
          checkIn: stay.startDate,
          checkOut: stay.endDate,
          email: email.trim(),
          ...(guestName !== undefined ? { guestName } : {}),
          ...(guestMobile !== undefined ? { guestMobile } : {}),
          ...(guests !== undefined ? { guests } : {}),
          guestKey,
        },
      }),
      // With no answer from the hotel the same draft is sent again: it is stored once however many arrive.
      extraOptions: { retryWhileUnreachable: true },
      invalidatesTags: ['Availability', 'Bookings', 'Occupancy'],
    }),
    /** With the booking's guest key (or in this browser): all of it. Otherwise: that it exists, and its dates. */
    getBooking: build.query<{ booking: BookingRecord | BookingOutline }, BookingQuery>({
      query: ({ bookingId, guestKey }) => ({ url: bookingPath(bookingId), headers: keyHeader(guestKey) }),
      providesTags: ['Booking'],
    }),
    /** Bookings whose ID, email or room contain `q` (any case), newest first, a page at a time. */
    listBookings: build.query<BookingsPage, ListQuery>({
      query: ({ q, page, pageSize }) => ({ url: 'admin/bookings', params: { ...(q.trim() ? { q: q.trim() } : {}), page, pageSize } }),
      providesTags: ['Bookings'],
    }),
    /** Brings a deleted booking back (the hotel keeps them 30 days). */
    restoreBooking: build.mutation<{ bookingId: string }, string>({
      query: (bookingId) => ({ url: `${adminBookingPath(bookingId)}/restore`, method: 'POST' }),
      transformResponse: ({ booking }: { booking: Booking }) => ({ bookingId: booking.bookingId }),
      invalidatesTags: [...bookingsChanged, 'Booking'],
    }),
    /** Check in, check out, no-show or cancel (the desk, and Cancel on the bookings list): only the moves the rules allow (src/domain/bookingStatus.ts). */
    moveBooking: build.mutation<MoveReply, { bookingId: string; to: StatusMove; allowBalanceDue?: boolean }>({
      query: ({ bookingId, to, allowBalanceDue }) => ({
        url: `${adminBookingPath(bookingId)}/status`,
        method: 'POST',
        // Issue 40: the owner's check-out with a balance still due on the bill.
        body: allowBalanceDue ? { to, allowBalanceDue } : { to },
      }),
      invalidatesTags: [...bookingsChanged, 'Booking'],
    }),
  }),
});

export type BookingsApi = typeof bookingsApi;

export const {
  useGetSessionQuery,
  useSignInMutation,
  useSignOutMutation,
  useGetAvailabilityQuery,
  useGetStayPricesQuery,
  useGetStayQuoteQuery,
  useConfirmBookingMutation,
  useGetBookingQuery,
  useListBookingsQuery,
  useRestoreBookingMutation,
  useMoveBookingMutation,
} = bookingsApi;

/** A full booking, as opposed to the outline the hotel shows without a key or email. */
export function isFullBooking(booking: BookingRecord | BookingOutline | undefined): booking is BookingRecord {
  return booking !== undefined && 'email' in booking;
}

/** Refetches what is on screen when the tab regains focus or the network returns. */
export function followBrowserEvents(dispatch: Parameters<typeof setupListeners>[0]): () => void {
  return setupListeners(dispatch);
}

/** The store as RTK Query's own cache thunks (util.updateQueryData and the like) see it: with the API's cache. */
export type ApiState = { [path in BookingsApi['reducerPath']]: ReturnType<BookingsApi['reducer']> };
/** Dispatch for the API's cache thunks; the app's AppDispatch does not name the API's state, which joins the store later. */
export const useApiDispatch = useDispatch.withTypes<ThunkDispatch<ApiState, unknown, UnknownAction>>();
