import type { BookingRecord } from '../../domain/bookingRecord';

/** Pure list operations shared by the reducers and by the storage write that precedes them. */
export function withBookingAdded(list: readonly BookingRecord[], record: BookingRecord): BookingRecord[] {
  return list.some((b) => b.bookingId === record.bookingId) ? [...list] : [...list, record];
}

export function withBookingDeleted(list: readonly BookingRecord[], bookingId: string): BookingRecord[] {
  return list.filter((b) => b.bookingId !== bookingId);
}

export function withEmailChanged(list: readonly BookingRecord[], bookingId: string, email: string, updatedAt?: string): BookingRecord[] {
  return list.map((b) => (b.bookingId === bookingId ? { ...b, email, ...(updatedAt ? { updatedAt } : {}) } : b));
}

/** The later edit of one booking wins; without a later edit the stored copy (`stored`) stands. */
function newer(mine: BookingRecord, stored: BookingRecord): BookingRecord {
  const mineAt = mine.updatedAt ?? mine.createdAt ?? '';
  const storedAt = stored.updatedAt ?? stored.createdAt ?? '';
  return mineAt > storedAt ? mine : stored;
}

/**
 * Merges this tab's list with the stored one. Deletions are recorded as tombstones (`deleted`),
 * so a record missing from one side is never taken as deleted: both sides' additions survive,
 * nothing deleted comes back, and every tab converges on the same list whatever order writes
 * arrive in. Order follows `theirs`, with records only `mine` holds added at the end.
 */
export function mergeBookings(
  mine: readonly BookingRecord[],
  theirs: readonly BookingRecord[],
  deleted: ReadonlySet<string> = new Set(),
): BookingRecord[] {
  const mineById = new Map(mine.map((b) => [b.bookingId, b]));
  const result: BookingRecord[] = [];
  const seen = new Set<string>();
  for (const their of theirs) {
    if (deleted.has(their.bookingId) || seen.has(their.bookingId)) continue;
    seen.add(their.bookingId);
    const my = mineById.get(their.bookingId);
    result.push(my ? newer(my, their) : their);
  }
  for (const my of mine) {
    if (deleted.has(my.bookingId) || seen.has(my.bookingId)) continue;
    seen.add(my.bookingId);
    result.push(my);
  }
  return result;
}
