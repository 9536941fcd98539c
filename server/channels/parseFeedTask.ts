import type { MessagePort } from 'node:worker_threads';
import { FeedError } from './fetchFeed';
import { parseFeed } from './parseFeed';
import type { ParsedFeed, RepeatInProgress } from './parseFeed';

/**
 * What runs in the calendar worker thread (feedReader.ts): a calendar's text worked out into the
 * nights it blocks. It tells its progress on a port of its own: when it starts (the deadline
 * counts from then, not from a wait in the queue), and each repeating event it works out (named in
 * the reason when the deadline stops it).
 */
export interface ParseTask {
  text: string;
  hotelZone: string;
  today: string;
  until: string;
  progress: MessagePort;
}

export type ParseProgress = { kind: 'started' } | { kind: 'repeat'; event: RepeatInProgress };

/** An error loses its class between threads, so a calendar's fault comes back as its reason. */
export type ParseAnswer = { ok: true; feed: ParsedFeed } | { ok: false; reason: string };

export default function parseFeedTask({ text, hotelZone, today, until, progress }: ParseTask): ParseAnswer {
  const tell = (message: ParseProgress) => progress.postMessage(message);
  tell({ kind: 'started' });
  try {
    return { ok: true, feed: parseFeed(text, { hotelZone, today, until, onRepeat: (event) => tell({ kind: 'repeat', event }) }) };
  } catch (error) {
    if (error instanceof FeedError) return { ok: false, reason: error.message };
    return { ok: false, reason: `The calendar could not be read (${String((error as Error).message).slice(0, 200)}).` };
  }
}
