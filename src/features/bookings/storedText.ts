import { toStoredRecord } from '../../domain/bookingRecord';
import type { BookingRecord } from '../../domain/bookingRecord';

/**
 * Each record's JSON as stored. Records are frozen, so the text cannot go stale; keeping it
 * means confirming one booking among 10,000 serializes one record, not all of them.
 */
const texts = new WeakMap<BookingRecord, string>();

/** Notes the text a record was read from, when writing the record back would give that same text. */
export function rememberStoredText(record: BookingRecord, text: string): void {
  texts.set(record, text);
}

export function storedTextOf(record: BookingRecord): string {
  let text = texts.get(record);
  if (text === undefined) {
    text = JSON.stringify(toStoredRecord(record));
    texts.set(record, text);
  }
  return text;
}

/** The same text as JSON.stringify(records.map(toStoredRecord)), built from each record's kept text. */
export function serializeBookings(records: readonly BookingRecord[]): string {
  return `[${records.map(storedTextOf).join(',')}]`;
}
