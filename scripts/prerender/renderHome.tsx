import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { StaticRouterProvider, createStaticHandler, createStaticRouter } from 'react-router-dom';
import { paths } from '../../src/app/paths';
import { routes } from '../../src/app/routes';

/**
 * Renders the home page with the app's own route table, so the HTML is exactly what the
 * browser's first render produces and hydrateRoot can adopt it. No store: the home page has none.
 */
export async function renderHome(): Promise<string> {
  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request(`http://localhost${paths.home}`));
  if (context instanceof Response) throw new Error(`Prerendering ${paths.home} answered with a redirect (${context.status})`);
  if (context.errors) throw new Error(`Prerendering ${paths.home} failed: ${JSON.stringify(context.errors)}`);
  const router = createStaticRouter(handler.dataRoutes, context);
  return renderToString(
    <StrictMode>
      <StaticRouterProvider router={router} context={context} hydrate={false} />
    </StrictMode>,
  );
}
