import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type pg from 'pg';
import { addDays } from '../../src/domain/dates';
import { manageTokenPattern } from '../../src/domain/wire';

/**
 * The guest's manage link: `<PUBLIC_URL>/manage#<token>`, the token being
 * `<bookingId>.<version>.<HMAC-SHA256 of both, base64url>` under a 32-byte key kept in the
 * database (server_secrets), so that every instance signs alike and nothing about a token is
 * stored. It opens its booking until `linkValidDays` after check-out; raising the booking's
 * manage_version (an email change) ends every earlier link.
 */
export const linkValidDays = 30;

const secrets = new WeakMap<pg.Pool, Promise<Buffer>>();

/** The key, written by the first instance that needs it (any instance after reads the same). */
export function manageSecret(pool: pg.Pool): Promise<Buffer> {
  let secret = secrets.get(pool);
  if (!secret) {
    secret = (async () => {
      await pool.query(`INSERT INTO server_secrets (name, value) VALUES ('manage-link', $1) ON CONFLICT (name) DO NOTHING`, [
        randomBytes(32),
      ]);
      const { rows } = await pool.query<{ value: Buffer }>(`SELECT value FROM server_secrets WHERE name = 'manage-link'`);
      return rows[0]!.value;
    })();
    secret.catch(() => secrets.delete(pool));
    secrets.set(pool, secret);
  }
  return secret;
}

function mac(secret: Buffer, bookingId: string, version: number): Buffer {
  return createHmac('sha256', secret).update(`manage-link:${bookingId}:${version}`).digest();
}

export function manageToken(secret: Buffer, bookingId: string, version: number): string {
  return `${bookingId}.${version}.${mac(secret, bookingId, version).toString('base64url')}`;
}

export function manageUrl(publicUrl: string, token: string): string {
  return `${publicUrl.replace(/\/+$/, '')}/manage#${token}`;
}

/** The booking ID and version a token claims when its signature is right; null for anything else. */
export function readManageToken(secret: Buffer, token: unknown): { bookingId: string; version: number } | null {
  if (typeof token !== 'string') return null;
  const parts = manageTokenPattern.exec(token);
  if (!parts) return null;
  const bookingId = parts[1]!;
  const version = Number(parts[2]);
  // Compared as the text the hotel sent: decoding would also take the other spellings of the same
  // bytes (the last character's two unused bits), so a changed link could still open the booking.
  const given = Buffer.from(parts[3]!);
  const expected = Buffer.from(mac(secret, bookingId, version).toString('base64url'));
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  return { bookingId, version };
}

/** The last day a link opens its booking: linkValidDays after check-out. */
export function linkValidUntil(checkOut: string): string {
  return addDays(checkOut, linkValidDays);
}
