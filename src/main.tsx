import { holdEarlyClicks } from './features/layout/earlyClicks';
import { enhanceFragment, loadFragment } from './features/layout/fragments';
import { startWebVitals } from './features/layout/reportWebVitals';
import type { StartedApp } from './app/startApp';
import { paths } from './app/paths';
import { loadStore, routeOf, screens } from './app/screens';
import './shared/ui.css';

/**
 * The entry holds no React: the prerendered home page is complete HTML, so React and the router
 * load only when a guest first interacts with it (or at once on any other route, hydrating the
 * prerendered booking screen). Until then the home page costs the phone no script work at all.
 */
const container = document.getElementById('root')!;
let app: Promise<StartedApp> | null = null;

function start(): Promise<StartedApp> {
  app ??= import(/* webpackChunkName: "app" */ './app/startApp').then(({ startApp }) => startApp(container));
  return app;
}

const navigate = (path: string) => void start().then((started) => started.navigate(path));

/** Runs `work` once, just after the next frame is painted (or shortly, in a tab that paints no frames). */
function afterFirstPaint(work: () => void): void {
  let done = false;
  const run = () => {
    if (done) return;
    done = true;
    work();
  };
  requestAnimationFrame(() => setTimeout(run, 0));
  setTimeout(run, 100);
}

function startFragment(name: 'header' | 'footer'): void {
  const placeholder = document.getElementById(`site-${name}`);
  if (!placeholder) return;
  enhanceFragment(placeholder, navigate);
  void loadFragment(name, placeholder);
}

// The build prerenders some routes (see scripts/prerender); #root names the route it holds.
const route = routeOf(window.location.pathname);
const prerendered = container.dataset.prerendered === route;
startFragment('header');

if (prerendered) {
  startFragment('footer');
  // Until React owns the page, its links navigate inside the app, loading it first if need be.
  const stopLinks = enhanceFragment(container, navigate);
  if (route === paths.home) {
    const wake = () => {
      for (const type of wakeEvents) removeEventListener(type, wake, true);
      void start()
        .then((started) => started.firstScreen)
        .then(stopLinks);
    };
    const wakeEvents = ['pointerdown', 'keydown', 'touchstart', 'focusin', 'wheel'] as const;
    for (const type of wakeEvents) addEventListener(type, wake, { capture: true, passive: true });
  } else {
    // The booking screen's controls need React at once: its chunks are fetched beside React's,
    // once the browser has painted the page (script work queued first can hold the first paint back).
    const releaseClicks = holdEarlyClicks(container);
    afterFirstPaint(() => {
      void screens[route]().catch(() => undefined);
      void loadStore().catch(() => undefined);
      void start()
        .then((started) => started.firstScreen)
        .then(() => {
          stopLinks();
          releaseClicks();
        });
    });
  }
} else {
  // Fetch the first screen (and the store it needs) alongside React rather than after it: one
  // network round trip fewer before the guest sees the page. A failure here is the router's to show.
  void screens[route]().catch(() => undefined);
  if (route !== '*') void loadStore().catch(() => undefined);
  // A footer that arrived before the screen would be pushed down by it: a layout shift.
  void start()
    .then((started) => started.firstScreen)
    .then(() => startFragment('footer'));
}

startWebVitals();
