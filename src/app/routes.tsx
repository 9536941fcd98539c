import type { RouteObject } from 'react-router-dom';
import { Layout } from '../features/layout/Layout';
import { RouteError } from '../features/layout/RouteError';
import { screens } from './screens';

/** Each screen is its own chunk (screens.ts), so the home page loads no booking code. */
export const routes: RouteObject[] = [
  {
    element: <Layout />,
    errorElement: <RouteError />,
    HydrateFallback: () => null,
    children: [
      {
        errorElement: <RouteError />,
        children: (Object.keys(screens) as Array<keyof typeof screens>).map((path) => ({
          path,
          lazy: () => screens[path](path).then((Component) => ({ Component })),
        })),
      },
    ],
  },
];
