import { notePickerIntent } from './features/booking/pickerIntent';
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

/** Downloads the scripts the page lists (data-prefetch) once it has loaded, without running them. */
function prefetchListed(): void {
  const listed = container.dataset.prefetch?.split(' ').filter(Boolean) ?? [];
  if (listed.length === 0) return;
  const prefetch = () => {
    for (const href of listed) {
      const link = document.createElement('link');
      link.rel = 'prefetch';
      link.as = 'script';
      link.href = href;
      document.head.append(link);
    }
  };
  if (document.readyState === 'complete') prefetch();
  else addEventListener('load', prefetch, { once: true });
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

/**
 * The prerendered booking screen is what a guest sees at first, unless this session already chose
 * a room or dates (kept by redux-persist) or the browser blocks storage (a warning must show).
 * The keys are written out here: importing them would bring Redux and the booking code into this
 * entry script, which must stay small.
 */
function bookingScreenAsBuilt(): boolean {
  try {
    window.localStorage.getItem('hotelBookings');
    return window.sessionStorage.getItem('persist:hotelSelection') === null;
  } catch {
    return false;
  }
}

if (prerendered) {
  startFragment('footer');
  // Until React owns the page, its links navigate inside the app, loading it first if need be,
  // and clicks on its buttons wait for it.
  const stopLinks = enhanceFragment(container, navigate);
  const releaseClicks = route === paths.home ? () => undefined : holdEarlyClicks(container);
  // A date input focused before React owns the page is where the picker opens when it arrives.
  const noteIntent = (event: Event) => notePickerIntent(event.target);
  addEventListener('focusin', noteIntent, true);
  const hydrate = () => {
    // The screen's chunks (and the store) download beside React's, not after.
    void screens[route]().catch(() => undefined);
    if (route !== paths.home) void loadStore().catch(() => undefined);
    void start()
      .then((started) => started.firstScreen)
      .then(() => {
        stopLinks();
        releaseClicks();
        removeEventListener('focusin', noteIntent, true);
      });
  };
  // The page as built is the page as it should look: React (and, on the booking screen, the
  // date picker) loads on the guest's first move, so until then the phone runs no script at all.
  if (route === paths.home || bookingScreenAsBuilt()) {
    const wakeEvents = ['pointerdown', 'keydown', 'touchstart', 'focusin', 'wheel', 'input', 'change'] as const;
    const wake = () => {
      for (const type of wakeEvents) removeEventListener(type, wake, true);
      hydrate();
    };
    for (const type of wakeEvents) addEventListener(type, wake, { capture: true, passive: true });
    prefetchListed();
  } else {
    afterFirstPaint(hydrate);
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
