import { readBookingRecord } from '../../domain/bookingRecord';
import type { BookingRecord } from '../../domain/bookingRecord';
import { rememberStoredText } from './storedText';

/** Something found under the bookings key that could not be read, kept exactly as it was. */
export interface UnreadableEntry {
  reason: string;
  raw: string;
}

export interface ParsedBookings {
  records: BookingRecord[];
  unreadable: UnreadableEntry[];
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function parseJson(text: string): { ok: true; value: unknown } | { ok: false } {
  try {
    return { ok: true, value: JSON.parse(text) as unknown };
  } catch {
    return { ok: false };
  }
}

/**
 * redux-persist's default format stores each slice field as a JSON string inside an object
 * ({"items":"[...]","_persist":"{...}"}); find the list of records inside such a wrapper.
 */
function unwrapPersisted(value: Record<string, unknown>): unknown[] | undefined {
  for (const key of ['items', 'bookings', 'hotelBookings', 'records']) {
    let inner = value[key];
    if (typeof inner === 'string') {
      const parsed = parseJson(inner);
      if (!parsed.ok) continue;
      inner = parsed.value;
    }
    if (Array.isArray(inner)) return inner;
    if (isPlainObject(inner)) {
      const nested = unwrapPersisted(inner);
      if (nested) return nested;
    }
  }
  return undefined;
}

/**
 * True when writing `record` back gives exactly the JSON `item` was read from: the same fields
 * in the same order with the same values (so a record the reader converted does not qualify).
 */
function storedAsIs(item: Record<string, unknown>, record: BookingRecord): boolean {
  if (record.extra) return false;
  const keys = Object.keys(item);
  let i = 0;
  for (const [key, value] of Object.entries(record)) {
    if (value === undefined) continue;
    if (keys[i] !== key || item[key] !== value) return false;
    i++;
  }
  return i === keys.length;
}

/** Reads the text stored under the bookings key without ever throwing. */
export function parseStoredBookings(text: string | null): ParsedBookings {
  if (text === null || text.trim() === '') return { records: [], unreadable: [] };
  const parsed = parseJson(text);
  if (!parsed.ok) return { records: [], unreadable: [{ reason: 'not valid JSON', raw: text }] };

  let list: unknown[] | undefined;
  if (Array.isArray(parsed.value)) list = parsed.value;
  else if (isPlainObject(parsed.value)) list = unwrapPersisted(parsed.value);
  if (!list) return { records: [], unreadable: [{ reason: 'not a list of bookings', raw: text }] };

  const records: BookingRecord[] = [];
  const unreadable: UnreadableEntry[] = [];
  const seen = new Map<string, string>();
  for (const item of list) {
    const raw = JSON.stringify(item) ?? String(item);
    const result = readBookingRecord(item);
    if ('problem' in result) {
      unreadable.push({ reason: result.problem, raw });
      continue;
    }
    const earlier = seen.get(result.record.bookingId);
    if (earlier === undefined) {
      seen.set(result.record.bookingId, raw);
      records.push(result.record);
      if (storedAsIs(item as Record<string, unknown>, result.record)) rememberStoredText(result.record, raw);
    } else if (earlier !== raw) {
      unreadable.push({ reason: `duplicate bookingId ${result.record.bookingId}`, raw });
    }
  }
  return { records, unreadable };
}
