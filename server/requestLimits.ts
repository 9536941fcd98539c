import { isIPv4, isIPv6 } from 'node:net';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type pg from 'pg';
import { countOf } from '../src/domain/words';

/**
 * Rate limits every server instance shares: counted in PostgreSQL (take_rate_limits, migration
 * 006), so N instances behind one proxy allow what one does.
 */

/** What the hotel may set (README, "Security (hotel mode)"); readConfig reads them from the environment. */
export interface RequestLimits {
  /** New bookings one address may make per hour, and per day. */
  bookingsPerAddressPerHour: number;
  bookingsPerAddressPerDay: number;
  /** New bookings one email address may receive per day. */
  bookingsPerEmailPerDay: number;
  /** Booking lookups (GET by ID, lookup, email change) per address per minute. */
  lookupsPerMinute: number;
  /** How far ahead a stay may end, in days from the hotel's today. */
  horizonDays: number;
  /** Rooms x nights one booking may hold. */
  maxRoomNights: number;
}

export const defaultLimits: RequestLimits = {
  bookingsPerAddressPerHour: 5,
  bookingsPerAddressPerDay: 10,
  bookingsPerEmailPerDay: 5,
  lookupsPerMinute: 30,
  horizonDays: 365,
  maxRoomNights: 42,
};

function expandIPv6(address: string): number[] | null {
  const [head, tail, ...rest] = address.split('::');
  if (rest.length > 0) return null;
  const part = (text: string | undefined) => (text ? text.split(':') : []);
  const left = part(head);
  const right = part(tail);
  const missing = 8 - left.length - right.length;
  if (tail === undefined ? missing !== 0 : missing < 1) return null;
  const groups = [...left, ...new Array<string>(tail === undefined ? 0 : missing).fill('0'), ...right].map((group) => parseInt(group, 16));
  return groups.length === 8 && groups.every((group) => Number.isInteger(group) && group >= 0 && group <= 0xffff) ? groups : null;
}

/**
 * The address a limit counts: an IPv4 address as it is (also when written IPv4-mapped), an IPv6
 * address as its /64 network, since one connection usually holds a whole /64 and could otherwise
 * take a fresh address for every request.
 */
export function addressKey(ip: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip)?.[1];
  if (mapped && isIPv4(mapped)) return mapped;
  if (!isIPv6(ip)) return ip;
  const groups = expandIPv6(ip.split('%')[0]!);
  if (!groups) return ip;
  return `${groups
    .slice(0, 4)
    .map((group) => group.toString(16))
    .join(':')}::/64`;
}

export interface Limit {
  key: string;
  max: number;
  windowSeconds: number;
}

/**
 * Takes one hit on every limit, or none when any is at its maximum: then the seconds until that
 * one's window ends and its key. `unlessDraft`: a confirm whose draft is already stored is a
 * retry, answered with its booking, and takes nothing.
 */
export async function takeLimits(db: pg.Pool, limits: Limit[], unlessDraft?: string): Promise<{ waitSeconds: number; key: string } | null> {
  const { rows } = await db.query<{ wait_seconds: number; limited_key: string | null }>({
    name: 'take-rate-limits',
    text: 'SELECT wait_seconds, limited_key FROM take_rate_limits($1::text[], $2::int[], $3::int[], $4::uuid)',
    values: [
      limits.map((limit) => limit.key),
      limits.map((limit) => limit.max),
      limits.map((limit) => limit.windowSeconds),
      unlessDraft ?? null,
    ],
  });
  const row = rows[0];
  return row && row.wait_seconds > 0 ? { waitSeconds: row.wait_seconds, key: row.limited_key ?? '' } : null;
}

/** Counters whose window has ended (housekeeping, with the sessions' purge). */
export async function purgeRateLimits(db: pg.Pool): Promise<void> {
  await db.query('DELETE FROM rate_limits WHERE window_end < now()');
}

/** "37 minutes", "1 hour", "12 seconds": how long a guest waits, for a message. */
export function waitWords(seconds: number): string {
  if (seconds < 90) return countOf(seconds, 'second');
  if (seconds <= 3600) return countOf(Math.ceil(seconds / 60), 'minute');
  return countOf(Math.ceil(seconds / 3600), 'hour');
}

/**
 * The hook in front of every read of a booking by what names it (its ID, a manage link, the
 * guest's key: routes/bookings.ts, manage.ts, payments.ts): one counter per address that all of
 * them share, so that walking the 900,000 IDs takes weeks however many instances run.
 */
export function lookupLimit(db: pg.Pool, perMinute: number) {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    const limited = await takeLimits(db, [{ key: `lookup:${addressKey(request.ip)}`, max: perMinute, windowSeconds: 60 }]);
    if (limited)
      return reply
        .code(429)
        .header('Retry-After', String(limited.waitSeconds))
        .send({
          error: 'Too Many Requests',
          message: `Too many booking lookups from this address. Try again in ${waitWords(limited.waitSeconds)}.`,
        });
  };
}
