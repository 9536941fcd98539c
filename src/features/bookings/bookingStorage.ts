import { mergeBookings } from './bookingList';
import type { BookingRecord } from '../../domain/bookingRecord';
import { parseStoredBookings } from './storedBookings';
import type { ParsedBookings, UnreadableEntry } from './storedBookings';
import { serializeBookings } from './storedText';

export const bookingsKey = 'hotelBookings';
export const unreadableKey = 'hotelBookings.unreadable';
/** IDs of deleted bookings, so that a tab holding an old copy cannot bring them back. */
export const deletedKey = 'hotelBookings.deleted';

export type SaveFailure = 'quota' | 'unavailable' | 'unsafe' | 'taken' | 'unknown';

/** Thrown when local storage refuses a write; `kind` says why, for the guest's message. */
export class BookingSaveError extends Error {
  constructor(
    readonly kind: SaveFailure,
    cause?: unknown,
  ) {
    super(`Bookings could not be saved (${kind})`, { cause });
    this.name = 'BookingSaveError';
  }
}

export interface BookingSnapshot {
  items: BookingRecord[];
  unreadableCount: number;
  storageAvailable: boolean;
}

function failureKind(error: unknown): SaveFailure {
  if (error instanceof BookingSaveError) return error.kind;
  const e = error as { name?: string; code?: number } | null;
  if (e?.name === 'QuotaExceededError' || e?.name === 'NS_ERROR_DOM_QUOTA_REACHED' || e?.code === 22) return 'quota';
  if (e?.name === 'SecurityError') return 'unavailable';
  return 'unknown';
}

function readJsonArray<T>(text: string | null): T[] {
  if (!text) return [];
  try {
    const value = JSON.parse(text) as unknown;
    return Array.isArray(value) ? (value as T[]) : [];
  } catch {
    return [];
  }
}

export function readUnreadableEntries(text: string | null): UnreadableEntry[] {
  return readJsonArray<UnreadableEntry>(text);
}

function sameList(a: readonly BookingRecord[], b: readonly BookingRecord[]): boolean {
  return a.length === b.length && a.every((record, i) => record === b[i]);
}

/**
 * The booking IDs `after` gains and loses against `before`. Actions change one record in place or
 * at an end, so only the stretch between the unchanged head and tail is compared by ID: with
 * 10,000 bookings that is a handful of records, not two sets of 10,000 IDs. IDs are unique within
 * each list, so an ID in that stretch cannot also sit in the shared head or tail.
 */
export function idChanges(before: readonly BookingRecord[], after: readonly BookingRecord[]): { added: string[]; removed: string[] } {
  let start = 0;
  while (start < before.length && start < after.length && before[start] === after[start]) start++;
  let endBefore = before.length;
  let endAfter = after.length;
  while (endBefore > start && endAfter > start && before[endBefore - 1] === after[endAfter - 1]) {
    endBefore--;
    endAfter--;
  }
  const beforeIds = new Set(before.slice(start, endBefore).map((b) => b.bookingId));
  const afterIds = new Set(after.slice(start, endAfter).map((b) => b.bookingId));
  return {
    added: [...afterIds].filter((id) => !beforeIds.has(id)),
    removed: [...beforeIds].filter((id) => !afterIds.has(id)),
  };
}

/**
 * The last text any storage of this page parsed, and what it holds: the admin screen's notice reads
 * the bookings before React (earlyUnreadableNotice.ts) and the store a moment later, and with
 * 10,000 bookings the second parse would cost as much as the first. (Each storage keeps its own
 * `cache` below, which also says what it last wrote.)
 */
let lastParse: { raw: string; parsed: ParsedBookings } | null = null;

function parseOnce(raw: string | null): ParsedBookings {
  if (raw === null) return parseStoredBookings(raw);
  if (lastParse?.raw !== raw) lastParse = { raw, parsed: parseStoredBookings(raw) };
  return lastParse.parsed;
}

type LockManagerLike = { request(name: string, callback: () => Promise<unknown>): Promise<unknown> };

/**
 * The only code that touches the bookings in local storage. It reads without ever destroying
 * what it cannot read (that is copied byte for byte to `hotelBookings.unreadable` first), and
 * writes by merging with what is stored now, because another tab may have written since this
 * tab last read.
 */
export function createBookingStorage(
  getStorage: () => Storage = () => window.localStorage,
  locks: LockManagerLike | undefined = typeof navigator !== 'undefined' ? (navigator as { locks?: LockManagerLike }).locks : undefined,
) {
  /** False when unreadable data could not be copied aside: then nothing may overwrite it. */
  let safeToWrite = true;
  /**
   * The last text read or written and what it holds. With 10,000 bookings, parsing and checking
   * every record again on each write would cost more than the write itself.
   */
  let cache: { raw: string; parsed: ParsedBookings } | null = null;
  /** The list this tab last read from or wrote to storage. */
  let lastSeen: readonly BookingRecord[] = [];

  function parse(raw: string | null): ParsedBookings {
    if (raw !== null && cache?.raw === raw) return cache.parsed;
    const parsed = parseOnce(raw);
    cache = raw === null ? null : { raw, parsed };
    return parsed;
  }

  function storage(): Storage {
    try {
      const s = getStorage();
      if (!s) throw new Error('no storage');
      return s;
    } catch (error) {
      throw new BookingSaveError('unavailable', error);
    }
  }

  function keepUnreadable(s: Storage, found: UnreadableEntry[]): void {
    if (found.length === 0) return;
    const kept = readUnreadableEntries(s.getItem(unreadableKey));
    const fresh = found.filter((entry) => !kept.some((k) => k.raw === entry.raw));
    if (fresh.length === 0) return;
    s.setItem(unreadableKey, JSON.stringify([...kept, ...fresh]));
  }

  function deletedIds(s: Storage): Set<string> {
    return new Set(readJsonArray<string>(s.getItem(deletedKey)).filter((id) => typeof id === 'string'));
  }

  /** Reads what is stored now. Never throws: an unavailable storage reads as empty. */
  function read(): BookingSnapshot {
    try {
      const s = storage();
      const parsed = parse(s.getItem(bookingsKey));
      try {
        keepUnreadable(s, parsed.unreadable);
        safeToWrite = true;
      } catch {
        safeToWrite = parsed.unreadable.length === 0;
      }
      const deleted = deletedIds(s);
      const kept = readUnreadableEntries(s.getItem(unreadableKey)).length;
      const items = deleted.size === 0 ? [...parsed.records] : parsed.records.filter((b) => !deleted.has(b.bookingId));
      lastSeen = items;
      return {
        items,
        unreadableCount: safeToWrite ? kept : Math.max(kept, parsed.unreadable.length),
        storageAvailable: true,
      };
    } catch {
      return { items: [], unreadableCount: 0, storageAvailable: false };
    }
  }

  function write(s: Storage, records: readonly BookingRecord[]): void {
    if (!safeToWrite) throw new BookingSaveError('unsafe');
    const text = serializeBookings(records);
    // Every write follows a read under the same lock, so the cache holds what is stored now.
    if (cache?.raw === text) return;
    try {
      s.setItem(bookingsKey, text);
    } catch (error) {
      throw new BookingSaveError(failureKind(error), error);
    }
    cache = { raw: text, parsed: { records: [...records], unreadable: [] } };
    lastSeen = records;
  }

  function writeDeleted(s: Storage, ids: ReadonlySet<string>): void {
    try {
      if (ids.size === 0) s.removeItem(deletedKey);
      else s.setItem(deletedKey, JSON.stringify([...ids]));
    } catch (error) {
      throw new BookingSaveError(failureKind(error), error);
    }
  }

  function withLock<T>(work: () => T): Promise<T> {
    const run = () => {
      try {
        return Promise.resolve(work());
      } catch (error) {
        return Promise.reject(error instanceof BookingSaveError ? error : new BookingSaveError(failureKind(error), error));
      }
    };
    if (!locks) return Promise.resolve().then(run);
    return locks.request(bookingsKey, run) as Promise<T>;
  }

  return {
    read,

    /**
     * Applies one guest or manager action to the stored list and writes it before the caller
     * shows success. Rejects with BookingSaveError, leaving storage unchanged, when refused.
     */
    update(change: (current: BookingRecord[]) => BookingRecord[]): Promise<BookingRecord[]> {
      return withLock(() => {
        const s = storage();
        const current = read();
        if (!current.storageAvailable) throw new BookingSaveError('unavailable');
        if (!safeToWrite) throw new BookingSaveError('unsafe');
        const next = change(current.items);
        const { added, removed } = idChanges(current.items, next);
        const before = deletedIds(s);
        const deleted = new Set(before);
        for (const id of removed) deleted.add(id);
        // Adding a booking on purpose (a new ID, a restored backup) outranks an old deletion.
        for (const id of added) deleted.delete(id);
        const tombstonesChanged = deleted.size !== before.size || [...deleted].some((id) => !before.has(id));
        // Tombstones first: a tab that sees the shorter list then also knows why it is shorter.
        if (tombstonesChanged) writeDeleted(s, deleted);
        try {
          write(s, next);
        } catch (error) {
          if (tombstonesChanged) writeDeleted(s, before);
          throw error;
        }
        return next;
      });
    },

    /** Writes this tab's list merged with what is stored now; returns the merged list. */
    save(mine: readonly BookingRecord[]): Promise<BookingRecord[]> {
      // The usual case: the store holds what this tab last wrote or read, so there is nothing of
      // its own to add. Whatever other tabs wrote since reaches it through `listen`.
      if (sameList(mine, lastSeen)) return Promise.resolve([...mine]);
      return withLock(() => {
        const s = storage();
        const stored = read().items;
        const merged = mergeBookings(mine, stored, deletedIds(s));
        if (!sameList(merged, stored)) write(s, merged);
        return merged;
      });
    },

    /**
     * Follows writes made by other tabs. `mine` gives this tab's current list: whatever it holds
     * that the other tab's write lacks (and did not delete) is written back, so a write made from
     * a stale copy elsewhere cannot erase a booking.
     */
    listen(mine: () => readonly BookingRecord[], onChange: (snapshot: BookingSnapshot) => void, target: EventTarget = window): () => void {
      const handler = (event: StorageEvent) => {
        if (event.key !== null && event.key !== bookingsKey && event.key !== unreadableKey && event.key !== deletedKey) return;
        const theirs = read();
        if (!theirs.storageAvailable) return;
        const merged = mergeBookings(mine(), theirs.items, deletedIds(storage()));
        if (serializeBookings(merged) !== serializeBookings(theirs.items)) {
          void withLock(() => {
            const s = storage();
            write(s, mergeBookings(merged, read().items, deletedIds(s)));
          }).catch(() => undefined);
        }
        onChange({ ...theirs, items: merged });
      };
      const listener = (event: Event) => handler(event as StorageEvent);
      target.addEventListener('storage', listener);
      return () => target.removeEventListener('storage', listener);
    },

    /** The raw text kept under the unreadable key, for download. */
    unreadableText(): string {
      try {
        return storage().getItem(unreadableKey) ?? '[]';
      } catch {
        return '[]';
      }
    },
  };
}

export type BookingStorage = ReturnType<typeof createBookingStorage>;
