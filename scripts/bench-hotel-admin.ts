/**
 * The hotel-mode figure of `npm run bench`: on the admin dashboard with 100,000 bookings on the
 * server, how long from a keystroke in the search box to the first frame painted with that
 * search's rows. Target: median at most 100 ms.
 *
 * A throwaway PostgreSQL (Debian's, or the embedded binaries where Debian's are missing) gets the
 * same 100,000 bookings as `npm run bench:api`; the project's server serves the production build
 * in `DIST_DIR` (default dist/, built by bench.mjs unless BENCH_SKIP_BUILD=1) and the API on a
 * loopback port; the system Chromium signs in and types. Each run is a new browser context, so
 * no answer comes from the page's cache: each keystroke is a new search, typed one key at a time
 * as a person would ("p", "pr", "pri" …). Everything started is removed on every way out.
 *
 * Env: BENCH_HOTEL_PORT (4391), BENCH_BOOKINGS (100000), DIST_DIR, CHROME_PATH, BENCH_SKIP_BUILD.
 */
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { chromium } from 'playwright-core';
import type { Browser } from 'playwright-core';
import { buildApp } from '../server/app';
import { setAdminPassword } from '../server/auth/adminQueries';
import { openDatabase, systemBinDir } from '../server/db/database';
import { migrate } from '../server/db/migrate';
import { startTestDatabase } from '../test/server/support/testDatabase';
import { loadBookings } from './bench-api';

const port = Number(process.env.BENCH_HOTEL_PORT ?? 4391);
const distDir = path.resolve(process.env.DIST_DIR ?? 'dist');
const base = `http://127.0.0.1:${port}`;
const password = 'bench admin password';
const target = 100;
/**
 * One search per run, typed key by key: digits of a booking ID or an email's number. Each key
 * narrows the matches about tenfold (half the bookings, then a twentieth, … then a handful), so
 * every key changes the rows on screen and has a paint to wait for; a letter of a name often
 * would not ("shar" and "sharm" find the same people).
 */
const typed = ['42719', '38164', '90527', '61843', '75390'];

const chrome = [process.env.CHROME_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome'].find(
  (p) => p && existsSync(p),
);

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};

declare global {
  interface Window {
    __keys: number[];
  }
}

/** Signs in on a fresh context and types one term; each keystroke's time to the painted rows. */
async function typeOneSearch(browser: Browser, term: string): Promise<{ times: number[]; unchanged: number }> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  // tsx compiles this file keeping function names, through a helper named __name that the
  // functions handed to page.evaluate still call inside the page.
  await context.addInitScript({ content: 'window.__name = (fn) => fn;' });
  try {
    const page = await context.newPage();
    await page.goto(`${base}/admin-bookings`);
    await page.getByLabel('Name').fill('admin');
    await page.getByLabel('Password').fill(password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByText(/^Showing 1–50 of/).waitFor({ timeout: 30_000 });
    const search = page.getByRole('searchbox', { name: 'Search bookings' });
    await search.focus();
    await page.evaluate(() => {
      const main = document.querySelector('main')!;
      // What the admin sees change: the summary line and the rows.
      const state = () => `${document.querySelector('.admin-summary')?.textContent}|${document.querySelector('table tbody')?.textContent}`;
      window.__keys = [];
      let observer: MutationObserver | null = null;
      document.addEventListener(
        'keydown',
        () => {
          const start = performance.now();
          const before = state();
          // A key that changed nothing must not take the next key's rows for its own.
          observer?.disconnect();
          // The first frame after the DOM shows the new rows: a rAF callback runs just before that
          // frame paints, and a task queued from it runs just after.
          observer = new MutationObserver(() => {
            if (state() === before) return;
            observer?.disconnect();
            requestAnimationFrame(() => setTimeout(() => window.__keys.push(performance.now() - start)));
          });
          observer.observe(main, { childList: true, subtree: true, characterData: true });
        },
        true,
      );
    });
    let unchanged = 0;
    for (const key of term) {
      const done = await page.evaluate(() => window.__keys.length);
      await page.keyboard.press(key);
      // A key whose search shows the same rows as the one before has nothing to paint: not counted.
      const changed = await page
        .waitForFunction((n) => window.__keys.length > n, done, { timeout: 3_000 })
        .then(() => true)
        .catch(() => false);
      if (!changed) unchanged++;
    }
    return { times: await page.evaluate(() => window.__keys), unchanged };
  } finally {
    await context.close();
  }
}

async function main(): Promise<void> {
  if (!chrome) throw new Error('No Chromium found: install it (apt-get install -y chromium) or set CHROME_PATH.');
  if (process.env.BENCH_SKIP_BUILD !== '1') {
    execFileSync('npx', ['webpack', '--mode', 'production'], { stdio: 'ignore', env: { ...process.env, DIST_DIR: distDir } });
  }
  const stops: Array<() => Promise<unknown>> = [];
  const cleanup = async () => {
    while (stops.length) await stops.pop()!().catch((error: Error) => console.error(`cleanup: ${error.message}`));
  };
  process.once('SIGINT', () => void cleanup().finally(() => process.exit(130)));
  try {
    const kind = systemBinDir() ? 'postgresql' : 'embedded';
    const database = await startTestDatabase(kind);
    stops.push(() => database.remove());
    const loader = new pg.Pool({ connectionString: database.url, max: 4 });
    stops.push(() => loader.end());
    await migrate(loader);
    await loadBookings(loader);
    await setAdminPassword(loader, 'admin', password);

    const db = await openDatabase({ databaseUrl: database.url, dataDir: '' });
    stops.push(() => db.close());
    const app = await buildApp({ db, distDir, logger: false });
    await app.listen({ port, host: '127.0.0.1' });
    stops.push(() => app.close());

    const browser = await chromium.launch({
      executablePath: chrome,
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run'],
    });
    stops.push(() => browser.close());
    const perRun: number[] = [];
    let keys = 0;
    let unchanged = 0;
    for (const term of typed) {
      const run = await typeOneSearch(browser, term);
      perRun.push(median(run.times));
      keys += run.times.length;
      unchanged += run.unchanged;
    }
    const figure = median(perRun);
    console.log(
      `\nHotel mode, admin dashboard, ${kind === 'postgresql' ? 'real PostgreSQL' : 'embedded PostgreSQL'} with 100,000 bookings (Chromium ${chrome}):`,
    );
    console.log(
      `  search keystroke to rows painted, median of ${typed.length} runs: ${figure.toFixed(1)} ms (target at most ${target} ms)`,
    );
    console.log(
      `  per run (median of its keys): ${perRun.map((ms) => ms.toFixed(1)).join(', ')} ms; ${keys} keys measured, ${unchanged} showed no change`,
    );
    if (figure > target) {
      console.log(`Over target: ${figure.toFixed(1)} ms.`);
      process.exitCode = 1;
    }
  } finally {
    await cleanup();
  }
}

main().catch((error: Error) => {
  console.error(`bench (hotel mode) failed: ${error.stack ?? error.message}`);
  process.exit(1);
});
