import type { Middleware } from '@reduxjs/toolkit';
import { bookingsApi } from '../../api/bookingsApi';
import { browserOffers } from '../../api/offers';
import { storageRefusal } from '../../api/source';
import type { BookingSource, ConnectSource, SourceError, StoreAccess } from '../../api/source';
import type { RootState } from '../../app/store';
import type { BookingRecord } from '../../domain/bookingRecord';
import { summarizeStay } from '../../domain/stay';
import { bookingsToCsv, bookingsToJson, restoreBookings } from './bookingsBackup';
import { selectBookingSearch } from './bookingSearch';
import { selectBookings } from './bookingsSlice';
import { changeBookingEmail, confirmBooking, deleteBooking, saveFailureMessage } from './bookingsThunks';

type Dispatch = (action: unknown) => Promise<{ type: string; payload?: unknown }>;
const stateOf = (store: StoreAccess) => store.getState() as RootState;
const dispatchOf = (store: StoreAccess) => store.dispatch as unknown as Dispatch;

/** The same answer as the hotel's for an ID it does not know. */
function notFound(bookingId: string): { error: SourceError } {
  return { error: { status: 404, data: { error: 'Not Found', message: `No booking found with ID: ${bookingId}` } } };
}

/** The exact ID, else the same ID in other case: a link typed by hand may say bk123456. */
export function findBooking(items: readonly BookingRecord[], bookingId: string): BookingRecord | undefined {
  const upper = bookingId.toUpperCase();
  return items.find((b) => b.bookingId === bookingId) ?? items.find((b) => b.bookingId.toUpperCase() === upper);
}

/** A thunk's refusal: its message, and the kind of storage failure (the screen offers a new ID for 'taken'). */
function refused(action: { payload?: unknown }): { error: SourceError } {
  const payload = action.payload as { message?: string; kind?: string } | undefined;
  return storageRefusal(payload?.message ?? saveFailureMessage('unknown'), payload?.kind ? { kind: payload.kind } : {});
}

const isRejected = (action: { type: string }) => action.type.endsWith('/rejected');

/**
 * The bookings kept in this browser's storage (the bookings slice, which redux-persist keeps under
 * hotelBookings), behind the same API as the hotel's server. Every write goes to storage first
 * (bookingsThunks.ts), so a refused write is never shown as done.
 */
export const browserSource: BookingSource = {
  offers: browserOffers,

  async confirm({ bookingId, email, stay }, store) {
    const summary = summarizeStay(stay);
    const record: BookingRecord = {
      bookingId,
      roomName: summary.roomName,
      checkIn: summary.checkIn,
      checkOut: summary.checkOut,
      totalPrice: summary.totalPrice,
      email: email.trim(),
      rooms: summary.rooms,
      createdAt: new Date().toISOString(),
    };
    const result = await dispatchOf(store)(confirmBooking(record));
    return isRejected(result) ? refused(result) : { data: { booking: record, keptHere: true } };
  },

  async getBooking({ bookingId }, store) {
    const booking = findBooking(selectBookings(stateOf(store)), bookingId);
    return booking ? { data: { booking } } : notFound(bookingId);
  },

  async changeEmail({ bookingId, email }, store) {
    const booking = findBooking(selectBookings(stateOf(store)), bookingId);
    if (!booking) return notFound(bookingId);
    const result = await dispatchOf(store)(changeBookingEmail({ bookingId: booking.bookingId, email }));
    if (isRejected(result)) return refused(result);
    return { data: { booking: findBooking(selectBookings(stateOf(store)), booking.bookingId) ?? { ...booking, email } } };
  },

  async list({ q, page, pageSize }, store) {
    const matches = selectBookingSearch(stateOf(store), q);
    const start = (page - 1) * pageSize;
    return { data: { items: matches.slice(start, start + pageSize), total: matches.length, totalExact: true, page, pageSize } };
  },

  async remove(bookingId, store) {
    const result = await dispatchOf(store)(deleteBooking(bookingId));
    return isRejected(result) ? refused(result) : { data: { bookingId } };
  },

  async importBackup(text, store) {
    const result = await dispatchOf(store)(restoreBookings(text));
    if (isRejected(result)) return refused(result);
    const { added, skipped, unreadable } = result.payload as { added: number; skipped: number; unreadable: number };
    return { data: { added, skipped, unreadable, refused: [] } };
  },

  async exportBookings(format, store) {
    const bookings = selectBookings(stateOf(store));
    return { data: format === 'csv' ? bookingsToCsv(bookings) : bookingsToJson(bookings) };
  },
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

export const connectSource: ConnectSource = () => ({ api: bookingsApi, source: browserSource, middleware: [followStoredBookings] });
