import type pg from 'pg';
import { addDays } from '../../src/domain/dates';
import type { CalendarBlock } from '../../src/domain/calendar';
import type { ChannelLogEntry, FeedEntry, SyncResult } from '../../src/domain/roomsWire';
import { inTransaction } from './database';
import { roomOrder } from './roomQueries';
import { countOf } from '../../src/domain/words';
import { longDate } from '../../src/domain/dateWords';

/**
 * Channel calendars (issue 38, migration 041): the feeds the owner added per room, claiming them
 * for a sync (any number of server instances), applying what was read (apply_channel_feed,
 * functions/channels.sql), the log, and the calendars we publish for channels to read.
 */

type Queryable = pg.Pool | pg.PoolClient;

interface FeedRow {
  id: string;
  room: string;
  label: string;
  url: string;
  export_token: string;
  export_read_at: Date | null;
  created_at: Date;
  last_fetch_at: Date | null;
  last_success_at: Date | null;
  event_count: number | null;
  last_error: string | null;
}

const feedColumns =
  'id, room, label, url, export_token, export_read_at, created_at, last_fetch_at, last_success_at, event_count, last_error';

/** The address a calendar token is read at. */
export const calendarUrl = (publicUrl: string, token: string) => `${publicUrl}/api/calendars/${token}.ics`;

function toFeed(row: FeedRow, publicUrl: string): FeedEntry {
  return {
    id: Number(row.id),
    label: row.label,
    url: row.url,
    exportUrl: calendarUrl(publicUrl, row.export_token),
    createdAt: row.created_at.toISOString(),
    lastFetchAt: row.last_fetch_at?.toISOString() ?? null,
    lastSuccessAt: row.last_success_at?.toISOString() ?? null,
    eventCount: row.event_count,
    lastError: row.last_error,
    exportReadAt: row.export_read_at?.toISOString() ?? null,
  };
}

export async function findFeed(db: Queryable, feedId: number, publicUrl: string): Promise<FeedEntry | null> {
  const { rows } = await db.query<FeedRow>(`SELECT ${feedColumns} FROM channel_feeds WHERE id = $1`, [feedId]);
  return rows[0] ? toFeed(rows[0], publicUrl) : null;
}

export type AddFeedOutcome = { outcome: 'added'; feedId: number } | { outcome: 'missing' } | { outcome: 'duplicate' };

/** A channel's calendar for a room (read at once by the caller, then on the schedule). */
export async function addFeed(db: pg.Pool, roomId: number, label: string, url: string): Promise<AddFeedOutcome> {
  try {
    return await inTransaction(db, async (client) => {
      const room = await client.query<{ number: string }>('SELECT number FROM rooms WHERE id = $1 AND retired_at IS NULL FOR SHARE', [
        roomId,
      ]);
      if (!room.rows[0]) return { outcome: 'missing' as const };
      const { rows } = await client.query<{ id: string }>('INSERT INTO channel_feeds (room, label, url) VALUES ($1, $2, $3) RETURNING id', [
        roomId,
        label,
        url,
      ]);
      const feedId = Number(rows[0]!.id);
      await log(client, feedId, room.rows[0].number, label, 'added', `${label}'s calendar added for room ${room.rows[0].number}.`);
      return { outcome: 'added' as const, feedId };
    });
  } catch (error) {
    if ((error as { code?: string }).code === '23505') return { outcome: 'duplicate' };
    throw error;
  }
}

async function log(
  client: Queryable,
  feedId: number | null,
  roomNumber: string | null,
  label: string | null,
  kind: string,
  message: string,
) {
  await client.query('INSERT INTO channel_log (feed_id, room_number, feed_label, kind, message) VALUES ($1, $2, $3, $4, $5)', [
    feedId,
    roomNumber,
    label,
    kind,
    message,
  ]);
}

/** What a read of a feed did, as apply_channel_feed answers it. */
interface Applied {
  applied: boolean;
  reason?: 'gone' | 'stale';
  added: number;
  changed: number;
  removed: number;
  moved: Array<{ bookingId: string; nights: string[]; to: string }>;
  overbooked: Array<{ bookingId: string | null; nights: string[] }>;
}

export interface FeedEvent {
  uid: string;
  firstNight: string;
  endNight: string;
  summary: string;
}

const nightsText = (nights: readonly string[]) =>
  nights.length <= 3
    ? nights.map((night) => longDate(night)).join(', ')
    : `${longDate(nights[0]!)} to ${longDate(nights[nights.length - 1]!)}`;

/**
 * Applies a read of a feed in one transaction: the blocks, the moves of bookings they land on, the
 * owner's email of an overbooking (all in apply_channel_feed), and the log's lines. A deadlock with
 * a confirm taking the same nights from the other end is tried again.
 */
export async function applyFeed(
  db: pg.Pool,
  feedId: number,
  startedAt: Date,
  events: readonly FeedEvent[],
  today: string,
  title: (typeId: string) => string,
): Promise<Applied> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await inTransaction(db, async (client) => {
        const { rows } = await client.query<{ result: Applied }>(
          'SELECT apply_channel_feed($1, $2, $3::text[], $4::date[], $5::date[], $6::text[], $7::date) AS result',
          [
            feedId,
            startedAt,
            events.map((e) => e.uid),
            events.map((e) => e.firstNight),
            events.map((e) => e.endNight),
            events.map((e) => e.summary),
            today,
          ],
        );
        const result = rows[0]!.result;
        if (!result.applied) return { ...result, added: 0, changed: 0, removed: 0, moved: [], overbooked: [] };
        const feed = await client.query<{ label: string; number: string; type_id: string }>(
          'SELECT f.label, r.number, r.type_id FROM channel_feeds f JOIN rooms r ON r.id = f.room WHERE f.id = $1',
          [feedId],
        );
        const { label, number, type_id: typeId } = feed.rows[0]!;
        if (result.added + result.changed + result.removed > 0)
          await log(
            client,
            feedId,
            number,
            label,
            'synced',
            `${countOf(events.length, 'event')} read: ${result.added} new, ${result.changed} changed, ${result.removed} gone.`,
          );
        for (const move of result.moved)
          await log(
            client,
            feedId,
            number,
            label,
            'moved',
            `Booking ${move.bookingId} moved from room ${number} to room ${move.to} (${nightsText(move.nights)}): ${label} sold room ${number}.`,
          );
        for (const over of result.overbooked)
          await log(
            client,
            feedId,
            number,
            label,
            'overbooked',
            over.bookingId
              ? `Overbooked: ${label} sold room ${number} for ${nightsText(over.nights)}, which booking ${over.bookingId} holds, and no other ${title(typeId)} is free.`
              : `Overbooked: ${label} sold room ${number} for ${nightsText(over.nights)}, and the ${title(typeId)}s taken are more than the hotel has.`,
          );
        return result;
      });
    } catch (error) {
      if ((error as { code?: string }).code === '40P01' && attempt < 3) continue;
      throw error;
    }
  }
}

/** A failed read: the feed shows why, and nothing else changes. Logged when the reason is new. */
export async function recordFailure(db: pg.Pool, feedId: number, startedAt: Date, message: string): Promise<void> {
  await inTransaction(db, async (client) => {
    const { rows } = await client.query<{ last_error: string | null; label: string; number: string }>(
      `UPDATE channel_feeds f SET last_error = $3
         FROM rooms r, (SELECT last_error FROM channel_feeds WHERE id = $1 FOR NO KEY UPDATE) AS before
        WHERE f.id = $1 AND r.id = f.room AND (f.applied_from IS NULL OR f.applied_from < $2)
        RETURNING before.last_error, f.label, r.number`,
      [feedId, startedAt, message],
    );
    const row = rows[0];
    if (row && row.last_error !== message) await log(client, feedId, row.number, row.label, 'failed', message);
  });
}

export interface Claim {
  feedId: number;
  url: string;
  /** The database's clock when the read was claimed: it orders reads of one feed, whichever instance made them. */
  startedAt: Date;
}

/**
 * The feed most overdue, claimed for this instance: its next read is moved on by the interval in
 * the same statement, so another instance (which skips the row while it is locked) takes the next
 * one instead. Null when none is due.
 */
export async function claimDueFeed(db: Queryable, intervalMinutes: number): Promise<Claim | null> {
  const { rows } = await db.query<{ id: string; url: string; started_at: Date }>(
    `UPDATE channel_feeds f SET next_fetch_at = now() + make_interval(mins => $1), last_fetch_at = now()
      WHERE f.id = (SELECT id FROM channel_feeds WHERE next_fetch_at <= now() ORDER BY next_fetch_at, id LIMIT 1 FOR NO KEY UPDATE SKIP LOCKED)
      RETURNING f.id, f.url, now() AS started_at`,
    [intervalMinutes],
  );
  return rows[0] ? { feedId: Number(rows[0].id), url: rows[0].url, startedAt: rows[0].started_at } : null;
}

/** "Sync now": this feed, claimed at once (its scheduled read moves on by the interval). */
export async function claimFeed(db: Queryable, feedId: number, intervalMinutes: number): Promise<Claim | null> {
  const { rows } = await db.query<{ id: string; url: string; started_at: Date }>(
    `UPDATE channel_feeds SET next_fetch_at = now() + make_interval(mins => $2), last_fetch_at = now()
      WHERE id = $1 RETURNING id, url, now() AS started_at`,
    [feedId, intervalMinutes],
  );
  return rows[0] ? { feedId: Number(rows[0].id), url: rows[0].url, startedAt: rows[0].started_at } : null;
}

/** Removes a feed: its blocks are released first (their nights free again), in one transaction. */
export async function removeFeed(db: pg.Pool, feedId: number, today: string): Promise<boolean> {
  return inTransaction(db, async (client) => {
    const { rows } = await client.query<{ label: string; number: string }>(
      'SELECT f.label, r.number FROM channel_feeds f JOIN rooms r ON r.id = f.room WHERE f.id = $1',
      [feedId],
    );
    if (!rows[0]) return false;
    await client.query(`SELECT apply_channel_feed($1, 'infinity', '{}', '{}', '{}', '{}', $2::date)`, [feedId, today]);
    await client.query('DELETE FROM channel_blocks WHERE feed_id = $1', [feedId]);
    await client.query('DELETE FROM channel_feeds WHERE id = $1', [feedId]);
    await log(
      client,
      feedId,
      rows[0].number,
      rows[0].label,
      'removed',
      `${rows[0].label}'s calendar removed from room ${rows[0].number}; its nights are free again.`,
    );
    return true;
  });
}

export async function replaceFeedToken(db: Queryable, feedId: number): Promise<boolean> {
  const { rowCount } = await db.query(
    `UPDATE channel_feeds SET export_token = translate(gen_random_uuid()::text || gen_random_uuid()::text, '-', ''), export_read_at = NULL WHERE id = $1`,
    [feedId],
  );
  return (rowCount ?? 0) > 0;
}

export async function replaceTypeToken(db: Queryable, typeId: string): Promise<boolean> {
  const { rowCount } = await db.query(
    `UPDATE room_types SET calendar_token = translate(gen_random_uuid()::text || gen_random_uuid()::text, '-', '') WHERE room_id = $1`,
    [typeId],
  );
  return (rowCount ?? 0) > 0;
}

export interface ChannelRoomRow {
  id: number;
  number: string;
  typeId: string;
  calendarToken: string;
  feeds: FeedEntry[];
}

/** Every room in use with its calendar token and its feeds; every type with its token. */
export async function channelsOverview(db: Queryable, publicUrl: string) {
  const [rooms, feeds, types] = await Promise.all([
    db.query<{ id: string; number: string; type_id: string; calendar_token: string }>(
      `SELECT r.id, r.number, r.type_id, r.calendar_token FROM rooms r WHERE r.retired_at IS NULL ORDER BY r.type_id, ${roomOrder}`,
    ),
    db.query<FeedRow>(`SELECT ${feedColumns} FROM channel_feeds ORDER BY lower(label), id`),
    db.query<{ room_id: string; calendar_token: string }>('SELECT room_id, calendar_token FROM room_types ORDER BY room_id'),
  ]);
  const byRoom = new Map<string, FeedEntry[]>();
  for (const row of feeds.rows) byRoom.set(row.room, [...(byRoom.get(row.room) ?? []), toFeed(row, publicUrl)]);
  return {
    rooms: rooms.rows.map<ChannelRoomRow>((row) => ({
      id: Number(row.id),
      number: row.number,
      typeId: row.type_id,
      calendarToken: row.calendar_token,
      feeds: byRoom.get(row.id) ?? [],
    })),
    types: types.rows.map((row) => ({ typeId: row.room_id, calendarToken: row.calendar_token })),
  };
}

export async function channelLog(db: Queryable, limit = 100): Promise<ChannelLogEntry[]> {
  const { rows } = await db.query<{ at: Date; room_number: string | null; feed_label: string | null; kind: string; message: string }>(
    'SELECT at, room_number, feed_label, kind, message FROM channel_log ORDER BY id DESC LIMIT $1',
    [limit],
  );
  return rows.map((row) => ({
    at: row.at.toISOString(),
    roomNumber: row.room_number,
    feedLabel: row.feed_label,
    kind: row.kind,
    message: row.message,
  }));
}

/** Log lines older than 90 days go (housekeeping). */
export async function purgeChannelLog(db: Queryable): Promise<void> {
  await db.query(`DELETE FROM channel_log WHERE at < now() - interval '90 days'`);
}

export function toSyncResult(applied: Applied, events: number): SyncResult {
  return {
    ok: true,
    error: null,
    events,
    added: applied.added,
    changed: applied.changed,
    removed: applied.removed,
    moved: applied.moved,
    overbooked: applied.overbooked,
  };
}

/* ---- The calendars we publish ---- */

export interface PublishedCalendar {
  name: string;
  events: CalendarBlock[];
}

/**
 * The calendar a token opens, or null: a room's (every night it holds: bookings from here and
 * every channel's blocks), a feed's (the room's, less that channel's own blocks: a channel's block
 * sent back to it would outlive its cancellation there; reading it is noted, for telling echoes),
 * or a room type's (the nights no room of the type is left, a year ahead).
 *
 * A booking's run of nights on the room is one event, UID `<bookingId>-room<room id>@<host>`, so
 * the same stay keeps its UID when its dates change; a block's run is `block<id>@<host>`. Only
 * runs that end after `today` are in it. SUMMARY names no guest: an address that leaks shows only
 * when the room is taken.
 */
export async function publishedCalendar(
  db: pg.Pool,
  token: string,
  today: string,
  host: string,
  title: (typeId: string) => string,
): Promise<PublishedCalendar | null> {
  return inTransaction(db, async (client) => {
    const room = await client.query<{ id: string; number: string; type_id: string; feed_id: string | null; label: string | null }>(
      `SELECT r.id, r.number, r.type_id, NULL::bigint AS feed_id, NULL::text AS label FROM rooms r WHERE r.calendar_token = $1 AND r.retired_at IS NULL
       UNION ALL
       SELECT r.id, r.number, r.type_id, f.id, f.label FROM channel_feeds f JOIN rooms r ON r.id = f.room WHERE f.export_token = $1`,
      [token],
    );
    const found = room.rows[0];
    if (found) {
      if (found.feed_id) await client.query('UPDATE channel_feeds SET export_read_at = now() WHERE id = $1', [found.feed_id]);
      return {
        name: `${title(found.type_id)} ${found.number}${found.label ? ` (for ${found.label})` : ''}`,
        events: await roomEvents(client, Number(found.id), found.feed_id === null ? null : Number(found.feed_id), today, host),
      };
    }
    const type = await client.query<{ room_id: string }>('SELECT room_id FROM room_types WHERE calendar_token = $1', [token]);
    const typeId = type.rows[0]?.room_id;
    if (!typeId) return null;
    return { name: `${title(typeId)}s`, events: await typeEvents(client, typeId, today, host, title(typeId)) };
  });
}

async function roomEvents(client: pg.PoolClient, roomId: number, withoutFeed: number | null, today: string, host: string) {
  const { rows } = await client.query<{
    kind: 'booking' | 'block';
    key: string;
    first: string;
    end_day: string;
    label: string | null;
    run: number;
  }>(
    `WITH nights AS (
       SELECT 'booking' AS kind, p.booking_id AS key, p.night, NULL::text AS label FROM room_placements p WHERE p.room = $1
       UNION ALL
       SELECT 'block', k.block_id::text, k.night, f.label
         FROM channel_block_nights k JOIN channel_blocks b ON b.id = k.block_id JOIN channel_feeds f ON f.id = b.feed_id
        WHERE k.room = $1 AND NOT k.echo AND f.id IS DISTINCT FROM $2::bigint
     ), runs AS (
       SELECT kind, key, label, night - (row_number() OVER (PARTITION BY kind, key ORDER BY night))::int AS run_key, night FROM nights
     ), grouped AS (
       SELECT kind, key, min(label) AS label, min(night) AS first, max(night) + 1 AS end_day FROM runs GROUP BY kind, key, run_key
     )
     SELECT kind, key, to_char(first, 'YYYY-MM-DD') AS first, to_char(end_day, 'YYYY-MM-DD') AS end_day, label,
            row_number() OVER (PARTITION BY kind, key ORDER BY first)::int AS run
       FROM grouped WHERE end_day > $3::date ORDER BY first, kind, key`,
    [roomId, withoutFeed, today],
  );
  return rows.map<CalendarBlock>((row) => {
    const suffix = row.run > 1 ? `-${row.run}` : '';
    return row.kind === 'booking'
      ? { uid: `${row.key}-room${roomId}${suffix}@${host}`, first: row.first, end: row.end_day, summary: `Booked (${row.key})` }
      : {
          uid: `block${row.key}-room${roomId}${suffix}@${host}`,
          first: row.first,
          end: row.end_day,
          summary: `Not available (${row.label})`,
        };
  });
}

async function typeEvents(client: pg.PoolClient, typeId: string, today: string, host: string, title: string) {
  const { rows } = await client.query<{ first: string; end_day: string }>(
    `WITH full_nights AS (
       SELECT n.night FROM room_nights n JOIN room_types t ON t.room_id = n.room_id
        WHERE n.room_id = $1 AND n.night >= $2::date AND n.night < $3::date AND n.booked + n.blocked + n.out_of_service >= t.rooms
       UNION
       SELECT d::date FROM room_types t, generate_series($2::date, $3::date - 1, interval '1 day') AS d WHERE t.room_id = $1 AND t.rooms = 0
     ), runs AS (
       SELECT night, night - (row_number() OVER (ORDER BY night))::int AS run_key FROM full_nights
     )
     SELECT to_char(min(night), 'YYYY-MM-DD') AS first, to_char(max(night) + 1, 'YYYY-MM-DD') AS end_day FROM runs GROUP BY run_key ORDER BY 1`,
    [typeId, today, addDays(today, 366)],
  );
  return rows.map<CalendarBlock>((row) => ({
    uid: `${typeId}-${row.first}@${host}`,
    first: row.first,
    end: row.end_day,
    summary: `No ${title}s left`,
  }));
}
