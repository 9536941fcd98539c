import { defaultFetchLimits } from './fetchFeed';
import type { FetchLimits } from './fetchFeed';

/** Channel calendars' settings (config.ts reads them: CHANNEL_SYNC_MINUTES, CHANNEL_FEEDS_ALLOW_PRIVATE, CHANNEL_PARSE_SECONDS). */
export interface ChannelSettings {
  /** How often each feed is read (default 10 minutes). */
  syncMinutes: number;
  /** The bounds on reading one (fetchFeed.ts). */
  fetch: FetchLimits;
  /** How long working out one calendar's events may take once fetched (feedReader.ts; default 10 s). */
  parseTimeoutMs: number;
}

export const defaultChannelSettings: ChannelSettings = { syncMinutes: 10, fetch: defaultFetchLimits, parseTimeoutMs: 10_000 };
