import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { RouterProvider, createBrowserRouter } from 'react-router-dom';
import { routes } from './routes';
import { routeOf } from './screens';
import { withStore } from './withStore';
import { adoptEarlyForm } from '../shared/earlyForm';
import { adoptedMark, prerenderedMark } from '../domain/pageMarks';

type AppRouter = ReturnType<typeof createBrowserRouter>;

export interface StartedApp {
  navigate: (path: string) => void;
  /** Resolves once the first screen is on the page. */
  firstScreen: Promise<void>;
}

/** Resolves once the router has loaded the first route's lazy screen (and so renders it, not the fallback). */
function routerReady(router: AppRouter): Promise<void> {
  if (router.state.initialized) return Promise.resolve();
  return new Promise((resolve) => {
    const stop = router.subscribe((state) => {
      if (!state.initialized) return;
      stop();
      resolve();
    });
  });
}

/**
 * Resolves after the first screen is on the page: the layout renders <main> only together with
 * the loaded screen. (The router being ready is not enough: React may commit a frame or more later,
 * and a footer inserted before that would be pushed down, a layout shift.)
 */
function screenShown(container: HTMLElement): Promise<void> {
  return new Promise((resolve) => {
    const shown = () => container.querySelector('main') !== null;
    const done = () => requestAnimationFrame(() => resolve());
    if (shown()) return done();
    const observer = new MutationObserver(() => {
      if (!shown()) return;
      observer.disconnect();
      done();
    });
    observer.observe(container, { childList: true, subtree: true });
  });
}

/** Mounts React: hydrates a prerendered page (every screen's, see scripts/prerender), renders any other afresh. */
export function startApp(container: HTMLElement): StartedApp {
  const router = createBrowserRouter(withStore(routes));
  // A navigation renders the new screen at once rather than as a transition: the screen is the
  // answer the guest waits for (a transition left the old one up about 40% longer: npm run bench).
  const app = (
    <StrictMode>
      <RouterProvider router={router} useTransitions={false} />
    </StrictMode>
  );
  const ready = routerReady(router);
  // React owns #root from here: home's script for the screen it carries lets clicks be (carriedScreen.js).
  container.setAttribute(adoptedMark, '');
  let firstScreen: Promise<void>;
  if (container.getAttribute(prerenderedMark) === routeOf(window.location.pathname)) {
    // Hydrating before the lazy route has loaded would render the empty fallback and mismatch.
    // From here React answers the page's controls, and reads what the guest did before (earlyForm.ts).
    firstScreen = ready.then(() => {
      adoptEarlyForm();
      hydrateRoot(container, app);
    });
  } else {
    createRoot(container).render(app);
    firstScreen = screenShown(container);
  }
  // A navigation asked for while hydrating waits for it, so the page is never rendered twice.
  return { navigate: (path) => void firstScreen.then(() => router.navigate(path)), firstScreen };
}
