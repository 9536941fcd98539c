import type pg from 'pg';
import { findRoom } from '../../src/domain/rooms';
import type { SyncResult } from '../../src/domain/roomsWire';
import { lastCheckOut } from '../stayGate';
import { hotelTimeZone, hotelToday } from '../bookingRules';
import { applyFeed, claimDueFeed, recordFailure, toSyncResult } from '../db/channelQueries';
import type { Claim } from '../db/channelQueries';
import type { ChannelSettings } from './channelSettings';
import { readFeed } from './feedReader';
import { FeedError, fetchFeed } from './fetchFeed';

/**
 * Reading the channels' calendars: one feed at a time (fetch, parse, apply in one transaction),
 * on a schedule in every server instance and on demand (Sync now). Instances share the work
 * through the feeds' table: each claims the most overdue feed with FOR UPDATE SKIP LOCKED and moves
 * its next read on in the same statement, so every feed is read once per interval however many
 * instances run; two reads of one feed that overlap (Sync now during the schedule's) are applied
 * in the order they began, and an older one finishing last changes nothing.
 *
 * A feed's nights are read up to the hotel's booking horizon (BOOKING_HORIZON_DAYS): nothing
 * further ahead can be sold here, so nothing further ahead needs blocking.
 */

export const typeTitle = (typeId: string) => findRoom(typeId)?.title ?? typeId;

/** Reads and applies one claimed feed; a failure is recorded on the feed and changes nothing else. */
export async function syncClaimed(
  pool: pg.Pool,
  claim: Claim,
  settings: ChannelSettings,
  horizonDays: number,
  now: () => Date = () => new Date(),
): Promise<SyncResult> {
  const today = hotelToday(now());
  const failed = async (error: FeedError): Promise<SyncResult> => {
    await recordFailure(pool, claim.feedId, claim.startedAt, error.message);
    return { ok: false, error: error.message, events: 0, added: 0, changed: 0, removed: 0, moved: [], overbooked: [] };
  };
  let events;
  try {
    const text = await fetchFeed(claim.url, settings.fetch);
    const window = { hotelZone: hotelTimeZone(), today, until: lastCheckOut({ horizonDays }, today) };
    events = (await readFeed(text, window, settings.parseTimeoutMs)).events;
  } catch (error) {
    if (!(error instanceof FeedError)) throw error;
    return failed(error);
  }
  try {
    const applied = await applyFeed(pool, claim.feedId, claim.startedAt, events, today, typeTitle);
    return toSyncResult(applied, events.length);
  } catch (error) {
    // A value the database will not store (SQLSTATE class 22, data exception) is the calendar's fault.
    const { code, message } = error as { code?: string; message?: string };
    if (!code?.startsWith('22')) throw error;
    return failed(new FeedError(`The calendar holds something the database could not store (${message ?? code}). It was not read.`));
  }
}

export interface ChannelSync {
  /** Look for due feeds now. */
  wake(): void;
  /** Reads every feed due now, one after another; answers how many. For tests and the loop. */
  syncDue(): Promise<number>;
  /** Stops the loop and waits for the read in flight. */
  stop(): Promise<void>;
}

export interface ChannelSyncOptions {
  pool: pg.Pool;
  settings: ChannelSettings;
  /** The hotel's booking horizon (BOOKING_HORIZON_DAYS): how far ahead a feed's nights are read. */
  horizonDays: number;
  now?: () => Date;
  /** How often to look for due feeds (default 30 s). */
  pollMs?: number;
  /** After a sync queued an email (an overbooking): the outbox sender looks at once. */
  onQueued?: () => void;
  log?: (level: 'info' | 'warn' | 'error', message: string, detail?: Record<string, unknown>) => void;
}

export function startChannelSync(options: ChannelSyncOptions): ChannelSync {
  const { pool, settings } = options;
  const pollMs = options.pollMs ?? 30_000;
  const log = options.log ?? (() => undefined);
  let stopped = false;
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<unknown> = Promise.resolve();

  async function syncDue(): Promise<number> {
    let done = 0;
    while (!stopped) {
      const claim = await claimDueFeed(pool, settings.syncMinutes);
      if (!claim) break;
      const result = await syncClaimed(pool, claim, settings, options.horizonDays, options.now);
      done += 1;
      if (!result.ok) log('warn', 'channel feed failed', { feedId: claim.feedId, error: result.error });
      else if (result.overbooked.length) {
        log('warn', 'channel feed overbooked a night', { feedId: claim.feedId, overbooked: result.overbooked });
        options.onQueued?.();
      }
    }
    return done;
  }

  const schedule = (delay: number) => {
    if (stopped) return;
    timer = setTimeout(() => {
      timer = null;
      running = syncDue()
        .catch((error: Error) => log('error', 'channel sync failed', { error: error.message }))
        .finally(() => schedule(pollMs));
    }, delay);
    timer.unref();
  };
  schedule(0);

  return {
    wake() {
      if (timer) {
        clearTimeout(timer);
        schedule(0);
      }
    },
    syncDue,
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      await running.catch(() => undefined);
    },
  };
}
