import { toIsoDate } from './dates';
import type { BookingStatus } from './wire';

/** One stored booking, as the app holds it. Dates are YYYY-MM-DD or null when none was chosen. */
export interface BookingRecord {
  bookingId: string;
  roomName: string;
  checkIn: string | null;
  checkOut: string | null;
  totalPrice: number;
  email: string;
  /** Number of rooms; absent on records written by the earlier version of the site. */
  rooms?: number;
  /** ISO timestamp of confirmation; absent on older records. */
  createdAt?: string;
  /**
   * Hotel mode: where the booking is in its life (issue 23), as the hotel answers it; never stored
   * in this browser (its copies are confirmed bookings), so absent means confirmed.
   */
  status?: BookingStatus;
  /** ISO timestamp of the last change (email), so that the later of two tabs' edits wins. */
  updatedAt?: string;
  /**
   * Hotel mode: the secret this browser made for the booking (43 base64url characters). The hotel
   * keeps only its hash; showing it lets this browser read and change the booking on the server.
   */
  guestKey?: string;
  /**
   * Hotel mode (issue 34 item 5): the guest's name and mobile (E.164), as the hotel answers them;
   * never kept in this browser's copy (confirmationThunks.ts guestCopy leaves them out).
   */
  guestName?: string;
  guestMobile?: string;
  /**
   * Hotel mode (issue 22): the price fixed at confirm, its GST (paise) and the invoice number, as the
   * hotel answers them. A record read back from storage keeps them among `extra` (the booking
   * screen's bundle carries no reader for them): read them with recordTax() in domain/tax.ts.
   */
  taxablePaise?: number;
  cgstPaise?: number;
  sgstPaise?: number;
  invoiceNumber?: string;
  /** Fields this version does not know, kept so that rewriting a record never drops them. */
  extra?: Record<string, unknown>;
}

const knownFields = ['bookingId', 'roomName', 'checkIn', 'checkOut', 'totalPrice', 'email', 'rooms', 'createdAt', 'updatedAt', 'guestKey'];

/** 32 random bytes in base64url, as hotel mode's confirmation screen makes them. */
export const guestKeyPattern = /^[A-Za-z0-9_-]{43}$/;

export const maxBookingIdLength = 64;

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function readNumber(value: unknown): number | undefined {
  if (typeof value === 'number') return Number.isFinite(value) ? value : undefined;
  if (typeof value === 'string') {
    const cleaned = value.replace(/[₹,\s]/g, '').replace(/^INR/i, '');
    if (cleaned === '') return undefined;
    const parsed = Number(cleaned);
    return Number.isFinite(parsed) ? parsed : undefined;
  }
  return undefined;
}

/**
 * Reads one stored value as a booking record, or explains why it cannot. Records from the
 * earlier version of the site (no rooms, US-format dates, a total stored as a string) are read.
 */
export function readBookingRecord(raw: unknown): { record: BookingRecord } | { problem: string } {
  if (!isPlainObject(raw)) return { problem: 'not an object' };
  const id = typeof raw.bookingId === 'number' ? String(raw.bookingId) : raw.bookingId;
  if (typeof id !== 'string' || id.trim() === '') return { problem: 'missing bookingId' };
  if (id.length > maxBookingIdLength) return { problem: 'bookingId too long' };
  if (typeof raw.roomName !== 'string') return { problem: 'missing or mistyped roomName' };
  if (typeof raw.email !== 'string') return { problem: 'missing or mistyped email' };
  const totalPrice = readNumber(raw.totalPrice);
  if (totalPrice === undefined || totalPrice < 0) return { problem: 'missing or mistyped totalPrice' };
  const checkIn = toIsoDate(raw.checkIn);
  const checkOut = toIsoDate(raw.checkOut);
  if (checkIn === undefined) return { problem: 'unreadable checkIn' };
  if (checkOut === undefined) return { problem: 'unreadable checkOut' };

  const record: BookingRecord = { bookingId: id.trim(), roomName: raw.roomName, checkIn, checkOut, totalPrice, email: raw.email };
  if (raw.rooms !== undefined) {
    const rooms = readNumber(raw.rooms);
    if (rooms === undefined || !Number.isInteger(rooms) || rooms < 0) return { problem: 'mistyped rooms' };
    record.rooms = rooms;
  }
  if (typeof raw.createdAt === 'string') record.createdAt = raw.createdAt;
  if (typeof raw.updatedAt === 'string') record.updatedAt = raw.updatedAt;
  // A value that is not a key stays among the unknown fields, kept as it was.
  if (typeof raw.guestKey === 'string' && guestKeyPattern.test(raw.guestKey)) record.guestKey = raw.guestKey;
  const extra = Object.fromEntries(
    Object.entries(raw).filter(([key]) => !knownFields.includes(key) || (key === 'guestKey' && record.guestKey === undefined)),
  );
  if (Object.keys(extra).length > 0) record.extra = Object.freeze(extra);
  // Frozen as the store would freeze it, so that Immer does not walk 10,000 records to do so,
  // and so that the stored text kept for each record cannot go stale.
  return { record: Object.freeze(record) };
}

/** The record as it goes into local storage: the plain format the earlier version wrote, plus rooms. */
export function toStoredRecord(record: BookingRecord): Record<string, unknown> {
  const { extra, ...known } = record;
  const stored: Record<string, unknown> = { ...extra, ...known };
  for (const key of Object.keys(stored)) if (stored[key] === undefined) delete stored[key];
  return stored;
}

/** Rooms booked; older records without the field count as one room. */
export function roomsOf(record: BookingRecord): number {
  return record.rooms ?? 1;
}
