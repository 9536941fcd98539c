import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { RouterProvider, createBrowserRouter } from 'react-router-dom';
import { routes } from './routes';
import { withStore } from './withStore';

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

/** Mounts React: hydrates the prerendered home page, renders every other route afresh. */
export function startApp(container: HTMLElement): StartedApp {
  const router = createBrowserRouter(withStore(routes));
  const app = (
    <StrictMode>
      <RouterProvider router={router} />
    </StrictMode>
  );
  const ready = routerReady(router);
  let firstScreen: Promise<void>;
  if (container.dataset.prerendered === window.location.pathname) {
    // Hydrating before the lazy home route has loaded would render the empty fallback and mismatch.
    firstScreen = ready.then(() => void hydrateRoot(container, app));
  } else {
    createRoot(container).render(app);
    firstScreen = ready.then(() => new Promise<void>((resolve) => requestAnimationFrame(() => resolve())));
  }
  // A navigation asked for while hydrating waits for it, so the page is never rendered twice.
  return { navigate: (path) => void firstScreen.then(() => router.navigate(path)), firstScreen };
}
