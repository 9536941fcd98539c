import type pg from 'pg';
import { searchBookings } from './bookingQueries';
import type { SearchPage } from './bookingQueries';

type Search = (db: pg.Pool, query: string, page: number, pageSize: number) => Promise<SearchPage>;

/**
 * Admin search answers, each kept with the database snapshot it was read in, and given again only
 * while the database's current snapshot is the same one: no transaction has committed or aborted
 * since (anywhere in the cluster, so a write through another server instance counts), so the same
 * statement would read exactly the same rows. Checking costs one tiny statement instead of the
 * search (planning, a trigram scan and the page, 1.3-1.7 ms of database CPU at 100,000 bookings); any write
 * makes every kept answer miss once. Why it pays: the dashboard asks again for what it asked a
 * moment ago (typing then deleting, the unfiltered list each time the box is cleared, a second
 * admin, a reload), and under 50 such callers at once the database's CPU is the queue.
 * Least recently used answers go first beyond `limit`.
 */
export function cachedSearch(limit = 256, search: Search = searchBookings): Search {
  const kept = new Map<string, SearchPage>();
  return async (db, query, page, pageSize) => {
    const key = JSON.stringify([query, page, pageSize]);
    const answer = kept.get(key);
    if (answer) {
      const { rows } = await db.query<{ snapshot: string }>({
        name: 'current-snapshot',
        text: 'SELECT pg_current_snapshot()::text AS snapshot',
      });
      kept.delete(key);
      if (rows[0]?.snapshot === answer.snapshot) {
        kept.set(key, answer);
        return answer;
      }
    }
    const fresh = await search(db, query, page, pageSize);
    kept.set(key, fresh);
    if (kept.size > limit) kept.delete(kept.keys().next().value!);
    return fresh;
  };
}
