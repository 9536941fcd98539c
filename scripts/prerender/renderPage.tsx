import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { StaticRouterProvider, createStaticHandler, createStaticRouter } from 'react-router-dom';
import { routes } from '../../src/app/routes';
import { withStore } from '../../src/app/withStore';

/**
 * Renders one route with the app's own route table (and its store wrapper, so the component tree
 * is the one the browser hydrates). Screens with a store get one that has read no storage (see
 * PrerenderStoreProvider.tsx): the page shows what a first-time guest sees.
 */
export async function renderPage(path: string): Promise<string> {
  const handler = createStaticHandler(withStore(routes));
  const context = await handler.query(new Request(`http://localhost${path}`));
  if (context instanceof Response) throw new Error(`Prerendering ${path} answered with a redirect (${context.status})`);
  if (context.errors) throw new Error(`Prerendering ${path} failed: ${JSON.stringify(context.errors)}`);
  const router = createStaticRouter(handler.dataRoutes, context);
  return renderToString(
    <StrictMode>
      <StaticRouterProvider router={router} context={context} hydrate={false} />
    </StrictMode>,
  );
}
