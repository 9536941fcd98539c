import { createHash, randomBytes } from 'node:crypto';
import type pg from 'pg';
import { inTransaction } from '../db/database';
import { hashPassword } from './passwords';
import { lookAlike } from './staffNames';

/** SQL for admin accounts, sessions and sign-in throttling (tables from migration 002). */

export const sessionIdleHours = 24;

export function sha256(text: string): Buffer {
  return createHash('sha256').update(text).digest();
}

export async function adminCount(db: pg.Pool): Promise<number> {
  const { rows } = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM admins');
  return rows[0]?.n ?? 0;
}

export async function passwordHashOf(db: pg.Pool, username: string): Promise<string | null> {
  const { rows } = await db.query<{ password_hash: string }>('SELECT password_hash FROM admins WHERE username = $1', [username]);
  return rows[0]?.password_hash ?? null;
}

/**
 * Creates the account (an owner: `npm run admin:password` is the owner's tool; front-desk staff
 * are added by an owner, addStaff) or sets its password; every session of that account ends.
 */
export async function setAdminPassword(db: pg.Pool, username: string, password: string, role: StaffRole = 'owner'): Promise<void> {
  const hash = await hashPassword(password);
  await db.query(
    `INSERT INTO admins (username, password_hash, role) VALUES ($1, $2, $3)
     ON CONFLICT (username) DO UPDATE SET password_hash = excluded.password_hash, updated_at = now()`,
    [username, hash, role],
  );
  await db.query('DELETE FROM admin_sessions WHERE username = $1', [username]);
}

export interface StaffMember {
  username: string;
  role: StaffRole;
  createdAt: string;
  /** Sessions in use within the idle limit (devices signed in). */
  sessions: number;
}

export async function listStaff(db: pg.Pool): Promise<StaffMember[]> {
  const { rows } = await db.query<{ username: string; role: StaffRole; created_at: Date; sessions: number }>(
    `SELECT a.username, a.role, a.created_at,
            (SELECT count(*) FROM admin_sessions s
              WHERE s.username = a.username AND s.last_seen > now() - make_interval(hours => $1))::int AS sessions
       FROM admins a ORDER BY a.role DESC, lower(a.username)`,
    [sessionIdleHours],
  );
  return rows.map((row) => ({ username: row.username, role: row.role, createdAt: row.created_at.toISOString(), sessions: row.sessions }));
}

/** The names of everyone who can sign in. */
export async function staffNames(db: pg.Pool): Promise<string[]> {
  const { rows } = await db.query<{ username: string }>('SELECT username FROM admins');
  return rows.map((row) => row.username);
}

/**
 * A new person; or the existing name this one is taken by or would be mistaken for on screen (any
 * letter case, look-alike letters: staffNames.ts). The caller has checked the name's alphabet.
 */
export async function addStaff(
  db: pg.Pool,
  username: string,
  password: string,
  role: StaffRole,
): Promise<{ added: true } | { added: false; existing: string }> {
  const existing = lookAlike(username, await staffNames(db));
  if (existing !== null) return { added: false, existing };
  const hash = await hashPassword(password);
  try {
    const { rowCount } = await db.query('INSERT INTO admins (username, password_hash, role) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING', [
      username,
      hash,
      role,
    ]);
    if (rowCount === 1) return { added: true };
  } catch (error) {
    if ((error as { code?: string }).code !== '23505') throw error;
  }
  // Added meanwhile in another letter case by another request.
  return { added: false, existing: lookAlike(username, await staffNames(db)) ?? username };
}

/** Removes the person; their sessions go with them (ON DELETE CASCADE), on every instance at once. */
export async function removeStaff(db: pg.Pool, username: string): Promise<boolean> {
  const { rowCount } = await db.query('DELETE FROM admins WHERE username = $1', [username]);
  return rowCount === 1;
}

/**
 * A new password for the person: every session of theirs ends, but for `keepToken` (an owner
 * changing their own password stays signed in on the device that changed it). False: no such person.
 */
export async function setStaffPassword(db: pg.Pool, username: string, password: string, keepToken?: string): Promise<boolean> {
  const hash = await hashPassword(password);
  return inTransaction(db, async (client) => {
    const { rowCount } = await client.query('UPDATE admins SET password_hash = $2, updated_at = now() WHERE username = $1', [
      username,
      hash,
    ]);
    if (rowCount !== 1) return false;
    await client.query('DELETE FROM admin_sessions WHERE username = $1 AND token_hash IS DISTINCT FROM $2', [
      username,
      keepToken ? sha256(keepToken) : null,
    ]);
    return true;
  });
}

export type StaffRole = 'owner' | 'desk';

export interface AdminSession {
  username: string;
  csrfToken: string;
  /** Read with the session on every request: a changed role counts at once. */
  role: StaffRole;
}

export async function createSession(db: pg.Pool, username: string): Promise<AdminSession & { token: string }> {
  const token = randomBytes(32).toString('base64url');
  const csrfToken = randomBytes(32).toString('base64url');
  const { rows } = await db.query<{ role: StaffRole }>(
    `WITH made AS (INSERT INTO admin_sessions (token_hash, username, csrf_token) VALUES ($1, $2, $3) RETURNING username)
     SELECT a.role FROM admins a JOIN made USING (username)`,
    [sha256(token), username, csrfToken],
  );
  return { token, username, csrfToken, role: rows[0]?.role ?? 'desk' };
}

/**
 * The session behind a cookie, if it was used within the idle limit; use extends it. Writing
 * last_seen on every admin request made each search wait for a row lock and a WAL flush (50
 * requests at once from one dashboard queue on the same row), so it is written at most once a
 * minute: the idle limit is a day, a minute's slack in it changes nothing.
 */
export async function touchSession(db: pg.Pool, token: string): Promise<AdminSession | null> {
  const tokenHash = sha256(token);
  // A named statement: every admin request runs it, and its plan never changes.
  const { rows } = await db.query<{ username: string; csrf_token: string; stale: boolean; role: StaffRole }>({
    name: 'admin-session',
    text: `SELECT s.username, s.csrf_token, s.last_seen < now() - make_interval(secs => $3) AS stale, a.role
             FROM admin_sessions s JOIN admins a USING (username)
            WHERE s.token_hash = $1 AND s.last_seen > now() - make_interval(hours => $2)`,
    values: [tokenHash, sessionIdleHours, sessionTouchSeconds],
  });
  const row = rows[0];
  if (!row) return null;
  if (row.stale) await db.query('UPDATE admin_sessions SET last_seen = now() WHERE token_hash = $1', [tokenHash]);
  return { username: row.username, csrfToken: row.csrf_token, role: row.role };
}

/** How stale last_seen may get before a request writes it again. */
export const sessionTouchSeconds = 60;

export async function endSession(db: pg.Pool, token: string): Promise<void> {
  await db.query('DELETE FROM admin_sessions WHERE token_hash = $1', [sha256(token)]);
}

export async function purgeIdleSessions(db: pg.Pool): Promise<void> {
  await db.query('DELETE FROM admin_sessions WHERE last_seen < now() - make_interval(hours => $1)', [sessionIdleHours]);
}

/** Free tries before the delay starts, and how it grows: 1 s, 2 s, 4 s … up to 15 minutes. */
export const freeTries = 5;
export function delayAfter(failures: number): number {
  if (failures < freeTries) return 0;
  return Math.min(2 ** (failures - freeTries), 900);
}

/** Advisory-lock class for sign-in keys (two-number locks never meet migrate.ts's one-number lock). */
const signInLock = 7_311_002;

/**
 * Takes one sign-in try for these keys and counts it at once, or says how many seconds until a try
 * is allowed (0: this one may go ahead). Guesses sent at the same moment take turns on a lock per
 * key, so they cannot all pass the check before the first failure is counted; a throttled try is
 * not counted. A success takes its own try back (noteSuccess).
 */
export async function claimTry(db: pg.Pool, keys: string[]): Promise<number> {
  // One lock order for every caller, so that two tries never wait for each other's locks.
  const sorted = [...new Set(keys)].sort();
  return inTransaction(db, async (client) => {
    for (const key of sorted) await client.query('SELECT pg_advisory_xact_lock($1, hashtext($2))', [signInLock, key]);
    // clock_timestamp, not now(): now() is when this transaction began, before it waited for the lock.
    const { rows } = await client.query<{ failures: number; since: number }>(
      'SELECT failures, extract(epoch FROM clock_timestamp() - last_failure)::float8 AS since FROM sign_in_failures WHERE key = ANY($1)',
      [sorted],
    );
    const wait = Math.max(0, ...rows.map((row) => Math.ceil(delayAfter(row.failures) - row.since)));
    if (wait > 0) return wait;
    await client.query(
      `INSERT INTO sign_in_failures (key, failures, last_failure) SELECT k, 1, clock_timestamp() FROM unnest($1::text[]) AS k
       ON CONFLICT (key) DO UPDATE SET failures = sign_in_failures.failures + 1, last_failure = clock_timestamp()`,
      [sorted],
    );
    return 0;
  });
}

/**
 * A checked try was wrong: the delay runs from now, the answer, not from when the try was claimed
 * (scrypt takes its time, longer on a busy machine, and the delay is between answers).
 */
export async function noteFailure(db: pg.Pool, keys: string[]): Promise<void> {
  await db.query('UPDATE sign_in_failures SET last_failure = clock_timestamp() WHERE key = ANY($1)', [keys]);
}

/**
 * A right password. The name's count from this address ends (`forgiven`: that pair is proven),
 * and the try claimTry counted is taken back from the other keys (`uncounted`: the address), whose
 * earlier failures stay: signing in to one's own account must not buy an address five more guesses
 * at the other names (issue 35).
 */
export async function noteSuccess(db: pg.Pool, forgiven: string[], uncounted: string[]): Promise<void> {
  await db.query(
    `WITH back AS (
       UPDATE sign_in_failures SET failures = failures - 1 WHERE key = ANY($2) RETURNING key, failures
     )
     DELETE FROM sign_in_failures WHERE key = ANY($1) OR key IN (SELECT key FROM back WHERE failures <= 0)`,
    [forgiven, uncounted],
  );
}
