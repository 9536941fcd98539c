// npm run bench: how the admin dashboard and the confirmation step scale from 100 to 10,000
// stored bookings, and how soon the prerendered pages answer a guest's first move (issue 14),
// measured in the system Chromium against a production build.
// Options: DIST_DIR (default dist), BENCH_PORT (default 4390), BENCH_SKIP_BUILD=1 reuses the build,
// BENCH_ONLY=admin, BENCH_ONLY=first-interaction, BENCH_ONLY=tap-as-visible or BENCH_ONLY=notices
// measures only those figures (BENCH_TAP_RUNS: runs per case of tap-as-visible, default 10;
// BENCH_TAP_FIGURE, BENCH_TAP_CPU and BENCH_TAP_AT pick its cases, see tapAsVisibleFigures).
import { spawn, execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { chromium } from 'playwright-core';

const port = Number(process.env.BENCH_PORT ?? 4390);
const distDir = process.env.DIST_DIR ?? 'dist';
const base = `http://localhost:${port}`;
const sizes = [100, 10_000];
// Each keystroke changes the matches, so each one has a repaint to wait for.
const keystrokes = ['5', '5', '5', 'Backspace', 'Backspace', 'Backspace', '7', '7', 'Backspace', 'Backspace', 'q', 'Backspace'];
const runs = 5;

const chrome = [process.env.CHROME_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome'].find(
  (p) => p && existsSync(p),
);
if (!chrome) throw new Error('No Chromium found: install it (apt-get install -y chromium) or set CHROME_PATH.');

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};

function bookings(count) {
  const rooms = [
    ['Classic Room', 3000],
    ['Suit Room', 4000],
  ];
  return Array.from({ length: count }, (_, i) => {
    const [roomName, price] = rooms[i % 2];
    const day = String((i % 27) + 1).padStart(2, '0');
    return {
      bookingId: `BK${100000 + i * 7}`,
      roomName,
      checkIn: `2027-01-${day}`,
      checkOut: `2027-02-${day}`,
      totalPrice: price * ((i % 3) + 1),
      email: `guest${i}@example.com`,
      rooms: (i % 3) + 1,
    };
  });
}

async function seededPage(browser, count) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const text = JSON.stringify(bookings(count));
  await context.addInitScript((seed) => {
    if (sessionStorage.getItem('bench-seeded')) return;
    sessionStorage.setItem('bench-seeded', '1');
    localStorage.setItem('hotelBookings', seed);
  }, text);
  return { context, page: await context.newPage() };
}

/** Navigation start to the first frame painted after the admin table has rows. */
async function firstRows(browser, count) {
  const { context, page } = await seededPage(browser, count);
  await page.addInitScript(() => {
    const found = () => document.querySelector('.admin-table tbody tr');
    const observer = new MutationObserver(() => {
      if (!found()) return;
      observer.disconnect();
      requestAnimationFrame(() => setTimeout(() => (window.__firstRows = performance.now())));
    });
    observer.observe(document, { childList: true, subtree: true });
  });
  await page.goto(`${base}/admin-bookings`);
  await page.waitForFunction(() => window.__firstRows !== undefined);
  const ms = await page.evaluate(() => window.__firstRows);
  await context.close();
  return ms;
}

/** Keydown to the first frame painted after the summary line shows the new search's result. */
async function keystrokeToPaint(browser, count) {
  const { context, page } = await seededPage(browser, count);
  await page.goto(`${base}/admin-bookings`);
  const search = page.getByRole('searchbox');
  await search.waitFor();
  // The prerendered dashboard's search box takes typing once the app owns the page (README, "How a page starts").
  await page.waitForFunction(() => document.querySelector('input[type="search"]')?.readOnly === false);
  await search.focus();
  await page.evaluate(() => {
    const summary = document.querySelector('.admin-summary');
    const main = document.querySelector('main');
    const state = () => summary.textContent + '|' + (document.querySelector('.admin-table')?.textContent.length ?? 0);
    window.__keys = [];
    document.addEventListener(
      'keydown',
      () => {
        const start = performance.now();
        const before = state();
        // The first frame after the DOM shows the new result: a rAF callback runs just before that
        // frame paints, and a task queued from it runs just after.
        const painted = () => requestAnimationFrame(() => setTimeout(() => window.__keys.push(performance.now() - start)));
        const observer = new MutationObserver(() => {
          if (state() === before) return;
          observer.disconnect();
          painted();
        });
        observer.observe(main, { childList: true, subtree: true, characterData: true });
      },
      true,
    );
  });
  for (const key of keystrokes) {
    const done = await page.evaluate(() => window.__keys.length);
    await page.keyboard.press(key);
    await page.waitForFunction((n) => window.__keys.length > n, done, { timeout: 10_000 });
  }
  const times = await page.evaluate(() => window.__keys);
  await context.close();
  return median(times);
}

/** Click on Confirm Booking to the first frame painted with the success message. */
async function confirmOne(browser, count) {
  const { context, page } = await seededPage(browser, count);
  page.on('dialog', (dialog) => void dialog.accept());
  await page.goto(`${base}/booking-details`);
  await page.getByLabel('Email').fill('bench@example.com');
  const button = page.getByRole('button', { name: 'Confirm Booking' });
  await button.waitFor();
  await page.evaluate(() => {
    const message = 'Your booking is confirmed! Thank you for choosing our hotel.';
    document.addEventListener(
      'click',
      () => {
        const start = performance.now();
        const observer = new MutationObserver(() => {
          if (!document.body.textContent.includes(message)) return;
          observer.disconnect();
          requestAnimationFrame(() => setTimeout(() => (window.__confirmed = performance.now() - start)));
        });
        observer.observe(document.body, { childList: true, subtree: true, characterData: true });
      },
      { capture: true, once: true },
    );
  });
  await button.click();
  await page.waitForFunction(() => window.__confirmed !== undefined);
  const ms = await page.evaluate(() => window.__confirmed);
  await context.close();
  return ms;
}

/** `serve` on DIST_DIR with history fallback (dist/serve.json); call the result to stop it. */
async function serveDist() {
  const server = spawn('npx', ['serve', distDir, '--listen', String(port), '--no-request-logging'], { stdio: 'ignore', detached: true });
  for (let i = 0; i < 100; i++) {
    try {
      await fetch(base);
      break;
    } catch {
      await new Promise((r) => setTimeout(r, 200));
    }
  }
  return () => process.kill(-server.pid);
}

const launchChromium = () =>
  chromium.launch({
    executablePath: chrome,
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run'],
  });

/** The admin dashboard and confirming, at 100 and 10,000 stored bookings. */
async function adminFigures() {
  const stop = await serveDist();
  try {
    const browser = await launchChromium();
    const figures = {};
    for (const count of sizes) {
      const collect = async (measure) => {
        const values = [];
        for (let r = 0; r < runs; r++) values.push(await measure(browser, count));
        return median(values);
      };
      figures[count] = {
        'admin table first rows (ms)': await collect(firstRows),
        'search keystroke to paint, median (ms)': await collect(keystrokeToPaint),
        'confirm one booking (ms)': await collect(confirmOne),
      };
    }
    await browser.close();

    const names = Object.keys(figures[sizes[0]]);
    const rows = names.map((name) => {
      const small = figures[sizes[0]][name];
      const large = figures[sizes[1]][name];
      return { figure: name, '100 bookings': small.toFixed(1), '10,000 bookings': large.toFixed(1), ratio: (large / small).toFixed(2) };
    });
    console.log(`Median of ${runs} runs each, Chromium ${chrome}\n`);
    console.table(rows);
    const failures = [];
    const keystroke = figures[10_000]['search keystroke to paint, median (ms)'];
    if (keystroke > 50) failures.push(`keystroke to paint at 10,000 bookings is ${keystroke.toFixed(1)} ms (target at most 50 ms)`);
    for (const row of rows)
      if (Number(row.ratio) > 3) failures.push(`${row.figure} is ${row.ratio} times its 100-booking value (target at most 3)`);
    if (failures.length > 0) {
      console.log('\nOver target:\n- ' + failures.join('\n- '));
      process.exitCode = 1;
    } else {
      console.log(
        '\nAll figures within target: keystroke to paint at most 50 ms at 10,000 bookings, no figure worse than 3 times its 100-booking value.',
      );
    }
  } finally {
    stop();
  }
}

/**
 * Issue 14: a guest's first move on a prerendered page, answered. Chromium at 360 px with the CPU
 * slowed 4 times, the page loaded and left alone for 3 s (as a guest reads before acting), then:
 * on / Book Now until the booking screen is painted; on /booking the Suit Room count set to 2
 * until the Classic Room is locked and Reset Selection is painted. From the input event's own
 * time stamp to the paint of the answer, as the Element Timing API reports it.
 */
async function firstInteractionFigures() {
  const targetMs = 100;
  const cpuSlowdown = 4;

  async function openLeftAlone(browser, path) {
    const context = await browser.newContext({ viewport: { width: 360, height: 740 } });
    const page = await context.newPage();
    await (await context.newCDPSession(page)).send('Emulation.setCPUThrottlingRate', { rate: cpuSlowdown });
    await page.addInitScript(() => {
      // The event that asks for the answer: the click (a tap's pointerdown comes a moment before
      // it, while the finger rests), or the choice in the list.
      for (const type of ['click', 'input'])
        addEventListener(type, (event) => (window.__asked ??= event.timeStamp), { capture: true, passive: true });
    });
    await page.goto(base + path, { waitUntil: 'load' });
    await page.waitForTimeout(3000);
    return { context, page };
  }

  /**
   * Sets window.__answered to the time the browser painted the answer. `answer()` returns the
   * element whose text shows it, once the answer is in the page; it is marked for the Element
   * Timing API in the same task (before any frame), which then reports when its text was painted.
   */
  async function watchFor(page, answer) {
    await page.evaluate((source) => {
      const find = new Function(`return (${source})();`);
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) if (entry.identifier === 'answer') window.__answered = entry.renderTime;
      }).observe({ type: 'element' });
      const observer = new MutationObserver(() => {
        const element = find();
        if (!element) return;
        observer.disconnect();
        element.setAttribute('elementtiming', 'answer');
      });
      observer.observe(document, { childList: true, subtree: true, attributes: true, characterData: true });
    }, answer.toString());
  }

  async function elapsed(page, context) {
    await page.waitForFunction(() => window.__answered !== undefined, null, { timeout: 20_000 });
    const ms = await page.evaluate(() => window.__answered - window.__asked);
    await context.close();
    return ms;
  }

  async function bookNow(browser) {
    const { context, page } = await openLeftAlone(browser, '/');
    await watchFor(page, () => [...document.querySelectorAll('h1')].find((h) => h.textContent === 'Book a Room'));
    await page.getByRole('main').getByRole('link', { name: 'Book Now' }).click();
    return elapsed(page, context);
  }

  async function chooseRooms(browser) {
    const { context, page } = await openLeftAlone(browser, '/booking');
    await watchFor(page, () => {
      const classic = document.querySelector('[aria-labelledby="room-deluxe-title"] select');
      const reset = [...document.querySelectorAll('button')].find((b) => b.textContent === 'Reset Selection');
      return classic?.disabled === true ? reset : undefined;
    });
    await page.getByRole('region', { name: 'Suit Room' }).getByLabel('Room(s)').first().selectOption('2');
    return elapsed(page, context);
  }

  const stop = await serveDist();
  try {
    const browser = await launchChromium();
    const rows = [];
    for (const [figure, measure] of [
      ['/ Book Now to the booking screen painted (ms)', bookNow],
      ['/booking Suit Room count to lock painted (ms)', chooseRooms],
    ]) {
      const values = [];
      for (let r = 0; r < runs; r++) values.push(await measure(browser));
      rows.push({ figure, median: median(values).toFixed(1), runs: values.map((v) => v.toFixed(0)).join(' ') });
    }
    await browser.close();
    console.log(`\nFirst interaction after 3 s left alone, 360 px, CPU slowed ${cpuSlowdown}x, median of ${runs} runs\n`);
    console.table(rows);
    const over = rows.filter((row) => Number(row.median) > targetMs);
    if (over.length > 0) {
      console.log(`\nOver target (at most ${targetMs} ms):\n- ` + over.map((row) => `${row.figure}: ${row.median}`).join('\n- '));
      process.exitCode = 1;
    } else {
      console.log(`\nBoth first interactions within target: at most ${targetMs} ms.`);
    }
  } finally {
    stop();
  }
}

/**
 * Issue 21: a tap the moment the control is visible. Chromium at 360 px, CPU slowed 4x and not
 * slowed: navigate, and tap as soon as the control is visible (in the first frame that shows it),
 * or 250, 500 or 1000 ms later. Timed as INP times an interaction: from the tap's own time stamp
 * (its first input event, as the browser stamped it, so a main thread busy when it came counts)
 * to the first frame painted with the answer. Where the answer is put in the page while one of
 * the tap's events is handled, that frame is the one the browser paints next, and its time is
 * the browser's own (Event Timing: the event's start plus its duration, which is what INP reads).
 * Otherwise (the answer comes later, or in a new document) it is taken as the first task after
 * the next frame with the answer ("timer", printed for every run as well): a near guess, which
 * comes before the frame is on screen, or well after it when other work is queued first. The tap
 * is a real input event at the control, sent without Playwright's actionability waits (which, on
 * a slowed page, take longer than the answer): on / a tap on Book Now, answered when the booking
 * screen's heading is painted (the app's navigation, or before the app runs the screen home
 * carries, scripts/prerender/carriedScreen.js); on /booking the Suit Room's Room(s) list
 * takes "2" from the keyboard, answered when Reset Selection is painted with the Classic Room
 * locked. A control that cannot take the tap yet (disabled) loses it: counted as unanswered.
 */
async function tapAsVisibleFigures() {
  const runsPerCase = Number(process.env.BENCH_TAP_RUNS ?? 10);
  // BENCH_TAP_FIGURE (words of a figure, e.g. "Book Now"), BENCH_TAP_CPU (4 or 1) and BENCH_TAP_AT
  // (0 for "visible", or 250, 500, 1000) measure only those, for comparing two builds on one case.
  const delays = [0, 250, 500, 1000].filter((d) => !process.env.BENCH_TAP_AT || d === Number(process.env.BENCH_TAP_AT));
  const cpus = [4, 1].filter((c) => !process.env.BENCH_TAP_CPU || c === Number(process.env.BENCH_TAP_CPU));
  const targets = { 4: 200, 1: 100 };

  const cases = [
    {
      figure: '/ Book Now to the booking screen painted',
      path: '/',
      control: () => document.querySelector('main .home-hero__cta'),
      answer: () => [...document.querySelectorAll('h1')].find((h) => h.textContent === 'Book a Room'),
      tap: (page, box) => page.mouse.click(box.x, box.y),
    },
    {
      figure: '/booking Suit Room count to Reset Selection painted',
      path: '/booking',
      control: () => document.getElementById('rooms-executive-0'),
      answer: () => {
        const classic = document.getElementById('rooms-deluxe-0');
        const reset = [...document.querySelectorAll('button')].find((b) => b.textContent === 'Reset Selection');
        return classic?.disabled === true && reset && !reset.hidden ? reset : undefined;
      },
      tap: async (page) => {
        await page.focus('#rooms-executive-0');
        await page.keyboard.press('2');
      },
    },
  ];

  async function once(browser, cpu, aCase, delay) {
    const context = await browser.newContext({ viewport: { width: 360, height: 740 } });
    const page = await context.newPage();
    await (await context.newCDPSession(page)).send('Emulation.setCPUThrottlingRate', { rate: cpu });
    // In every document of the run (Book Now before the app runs is the browser's own navigation):
    // the first frame showing the control (and where), the tap's time stamp (kept in window.name,
    // which a same-site navigation keeps), and the first frame painted once the answer is in the page.
    await page.addInitScript(
      ([control, answer]) => {
        const find = (source) => new Function(`return (${source})();`);
        const visible = find(control);
        const answered = find(answer);
        const frame = () => {
          const element = visible();
          const box = element?.getBoundingClientRect();
          if (box && box.height > 0)
            window.__visible = { at: performance.timeOrigin + performance.now(), x: box.x + box.width / 2, y: box.y + box.height / 2 };
          else requestAnimationFrame(frame);
        };
        requestAnimationFrame(frame);
        for (const type of ['pointerdown', 'keydown'])
          addEventListener(type, (event) => (window.name ||= String(performance.timeOrigin + event.timeStamp)), { capture: true });
        // Each event handled, with the time its next frame was painted (start + duration).
        window.__events = [];
        new PerformanceObserver((list) => window.__events.push(...list.getEntries())).observe({
          type: 'event',
          durationThreshold: 16,
          buffered: true,
        });
        const observer = new MutationObserver(() => {
          if (!answered()) return;
          observer.disconnect();
          const at = performance.now();
          requestAnimationFrame(() => setTimeout(() => (window.__answered = { at, timer: performance.timeOrigin + performance.now() })));
        });
        observer.observe(document, { childList: true, subtree: true, attributes: true, characterData: true });
      },
      [aCase.control.toString(), aCase.answer.toString()],
    );
    await page.goto(base + aCase.path, { waitUntil: 'commit' });
    await page.waitForFunction(() => window.__visible !== undefined, null, { polling: 'raf', timeout: 20_000 });
    const box = await page.evaluate(async (wait) => {
      const at = window.__visible.at + wait;
      while (performance.timeOrigin + performance.now() < at) await new Promise((r) => setTimeout(r, 5));
      return window.__visible;
    }, delay);
    await aCase.tap(page, box);
    // A tap never answered is counted as such, not left out.
    // Event Timing reports an event a moment after its frame is painted: waited for, up to a second
    // (none comes where the answer was not put in during an event, or came in a new document).
    const times = await page
      .waitForFunction(() => window.__answered !== undefined && window.name !== '', null, { timeout: 10_000 })
      .then(() =>
        page.evaluate(async () => {
          const { at, timer } = window.__answered;
          const during = () => window.__events.find((event) => event.processingStart <= at && at <= event.processingEnd);
          for (let waited = 0; !during() && waited < 1000; waited += 20) await new Promise((r) => setTimeout(r, 20));
          const event = during();
          return { tapped: Number(window.name), timer, painted: event && performance.timeOrigin + event.startTime + event.duration };
        }),
      )
      .catch(() => null);
    await context.close();
    if (times === null) return { painted: Infinity, timer: Infinity, byEvent: false };
    return {
      painted: (times.painted ?? times.timer) - times.tapped,
      timer: times.timer - times.tapped,
      byEvent: times.painted !== undefined,
    };
  }

  const percentile = (values, p) => {
    const sorted = [...values].sort((a, b) => a - b);
    return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
  };
  const stop = await serveDist();
  const rows = [];
  try {
    const browser = await launchChromium();
    for (const cpu of cpus)
      for (const aCase of cases.filter((c) => c.figure.includes(process.env.BENCH_TAP_FIGURE ?? '')))
        for (const delay of delays) {
          const runs = [];
          for (let r = 0; r < runsPerCase; r++) runs.push(await once(browser, cpu, aCase, delay));
          const values = runs.map((run) => run.painted);
          rows.push({
            figure: aCase.figure,
            cpu: `${cpu}x`,
            'tap at': delay === 0 ? 'visible' : `+${delay} ms`,
            'p50 (ms)': percentile(values, 50).toFixed(0),
            'p90 (ms)': percentile(values, 90).toFixed(0),
            'by paint': `${runs.filter((run) => run.byEvent).length}/${runs.length}`,
            'timer p50/p90': `${percentile(
              runs.map((run) => run.timer),
              50,
            ).toFixed(0)}/${percentile(
              runs.map((run) => run.timer),
              90,
            ).toFixed(0)}`,
            unanswered: values.filter((v) => v === Infinity).length,
            target: `p90 <= ${targets[cpu]}`,
          });
        }
    await browser.close();
  } finally {
    stop();
  }
  console.log(`\nTap as soon as it is visible, 360 px, ${runsPerCase} runs each: tap to answer painted`);
  console.log('(by paint: runs timed by the frame the browser painted after the event that put the answer in; timer: every run timed by');
  console.log(
    " the first task after the answer's frame, which comes before that frame is on screen, or after it when other work is queued first)\n",
  );
  console.table(rows);
  const over = rows.filter((row) => row['tap at'] === 'visible' && Number(row['p90 (ms)']) > Number(row.target.split(' ').pop()));
  if (over.length > 0) {
    console.log(
      '\nOver target (tap at visible, p90):\n- ' + over.map((row) => `${row.figure} at ${row.cpu}: ${row['p90 (ms)']} ms`).join('\n- '),
    );
    process.exitCode = 1;
  } else console.log('\nTaps at visible within target: p90 at most 200 ms at 4x CPU, 100 ms at 1x.');
}

/**
 * Issue 21: a notice that depends on the browser, after the screen paints. On /admin-bookings with
 * a damaged hotelBookings (cut mid-record), at 360 px, CPU slowed 4x and not slowed: from the first
 * contentful paint to the first frame showing the unreadable-records notice. (Storage refused is
 * in the first frame by construction, and storage full can only follow a failed save.)
 */
async function noticeFigures() {
  const runs = 8;
  const target = 500;
  const once = async (browser, cpu) => {
    const context = await browser.newContext({ viewport: { width: 360, height: 740 } });
    await context.addInitScript(() => {
      if (sessionStorage.getItem('bench-seeded')) return;
      sessionStorage.setItem('bench-seeded', '1');
      localStorage.setItem('hotelBookings', '[{"bookingId":"BK111111",');
      const seen = () => {
        const notice = document.querySelector('[role="region"][aria-label="Unreadable booking records"]');
        if (notice && notice.getBoundingClientRect().height > 0) window.__notice = performance.now();
        else requestAnimationFrame(seen);
      };
      requestAnimationFrame(seen);
    });
    const page = await context.newPage();
    await (await context.newCDPSession(page)).send('Emulation.setCPUThrottlingRate', { rate: cpu });
    await page.goto(`${base}/admin-bookings`);
    await page.waitForFunction(() => window.__notice !== undefined, null, { timeout: 20_000 });
    const ms = await page.evaluate(() => window.__notice - performance.getEntriesByName('first-contentful-paint')[0].startTime);
    await context.close();
    return ms;
  };
  const stop = await serveDist();
  const rows = [];
  try {
    const browser = await launchChromium();
    for (const cpu of [4, 1]) {
      const values = [];
      for (let r = 0; r < runs; r++) values.push(await once(browser, cpu));
      values.sort((a, b) => a - b);
      rows.push({
        figure: '/admin-bookings unreadable-records notice after first paint (ms)',
        cpu: `${cpu}x`,
        median: median(values).toFixed(0),
        slowest: values.at(-1).toFixed(0),
        runs: values.map((v) => v.toFixed(0)).join(' '),
      });
    }
    await browser.close();
  } finally {
    stop();
  }
  console.log(`\nA notice that depends on the browser, 360 px, ${runs} runs each\n`);
  console.table(rows);
  const over = rows.filter((row) => Number(row.slowest) > target);
  if (over.length > 0) {
    console.log(
      `\nOver target (every run within ${target} ms of the first paint):\n- ` +
        over.map((row) => `${row.cpu}: ${row.slowest} ms`).join('\n- '),
    );
    process.exitCode = 1;
  } else console.log(`\nEvery notice within ${target} ms of the first paint.`);
}

if (process.env.BENCH_SKIP_BUILD !== '1')
  execFileSync('npx', ['webpack', '--mode', 'production'], { stdio: 'ignore', env: { ...process.env, DIST_DIR: distDir } });
const only = process.env.BENCH_ONLY;
if (!only || only === 'admin') await adminFigures();
if (!only || only === 'first-interaction') await firstInteractionFigures();
if (!only || only === 'tap-as-visible') await tapAsVisibleFigures();
if (!only || only === 'notices') await noticeFigures();
