import { enhanceFragment, loadFragment } from './features/layout/fragments';
import { startWebVitals } from './features/layout/reportWebVitals';
import type { StartedApp } from './app/startApp';
import { paths } from './shared/paths';
import { loadSource } from './app/loadSource';
import { loadStore, routeOf, screens, screensAskingTheApi } from './app/screens';
import { holdEarlyForm } from './shared/earlyForm';
import { fillingMark, pendingMark, prefetchMark, prerenderedMark } from './domain/pageMarks';
// The site's base styles come in the entry's own stylesheet, first: one request fewer before the
// first paint (the header and footer keep theirs, public/header.css and public/footer.css).
import './shared/base.css';
import './shared/ui.css';

/**
 * The entry holds no React, so it runs at once. How each page starts is told in the README
 * ("How a page starts"): a page the build prerendered paints from its HTML, and React adopts it
 * once the page has loaded and the browser is idle; any other page (a path no route matches, and
 * every screen but home and booking in hotel mode) is rendered by React at once.
 */
const container = document.getElementById('root')!;
let app: Promise<StartedApp> | null = null;

function start(): Promise<StartedApp> {
  app ??= import(/* webpackChunkName: "app" */ './app/startApp').then(({ startApp }) => startApp(container));
  return app;
}

const navigate = (path: string) => void start().then((started) => started.navigate(path));

/** Fetches a fragment into its placeholder; resolves once it is in (or failed, which it logs). */
function startFragment(name: 'header' | 'footer'): Promise<unknown> {
  const placeholder = document.getElementById(`site-${name}`);
  if (!placeholder) return Promise.resolve();
  enhanceFragment(placeholder, navigate);
  return loadFragment(name, placeholder);
}

/**
 * Starts React with the first screen's chunk (and the store and the bookings source it needs)
 * fetched alongside it rather than after it: network round trips fewer. A failure here is the router's to show.
 */
function startWithScreen(route: keyof typeof screens): Promise<StartedApp> {
  void screens[route](route).catch(() => undefined);
  if (route !== paths.home && route !== '*') void loadStore().catch(() => undefined);
  if (screensAskingTheApi.has(route)) void loadSource().catch(() => undefined);
  return start();
}

/** Resolves once the page has loaded and the frame after that has been painted (its largest picture with it). */
const loaded = new Promise<void>((resolve) => {
  const painted = () => requestAnimationFrame(() => setTimeout(resolve));
  if (document.readyState === 'complete') painted();
  else addEventListener('load', painted, { once: true });
});

/**
 * Runs `work` once the page has loaded (its pictures and styles are in, so scripts do not compete
 * with them), `after` has happened, and the browser has a moment with nothing to do (so it lands
 * between frames, not in the middle of a paint or a scroll).
 */
function whenLoadedAndIdle(work: () => void, after: Promise<unknown> = loaded): void {
  const idle = () =>
    typeof requestIdleCallback === 'function' ? requestIdleCallback(() => work(), { timeout: 500 }) : setTimeout(work, 0);
  void Promise.all([loaded, after]).then(idle);
}

/** Downloads the scripts the page lists (data-prefetch) without running them: what the screen needs after hydrating. */
function prefetchListed(): void {
  for (const href of container.getAttribute(prefetchMark)?.split(' ').filter(Boolean) ?? []) {
    const link = document.createElement('link');
    link.rel = 'prefetch';
    link.as = 'script';
    link.href = href;
    document.head.append(link);
  }
}

/** True when the browser holds nothing for this site (or refuses to say): no data will fill a frame. */
function nothingStored(): boolean {
  try {
    return window.localStorage.length === 0 && window.sessionStorage.length === 0;
  } catch {
    return false;
  }
}

/** Resolves once the page holds no part waiting for the guest's data (src/shared/Pending.tsx), just after it is painted. */
function framesFilled(): Promise<void> {
  return new Promise((resolve) => {
    const waiting = () => container.querySelector(`[${pendingMark}]`) !== null;
    const done = () => requestAnimationFrame(() => resolve());
    if (!waiting()) return done();
    const observer = new MutationObserver(() => {
      if (waiting()) return;
      observer.disconnect();
      done();
    });
    observer.observe(container, { childList: true, subtree: true, attributes: true, attributeFilter: [pendingMark] });
  });
}

/**
 * The admin screen's notice of stored records it cannot read, shown before React from a small chunk
 * of its own (earlyUnreadableNotice.ts). Resolves once it is painted, if shown: React's scripts,
 * run at once after, would hold the browser for the frame that shows it (a tenth of a second and
 * more on a slow phone).
 */
function noticeEarly(): Promise<void> {
  return import(/* webpackChunkName: "early-unreadable" */ './features/admin/earlyUnreadableNotice').then(({ showUnreadableEarly }) => {
    if (showUnreadableEarly(container)) return new Promise<void>((resolve) => requestAnimationFrame(() => setTimeout(resolve)));
  });
}

// The build prerenders every screen's route (see scripts/prerender); #root names the route it holds.
const route = routeOf(window.location.pathname);
const header = startFragment('header');
if (container.getAttribute(prerenderedMark) === route) {
  // The page paints in its final layout, so the footer can come at once, unless it is a frame that
  // this browser's data will fill (and lengthen): then the footer follows the data, not before.
  const dataToCome = container.querySelector(`[${pendingMark}]`) !== null && !nothingStored();
  // What that data may move stays unseen until it is in (src/shared/Pending.tsx), so nothing jumps.
  if (dataToCome) container.setAttribute(fillingMark, '');
  const footer = dataToCome
    ? framesFilled().then(() => {
        container.removeAttribute(fillingMark);
        return startFragment('footer');
      })
    : startFragment('footer');
  let hydrating = false;
  const hydrate = () => {
    if (hydrating) return;
    hydrating = true;
    prefetchListed();
    // The route the page holds now: home's Book Now, tapped before React, shows the booking screen
    // home carries (scripts/prerender/carriedScreen.js), and React adopts that screen instead.
    const holding = routeOf(window.location.pathname);
    const started = startWithScreen(holding);
    // The home page's call to action is Book Now. Once React owns the page, the booking screen's
    // code and the store load, and the screen is rendered once unseen (warmBookingScreen.tsx), so
    // that the click answers at once instead of after a download and a first, slower render.
    if (holding === paths.home)
      void started
        .then((app) => app.firstScreen)
        .then(() =>
          whenLoadedAndIdle(
            () => void import(/* webpackChunkName: "warm-booking" */ './app/warmBookingScreen').then((m) => m.warmBookingScreen()),
          ),
        );
  };
  // Until React adopts it, the page's form works as plain HTML (src/shared/earlyForm.ts); a
  // button pressed there is done by React, which then comes at once.
  holdEarlyForm(container, hydrate);
  // A page as built is complete: React comes once it is loaded and painted, then the scripts'
  // downloads. A frame this browser's data will fill is not, so React comes at once (on the admin
  // screen, just after the notice of records it cannot read, if any, is shown: see noticeEarly).
  // (A notice whose chunk failed to load is React's to show.)
  if (dataToCome) void (route === paths.adminBookings ? noticeEarly() : Promise.resolve()).catch(() => undefined).then(hydrate);
  else whenLoadedAndIdle(hydrate, Promise.all([header, footer]));
} else {
  // A footer that arrived before the screen would be pushed down by it: a layout shift.
  void startWithScreen(route)
    .then((started) => started.firstScreen)
    .then(() => startFragment('footer'));
}

startWebVitals();
