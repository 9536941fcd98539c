import type { Middleware } from '@reduxjs/toolkit';
import type { BaseQueryApi } from '@reduxjs/toolkit/query';
import { bookingsApi } from '../../api/bookingsApi';
import type { ConnectSource, SourceBaseQuery } from '../../api/bookingsApi';
import { browserOffers } from '../../api/offers';
import { storageRefusal } from '../../api/requestErrors';
import type { SourceError } from '../../api/requestErrors';
import type { RootState } from '../../app/store';
import { readBookingRecord } from '../../domain/bookingRecord';
import type { BookingRecord } from '../../domain/bookingRecord';
import { summarizeStay } from '../../domain/stay';
import { bookingsToCsv, bookingsToJson, restoreBookings } from './bookingsBackup';
import { selectBookingSearch } from './bookingSearch';
import { selectBookings } from './bookingsSlice';
import { changeBookingEmail, confirmBooking, deleteBooking, saveFailureMessage } from './bookingsThunks';

type Answer = { data: unknown; error?: undefined } | { error: SourceError; data?: undefined };
type Dispatch = (action: unknown) => Promise<{ type: string; payload?: unknown }>;
/** A request as an endpoint declares it: the ID in its path (decoded), its query parameters and its body. */
interface Request {
  id: string;
  params: Record<string, string | number | undefined>;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the body the hotel's server would check against its schema
  body: any;
}

const stateOf = (api: BaseQueryApi) => api.getState() as RootState;
const dispatchOf = (api: BaseQueryApi) => api.dispatch as unknown as Dispatch;
const isRejected = (action: { type: string }) => action.type.endsWith('/rejected');

/** The same answer as the hotel's for an ID it does not know. */
function notFound(bookingId: string): Answer {
  return { error: { status: 404, data: { error: 'Not Found', message: `No booking found with ID: ${bookingId}` } } };
}

/** The exact ID, else the same ID in other case: a link typed by hand may say bk123456. */
export function findBooking(items: readonly BookingRecord[], bookingId: string): BookingRecord | undefined {
  const upper = bookingId.toUpperCase();
  return items.find((b) => b.bookingId === bookingId) ?? items.find((b) => b.bookingId.toUpperCase() === upper);
}

/** A thunk's refusal: its message, and the kind of storage failure (the screen offers a new ID for 'taken'). */
function refused(action: { payload?: unknown }): Answer {
  const payload = action.payload as { message?: string; kind?: string } | undefined;
  return storageRefusal(payload?.message ?? saveFailureMessage('unknown'), payload?.kind ? { kind: payload.kind } : {});
}

/** The hotel's routes that this browser's storage answers (server/API.md), in the hotel's words; the rest are not offered. */
const routes: Array<[method: string, path: RegExp, answer: (request: Request, api: BaseQueryApi) => Answer | Promise<Answer>]> = [
  [
    'POST',
    /^bookings$/,
    async ({ body }, api) => {
      const stay = {
        roomId: body.roomId,
        packageIndex: body.packageIndex,
        roomCount: body.rooms,
        startDate: body.checkIn,
        endDate: body.checkOut,
      };
      const summary = summarizeStay(stay);
      const booking: BookingRecord = {
        bookingId: body.bookingId,
        roomName: summary.roomName,
        checkIn: summary.checkIn,
        checkOut: summary.checkOut,
        totalPrice: summary.totalPrice,
        email: body.email,
        rooms: summary.rooms,
        createdAt: new Date().toISOString(),
      };
      const result = await dispatchOf(api)(confirmBooking(booking));
      return isRejected(result) ? refused(result) : { data: { booking } };
    },
  ],
  [
    'GET',
    /^bookings\/([^/]+)$/,
    ({ id }, api) => {
      const booking = findBooking(selectBookings(stateOf(api)), id);
      return booking ? { data: { booking } } : notFound(id);
    },
  ],
  [
    'PUT',
    /^bookings\/([^/]+)\/email$/,
    async ({ id, body }, api) => {
      const booking = findBooking(selectBookings(stateOf(api)), id);
      if (!booking) return notFound(id);
      const result = await dispatchOf(api)(changeBookingEmail({ bookingId: booking.bookingId, email: body.email }));
      if (isRejected(result)) return refused(result);
      return { data: { booking: findBooking(selectBookings(stateOf(api)), booking.bookingId) ?? { ...booking, email: body.email } } };
    },
  ],
  [
    'GET',
    /^admin\/bookings$/,
    ({ params }, api) => {
      const { q = '', page = 1, pageSize = 50 } = params as { q?: string; page?: number; pageSize?: number };
      const matches = selectBookingSearch(stateOf(api), q);
      const start = (page - 1) * pageSize;
      return { data: { items: matches.slice(start, start + pageSize), total: matches.length, totalExact: true, page, pageSize } };
    },
  ],
  [
    'DELETE',
    /^admin\/bookings\/([^/]+)$/,
    async ({ id }, api) => {
      const result = await dispatchOf(api)(deleteBooking(id));
      return isRejected(result) ? refused(result) : { data: { booking: { bookingId: id } } };
    },
  ],
  [
    'POST',
    /^admin\/import$/,
    async ({ body }, api) => {
      // The records as toStoredRecord wrote them from a backup this browser has just read.
      const records = (body as unknown[]).flatMap((raw) => {
        const read = readBookingRecord(raw);
        return 'record' in read ? [read.record] : [];
      });
      const result = await dispatchOf(api)(restoreBookings(records));
      if (isRejected(result)) return refused(result);
      const { added, skipped } = result.payload as { added: number; skipped: number };
      return { data: { imported: added, skipped, conflicts: [] } };
    },
  ],
  [
    'GET',
    /^admin\/export$/,
    ({ params }, api) => {
      const bookings = selectBookings(stateOf(api));
      return { data: params.format === 'csv' ? bookingsToCsv(bookings) : bookingsToJson(bookings) };
    },
  ],
];

const notOffered: Answer = storageRefusal('This site does not offer that.');

/**
 * The bookings kept in this browser's storage (the bookings slice, which redux-persist keeps under
 * hotelBookings), behind the same API as the hotel's server: the few requests the spec's site
 * offers, answered as the hotel would. Every write goes to storage first (bookingsThunks.ts), so a
 * refused write is never shown as done.
 */
export const browserBaseQuery: SourceBaseQuery = (args, api) => {
  const { url, method = 'GET', params = {}, body } = typeof args === 'string' ? { url: args } : args;
  for (const [routeMethod, path, answer] of routes) {
    const match = path.exec(url);
    if (match && routeMethod === method) return answer({ id: decodeURIComponent(match[1] ?? ''), params, body }, api);
  }
  return notOffered;
};

/**
 * Storage can change under the screens (another tab, a restore): whenever the list the store
 * holds changes, every bookings query reads it again, as it would ask the hotel again.
 */
export const followStoredBookings: Middleware = (api) => (next) => (action) => {
  const before = (api.getState() as RootState).bookings.items;
  const result = next(action);
  if ((api.getState() as RootState).bookings.items !== before) api.dispatch(bookingsApi.util.invalidateTags(['Bookings', 'Booking']));
  return result;
};

export const connectSource: ConnectSource = () => ({
  api: bookingsApi,
  offers: browserOffers,
  baseQuery: browserBaseQuery,
  middleware: [followStoredBookings],
});
