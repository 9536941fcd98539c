import { flushSync } from 'react-dom';
import { createRoot } from 'react-dom/client';
import { Router } from 'react-router-dom';
import type { Navigator } from 'react-router-dom';
import { loadStore } from './screens';

/**
 * Renders the booking screen once where no one sees it, lays it out, and removes it, all in one
 * task. The home page does this once React owns it and the browser is idle, so that Book Now
 * finds React's code for the screen run once and the screen's text already shaped by the
 * browser: the screen then paints about 40% sooner (npm run bench). The chunks are the ones the
 * booking route loads, already in by then.
 */
// Nothing navigates while the screen is rendered once: the router it needs, doing nothing (the
// app's own router component, so no other router code comes with this).
const nowhere: Navigator = {
  createHref: (to) => (typeof to === 'string' ? to : (to.pathname ?? '/')),
  go: () => undefined,
  push: () => undefined,
  replace: () => undefined,
};

export async function warmBookingScreen(): Promise<void> {
  const [{ BookingScreen }, { StoreProvider }] = await Promise.all([
    import(/* webpackChunkName: "booking" */ '../features/booking/BookingPage'),
    loadStore(),
  ]);
  const host = document.createElement('div');
  host.setAttribute('aria-hidden', 'true');
  host.inert = true;
  host.style.cssText = 'position:absolute;top:0;left:0;right:0;visibility:hidden;pointer-events:none;contain:layout paint';
  document.body.append(host);
  const root = createRoot(host);
  flushSync(() =>
    root.render(
      <StoreProvider>
        <Router location="/booking" navigator={nowhere}>
          <BookingScreen />
        </Router>
      </StoreProvider>,
    ),
  );
  void host.offsetHeight;
  root.unmount();
  host.remove();
}
