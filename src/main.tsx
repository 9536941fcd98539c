import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { RouterProvider, createBrowserRouter } from 'react-router-dom';
import { routes } from './app/routes';
import { withStore } from './app/withStore';
import { enhanceFragment, loadFragment } from './features/layout/fragments';
import { startWebVitals } from './features/layout/reportWebVitals';
import './shared/ui.css';

type AppRouter = ReturnType<typeof createBrowserRouter>;

const router = createBrowserRouter(withStore(routes));
const navigate = (path: string) => void router.navigate(path);
const container = document.getElementById('root')!;

/** Resolves once the router has loaded the first route's lazy screen (and so renders it, not the fallback). */
function routerReady(appRouter: AppRouter): Promise<void> {
  if (appRouter.state.initialized) return Promise.resolve();
  return new Promise((resolve) => {
    const stop = appRouter.subscribe((state) => {
      if (!state.initialized) return;
      stop();
      resolve();
    });
  });
}

function startFragment(name: 'header' | 'footer'): void {
  const placeholder = document.getElementById(`site-${name}`);
  if (!placeholder) return;
  enhanceFragment(placeholder, navigate);
  void loadFragment(name, placeholder);
}

const app = (
  <StrictMode>
    <RouterProvider router={router} />
  </StrictMode>
);

// The build prerenders "/" (see scripts/prerender); every other path gets an empty #root.
const prerendered = container.dataset.prerendered === window.location.pathname;
const firstScreen = routerReady(router);

startFragment('header');
if (prerendered) {
  // Hydrating before the lazy home route has loaded would render the empty fallback and mismatch.
  void firstScreen.then(() => hydrateRoot(container, app));
  startFragment('footer');
} else {
  createRoot(container).render(app);
  // A footer that arrived before the screen would be pushed down by it: a layout shift.
  void firstScreen.then(() => requestAnimationFrame(() => startFragment('footer')));
}

startWebVitals();
