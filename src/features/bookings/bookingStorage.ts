import { mergeBookings } from './bookingList';
import { toStoredRecord } from './bookingRecord';
import type { BookingRecord } from './bookingRecord';
import { parseStoredBookings } from './storedBookings';
import type { UnreadableEntry } from './storedBookings';

export const bookingsKey = 'hotelBookings';
export const unreadableKey = 'hotelBookings.unreadable';

export type SaveFailure = 'quota' | 'unavailable' | 'unsafe' | 'unknown';

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
  if (error instanceof DOMException || (error instanceof Error && 'code' in error)) {
    const e = error as DOMException;
    if (e.name === 'QuotaExceededError' || e.name === 'NS_ERROR_DOM_QUOTA_REACHED' || e.code === 22) return 'quota';
    if (e.name === 'SecurityError') return 'unavailable';
  }
  return 'unknown';
}

function serialize(records: readonly BookingRecord[]): string {
  return JSON.stringify(records.map(toStoredRecord));
}

export function readUnreadableEntries(text: string | null): UnreadableEntry[] {
  if (!text) return [];
  try {
    const value = JSON.parse(text) as unknown;
    return Array.isArray(value) ? (value as UnreadableEntry[]) : [];
  } catch {
    return [];
  }
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
  /** The list as this tab last read or wrote it: the common ancestor for merges. Null until a read succeeded. */
  let base: BookingRecord[] | null = null;
  /** False when unreadable data could not be copied aside: then nothing may overwrite it. */
  let safeToWrite = true;

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

  function unreadableCount(s: Storage): number {
    return readUnreadableEntries(s.getItem(unreadableKey)).length;
  }

  /** Reads what is stored now. Never throws: an unavailable storage reads as empty. */
  function read(): BookingSnapshot {
    let s: Storage;
    try {
      s = storage();
      const parsed = parseStoredBookings(s.getItem(bookingsKey));
      try {
        keepUnreadable(s, parsed.unreadable);
        safeToWrite = true;
      } catch {
        safeToWrite = parsed.unreadable.length === 0;
      }
      base = parsed.records;
      return { items: parsed.records, unreadableCount: Math.max(unreadableCount(s), safeToWrite ? 0 : parsed.unreadable.length), storageAvailable: true };
    } catch {
      return { items: [], unreadableCount: 0, storageAvailable: false };
    }
  }

  function write(s: Storage, records: readonly BookingRecord[]): void {
    if (!safeToWrite) throw new BookingSaveError('unsafe');
    const text = serialize(records);
    if (s.getItem(bookingsKey) !== text) {
      try {
        s.setItem(bookingsKey, text);
      } catch (error) {
        throw new BookingSaveError(failureKind(error), error);
      }
    }
    base = [...records];
  }

  function withLock<T>(work: () => T): Promise<T> {
    if (!locks) return Promise.resolve().then(work);
    return locks.request(bookingsKey, async () => work()) as Promise<T>;
  }

  return {
    read,

    /**
     * Applies a change to the stored list and writes it before the caller shows success.
     * Rejects with BookingSaveError, leaving storage unchanged, when the write is refused.
     */
    update(change: (current: BookingRecord[]) => BookingRecord[]): Promise<BookingRecord[]> {
      return withLock(() => {
        const s = storage();
        const current = read();
        if (!current.storageAvailable) throw new BookingSaveError('unavailable');
        const next = change(current.items);
        write(s, next);
        return next;
      });
    },

    /** Writes this tab's list merged with whatever another tab stored meanwhile; returns the merged list. */
    save(mine: readonly BookingRecord[]): Promise<BookingRecord[]> {
      return withLock(() => {
        const s = storage();
        const ancestor = base;
        const theirs = read().items;
        // Before any successful read nothing this tab holds can be a deletion: only add.
        const merged = mergeBookings(ancestor ?? [], mine, theirs);
        write(s, merged);
        return merged;
      });
    },

    /**
     * Follows writes made by other tabs. `mine` gives this tab's current list so that a write
     * made from a stale copy elsewhere cannot erase what this tab added or resurrect what it
     * deleted; if the merge differs from what was stored, it is written back.
     */
    listen(mine: () => readonly BookingRecord[], onChange: (snapshot: BookingSnapshot) => void): () => void {
      if (typeof window === 'undefined') return () => undefined;
      const handler = (event: StorageEvent) => {
        if (event.key !== null && event.key !== bookingsKey && event.key !== unreadableKey) return;
        if (event.key === bookingsKey && event.newValue !== null) {
          const theirBase = parseStoredBookings(event.oldValue).records;
          const theirs = read();
          const merged = mergeBookings(theirBase, mine(), theirs.items);
          if (serialize(merged) !== serialize(theirs.items)) {
            void withLock(() => write(storage(), mergeBookings(theirs.items, merged, read().items))).catch(() => undefined);
          }
          onChange({ ...theirs, items: merged });
          return;
        }
        onChange(read());
      };
      window.addEventListener('storage', handler);
      return () => window.removeEventListener('storage', handler);
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
