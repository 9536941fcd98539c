import path from 'node:path';
import { MessageChannel } from 'node:worker_threads';
import { Piscina } from 'piscina';
import { longDate } from '../../src/domain/dateWords';
import { FeedError } from './fetchFeed';
import type { ParsedFeed, RepeatInProgress } from './parseFeed';
import type { ParseAnswer, ParseProgress, ParseTask } from './parseFeedTask';

/**
 * Works out a fetched calendar's events off the server's event loop. ical.js runs synchronously,
 * and some calendars make it run for ever (a repeat rule that never falls on a date) or for
 * seconds (thousands of repeats from centuries ago): on the event loop, that stops every request.
 * So the work runs in a worker thread (piscina), which is terminated at the deadline, with a
 * memory cap of its own; the feed then fails with the reason, like one that could not be fetched.
 *
 * One thread per server process, kept a minute after its last calendar, at a lower priority than
 * the event loop: a hostile calendar takes at most one core, and only what requests leave of it.
 * Calendars wait their turn (the deadline counts from a calendar's start).
 */

/** The memory (V8 heap) one calendar's work may take. */
export const parseMemoryMb = 256;

let pool: Piscina<ParseTask, ParseAnswer> | null = null;

function workers(): Piscina<ParseTask, ParseAnswer> {
  const extension = path.extname(__filename);
  pool ??= new Piscina<ParseTask, ParseAnswer>({
    filename: path.join(__dirname, `parseFeedTask${extension}`),
    minThreads: 0,
    maxThreads: 1,
    idleTimeout: 60_000,
    // Below the event loop's priority (Linux nice, per thread): requests get the CPU first.
    niceIncrement: 10,
    resourceLimits: { maxOldGenerationSizeMb: parseMemoryMb, maxYoungGenerationSizeMb: 32 },
    // The server's TypeScript runs through tsx (npm run server): its worker loads the task the same way.
    execArgv: extension === '.ts' ? ['--require', require.resolve('tsx/cjs')] : [],
  });
  return pool;
}

function tooLong(timeoutMs: number, repeat: RepeatInProgress | null): string {
  const stopped = `Working out its events took longer than ${timeoutMs / 1000} s, the most one calendar may take, so it was stopped`;
  if (!repeat) return `${stopped}. The calendar was not read.`;
  return `${stopped} while at the repeating event ${repeat.name}, from ${longDate(repeat.firstNight)} (${repeat.rule}): a repeat rule that never falls on a date, or one that repeats very many times, takes that long. The calendar was not read.`;
}

/**
 * The calendar's events (parseFeed.ts) worked out in the worker within `timeoutMs`; a FeedError
 * with the reason when the calendar is at fault, the time runs out or the memory does.
 */
export async function readFeed(
  text: string,
  window: Pick<ParseTask, 'hotelZone' | 'today' | 'until'>,
  timeoutMs: number,
): Promise<ParsedFeed> {
  const { port1, port2 } = new MessageChannel();
  const controller = new AbortController();
  let repeat: RepeatInProgress | null = null;
  let deadline: NodeJS.Timeout | undefined;
  let settled = false;
  port1.on('message', (message: ParseProgress) => {
    if (settled) return;
    if (message.kind === 'started') deadline = setTimeout(() => controller.abort(), timeoutMs);
    else repeat = message.event;
  });
  try {
    const answer = await workers().run({ text, ...window, progress: port2 }, { transferList: [port2], signal: controller.signal });
    if (!answer.ok) throw new FeedError(answer.reason);
    return answer.feed;
  } catch (error) {
    if (error instanceof FeedError) throw error;
    if (controller.signal.aborted) throw new FeedError(tooLong(timeoutMs, repeat));
    if ((error as { code?: string }).code === 'ERR_WORKER_OUT_OF_MEMORY')
      throw new FeedError(
        `Working out its events needed more than the ${parseMemoryMb} MB of memory one calendar may take, so it was stopped. The calendar was not read.`,
      );
    throw error;
  } finally {
    settled = true;
    clearTimeout(deadline);
    port1.close();
  }
}
