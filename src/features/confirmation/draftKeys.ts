/**
 * Hotel mode's draft keys, made when the confirmation screen opens (in a thunk, never in a
 * reducer). crypto.randomUUID exists only on https and localhost; getRandomValues everywhere, so
 * a hotel served over plain http on its own network still gets proper random IDs.
 */
function randomBytes(count: number): Uint8Array {
  return crypto.getRandomValues(new Uint8Array(count));
}

/** A version 4 UUID: the draft's idempotency key. */
export function makeDraftId(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = randomBytes(16);
  bytes[6] = (bytes[6]! & 0x0f) | 0x40;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** 32 random bytes as base64url without padding: 43 characters. */
export function makeGuestKey(): string {
  const text = String.fromCharCode(...randomBytes(32));
  return btoa(text).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}
