import type { BookingRecord } from './bookingRecord';

/** Pure list operations shared by the reducers and by the storage write that precedes them. */
export function withBookingAdded(list: readonly BookingRecord[], record: BookingRecord): BookingRecord[] {
  return list.some((b) => b.bookingId === record.bookingId) ? [...list] : [...list, record];
}

export function withBookingDeleted(list: readonly BookingRecord[], bookingId: string): BookingRecord[] {
  return list.filter((b) => b.bookingId !== bookingId);
}

export function withEmailChanged(list: readonly BookingRecord[], bookingId: string, email: string): BookingRecord[] {
  return list.map((b) => (b.bookingId === bookingId ? { ...b, email } : b));
}

function sameRecord(a: BookingRecord, b: BookingRecord): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

/**
 * Three-way merge by booking ID. `base` is the list both sides started from; a record changed,
 * added or deleted on one side keeps that change, so neither side's work is lost and nothing
 * deleted comes back. Order follows `theirs`, with records only `mine` added at the end.
 */
export function mergeBookings(
  base: readonly BookingRecord[],
  mine: readonly BookingRecord[],
  theirs: readonly BookingRecord[],
): BookingRecord[] {
  const baseById = new Map(base.map((b) => [b.bookingId, b]));
  const mineById = new Map(mine.map((b) => [b.bookingId, b]));
  const theirsById = new Map(theirs.map((b) => [b.bookingId, b]));
  const result: BookingRecord[] = [];
  for (const their of theirs) {
    const before = baseById.get(their.bookingId);
    const my = mineById.get(their.bookingId);
    if (before === undefined) {
      result.push(their);
    } else if (my === undefined) {
      // Deleted here: keep it deleted.
    } else {
      result.push(sameRecord(my, before) ? their : my);
    }
  }
  for (const my of mine) {
    if (!theirsById.has(my.bookingId) && !baseById.has(my.bookingId)) result.push(my);
  }
  return result;
}
