import { createHash, timingSafeEqual } from 'node:crypto';

/**
 * A guest's proof of a booking: the browser that made it keeps a random key (src/domain/wire.ts
 * says its form); the hotel keeps only its SHA-256, so a copy of the database reveals no key.
 */
export function guestKeyHash(key: string): Buffer {
  return createHash('sha256').update(key).digest();
}

/** True when the key sent (a header's value, or nothing) is the one whose hash the booking keeps. */
export function holdsGuestKey(key: unknown, storedHash: Buffer | null): boolean {
  if (typeof key !== 'string' || storedHash === null) return false;
  const hash = guestKeyHash(key);
  return hash.length === storedHash.length && timingSafeEqual(hash, storedHash);
}
