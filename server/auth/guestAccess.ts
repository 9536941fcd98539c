import type pg from 'pg';
import { findManagedBooking } from '../db/manageQueries';
import type { ManagedBooking } from '../db/manageQueries';
import { linkValidUntil, manageSecret, readManageToken } from '../mail/manageLink';
import { holdsGuestKey } from './guestKeys';

/**
 * Who may see a booking as its guest (issue 34: "anyone who can see the booking can open its
 * invoice"), in one place for every guest route that shows one:
 *
 * - the browser that made it, with its guest key (X-Guest-Key);
 * - whoever holds its manage link, with the link's token (X-Manage-Token): valid, of the booking's
 *   current version (an email change ends older links) and unexpired (30 days after check-out);
 * - whoever knows its Booking ID and the email it was booked with (any letter case).
 */

/** The same email address, as guests type it: spaces around it and letter case do not count. */
export function sameEmail(a: string, b: string): boolean {
  return a.trim().toLowerCase() === b.trim().toLowerCase();
}

/** The booking a manage link's token opens now; null for a missing, tampered, replaced or expired token, or a deleted booking. */
export async function bookingOfManageToken(pool: pg.Pool, token: unknown, today: string): Promise<ManagedBooking | null> {
  const claim = readManageToken(await manageSecret(pool), token);
  if (!claim) return null;
  const booking = await findManagedBooking(pool, claim.bookingId);
  if (!booking || booking.manageVersion !== claim.version || !booking.checkOut) return null;
  if (today > linkValidUntil(booking.checkOut)) return null;
  return booking;
}

export interface GuestProof {
  /** The X-Guest-Key header as sent (anything, or nothing). */
  guestKey?: unknown;
  /** The X-Manage-Token header as sent. */
  manageToken?: unknown;
  /** The email the guest typed. */
  email?: string;
}

/** Whether the proof opens this booking as its guest's (the checks cost a query only for a manage token). */
export async function guestMaySee(
  pool: pg.Pool,
  booking: { bookingId: string; guestKeyHash: Buffer | null; email: string },
  proof: GuestProof,
  /** The hotel's date (a manage link expires by it). */
  today: string,
): Promise<boolean> {
  if (holdsGuestKey(proof.guestKey, booking.guestKeyHash)) return true;
  if (proof.email !== undefined && sameEmail(booking.email, proof.email)) return true;
  if (proof.manageToken === undefined) return false;
  return (await bookingOfManageToken(pool, proof.manageToken, today))?.bookingId === booking.bookingId;
}
