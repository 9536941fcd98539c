import { defaultFetchLimits } from './fetchFeed';
import type { FetchLimits } from './fetchFeed';

/** Channel calendars' settings (config.ts reads them: CHANNEL_SYNC_MINUTES, CHANNEL_FEEDS_ALLOW_PRIVATE). */
export interface ChannelSettings {
  /** How often each feed is read (default 10 minutes). */
  syncMinutes: number;
  /** The bounds on reading one (fetchFeed.ts). */
  fetch: FetchLimits;
}

export const defaultChannelSettings: ChannelSettings = { syncMinutes: 10, fetch: defaultFetchLimits };
