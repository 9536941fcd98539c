import { randomBytes, randomUUID } from 'node:crypto';

/** A date `days` from today (UTC), as YYYY-MM-DD: always in the future for the server's "not in the past" rule. */
export function daysFromNow(days: number): string {
  return new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
}

let nextId = 100_000;

/** A confirm body as the confirmation screen sends it, with fresh draft ID, guest key and booking ID. */
export function confirmBody(overrides: Record<string, unknown> = {}) {
  nextId = nextId >= 999_999 ? 100_000 : nextId + 1;
  return {
    draftId: randomUUID(),
    bookingId: `BK${nextId}`,
    roomId: 'executive',
    packageIndex: 0,
    rooms: 1,
    checkIn: daysFromNow(30),
    checkOut: daysFromNow(32),
    email: 'guest@example.com',
    guestKey: randomBytes(32).toString('base64url'),
    ...overrides,
  };
}
