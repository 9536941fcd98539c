import { createAsyncThunk } from '@reduxjs/toolkit';
import type { SourceHolder } from '../../api/bookingsApi';
import type { BookingRecord } from '../../domain/bookingRecord';
import { withBookingAdded, withBookingDeleted, withEmailChanged } from './bookingList';
import { bookingConfirmed, bookingDeleted, bookingEmailChanged } from './bookingsSlice';
import { BookingSaveError } from './bookingStorage';
import type { BookingStorage, SaveFailure } from './bookingStorage';
import { storageUnavailableMessage } from './storageUnavailable';

export interface ThunkExtra extends SourceHolder {
  bookingStorage: BookingStorage;
  /** The waits before each new try at reaching the hotel (see makeStore; src/api/hotelBaseQuery.ts has the usual ones). */
  retryDelaysMs?: readonly number[];
}

/** What the guest is told when storage refuses a write. */
export function saveFailureMessage(kind: SaveFailure): string {
  switch (kind) {
    case 'quota':
      return "This browser's storage for this site is full, so the booking could not be saved. Free some space (for example, delete old bookings or clear other data for this site) and try again.";
    case 'unavailable':
      return storageUnavailableMessage;
    case 'taken':
      return 'Another booking (perhaps from another tab) took this Booking ID a moment ago, so a new Booking ID has been made. Please check it and confirm again.';
    case 'unsafe':
      return 'Stored booking data could not be read and could not be set aside safely, so nothing was changed. Free some storage space and try again.';
    default:
      return 'The booking data could not be saved in this browser. Please try again.';
  }
}

function sameBooking(a: BookingRecord, b: BookingRecord): boolean {
  const fields = ['roomName', 'checkIn', 'checkOut', 'totalPrice', 'email', 'rooms'] as const;
  return fields.every((field) => a[field] === b[field]);
}

function rejectWith(error: unknown): { message: string; kind: SaveFailure } {
  const kind = error instanceof BookingSaveError ? error.kind : 'unknown';
  return { kind, message: saveFailureMessage(kind) };
}

const createBookingThunk = createAsyncThunk.withTypes<{ extra: ThunkExtra; rejectValue: { message: string; kind: SaveFailure } }>();

/** Stores the booking first and only then marks it confirmed, so a refused write is never shown as a booking. */
export const confirmBooking = createBookingThunk(
  'bookings/confirm',
  async (record: BookingRecord, { dispatch, extra, rejectWithValue }) => {
    try {
      await extra.bookingStorage.update((list) => {
        const stored = list.find((b) => b.bookingId === record.bookingId);
        // The same booking confirmed twice (a double click, a duplicated tab) is stored once; a
        // different booking under the same ID must not vanish behind the first.
        if (stored && !sameBooking(stored, record)) throw new BookingSaveError('taken');
        return withBookingAdded(list, record);
      });
    } catch (error) {
      return rejectWithValue(rejectWith(error));
    }
    dispatch(bookingConfirmed(record));
    return record;
  },
);

export const deleteBooking = createBookingThunk('bookings/delete', async (bookingId: string, { dispatch, extra, rejectWithValue }) => {
  try {
    await extra.bookingStorage.update((list) => withBookingDeleted(list, bookingId));
  } catch (error) {
    return rejectWithValue(rejectWith(error));
  }
  dispatch(bookingDeleted(bookingId));
  return bookingId;
});

export const changeBookingEmail = createBookingThunk(
  'bookings/changeEmail',
  async ({ bookingId, email }: { bookingId: string; email: string }, { dispatch, extra, rejectWithValue }) => {
    const change = { bookingId, email, updatedAt: new Date().toISOString() };
    try {
      await extra.bookingStorage.update((list) => withEmailChanged(list, bookingId, email, change.updatedAt));
    } catch (error) {
      return rejectWithValue(rejectWith(error));
    }
    dispatch(bookingEmailChanged(change));
    return change;
  },
);
