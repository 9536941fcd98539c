import { createAsyncThunk } from '@reduxjs/toolkit';
import { readBookingRecord, roomsOf, toStoredRecord } from '../../domain/bookingRecord';
import type { BookingRecord } from '../../domain/bookingRecord';
import { bookingsRestored } from './bookingsSlice';
import { BookingSaveError } from './bookingStorage';
import type { SaveFailure } from './bookingStorage';
import { saveFailureMessage } from './bookingsThunks';
import type { ThunkExtra } from './bookingsThunks';

export const backupFormat = 'hotelBookings-backup';
export const backupVersion = 1;
/** Far above 10,000 bookings (about 2 MB) yet small enough that reading it cannot hang the tab. */
export const maxBackupBytes = 10 * 1024 * 1024;

/** The JSON backup: the stored records, exactly as local storage holds them, in a labelled envelope. */
export function bookingsToJson(records: readonly BookingRecord[], now: Date = new Date()): string {
  const backup = { format: backupFormat, version: backupVersion, exportedAt: now.toISOString(), bookings: records.map(toStoredRecord) };
  return JSON.stringify(backup, null, 2);
}

/** A spreadsheet would run a cell starting with one of these as a formula (CSV injection). */
const formulaStart = /^[=+\-@\t\r]/;

function csvCell(value: string | number): string {
  if (typeof value === 'number') return String(value);
  const safe = formulaStart.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

export const csvHeader = ['Booking ID', 'Email', 'Room', 'Check-In', 'Check-Out', 'Rooms', 'Total'];

/**
 * One row per booking. Dates stay YYYY-MM-DD, which every spreadsheet reads the same way
 * whatever its locale; totals stay plain numbers so that they can be summed. The byte order
 * mark makes Excel read the file as UTF-8.
 */
export function bookingsToCsv(records: readonly BookingRecord[]): string {
  const rows = records.map((b) => [b.bookingId, b.email, b.roomName, b.checkIn ?? '', b.checkOut ?? '', roomsOf(b), b.totalPrice]);
  return '\uFEFF' + [csvHeader, ...rows].map((row) => row.map(csvCell).join(',')).join('\r\n') + '\r\n';
}

export type ParsedBackup = { records: BookingRecord[]; unreadable: number } | { problem: string };

const notBackup = 'This file is not a bookings backup. Choose a JSON file made with "Download JSON backup".';

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Reads a JSON backup, or a plain array of records as local storage holds them. Never throws. */
export function parseBackup(text: string): ParsedBackup {
  let value: unknown;
  try {
    value = JSON.parse(text.replace(/^\uFEFF/, ''));
  } catch {
    return { problem: notBackup };
  }
  let list: unknown;
  if (Array.isArray(value)) list = value;
  else if (isPlainObject(value) && value.format === backupFormat) {
    if (typeof value.version !== 'number' || value.version > backupVersion) {
      return { problem: 'This backup was made by a newer version of the site and cannot be read here. Nothing was changed.' };
    }
    list = value.bookings;
  }
  if (!Array.isArray(list)) return { problem: notBackup };
  const records: BookingRecord[] = [];
  for (const item of list) {
    const result = readBookingRecord(item);
    if ('record' in result) records.push(result.record);
  }
  // A list of something else entirely (numbers, other objects) is not a backup.
  if (list.length > 0 && records.length === 0) return { problem: notBackup };
  return { records, unreadable: list.length - records.length };
}

export interface RestoreResult {
  added: number;
  /** Already stored (or repeated in the file): the stored record is kept as it is. */
  skipped: number;
}

/** Adds the records whose IDs are not stored yet, after the stored ones, in the file's order. */
export function mergeBackup(
  current: readonly BookingRecord[],
  incoming: readonly BookingRecord[],
): { merged: BookingRecord[]; added: number } {
  const ids = new Set(current.map((b) => b.bookingId));
  const merged = [...current];
  for (const record of incoming) {
    if (ids.has(record.bookingId)) continue;
    ids.add(record.bookingId);
    merged.push(record);
  }
  return { merged, added: merged.length - current.length };
}

const createBackupThunk = createAsyncThunk.withTypes<{ extra: ThunkExtra; rejectValue: { kind: SaveFailure; message: string } }>();

/** Merges a backup's records (parseBackup) into storage first, then into the screen; a refused write changes nothing. */
export const restoreBookings = createBackupThunk(
  'bookings/restore',
  async (records: readonly BookingRecord[], { dispatch, extra, rejectWithValue }) => {
    let added = 0;
    let merged: BookingRecord[];
    try {
      merged = await extra.bookingStorage.update((list) => {
        const result = mergeBackup(list, records);
        added = result.added;
        return result.merged;
      });
    } catch (error) {
      const kind = error instanceof BookingSaveError ? error.kind : 'unknown';
      return rejectWithValue({ kind, message: saveFailureMessage(kind) });
    }
    dispatch(bookingsRestored(merged));
    const result: RestoreResult = { added, skipped: records.length - added };
    return result;
  },
);

/** The raw text of stored entries that could not be read, so that a manager can keep a copy. */
export function readUnreadableBookings() {
  return (_dispatch: unknown, _getState: unknown, extra: ThunkExtra): string => extra.bookingStorage.unreadableText();
}
