import type { ComponentType, ReactNode } from 'react';
import type { RouteObject } from 'react-router-dom';
import { paths } from '../shared/paths';
import { loadStore, screensAskingTheApi } from './screens';

type LazyRoute = Awaited<ReturnType<Extract<RouteObject['lazy'], (...args: never[]) => unknown>>>;

function wrap(Screen: ComponentType, StoreProvider: ComponentType<{ children: ReactNode }>): ComponentType {
  function WithStore() {
    return (
      <StoreProvider>
        <Screen />
      </StoreProvider>
    );
  }
  WithStore.displayName = `WithStore(${Screen.displayName ?? Screen.name})`;
  return WithStore;
}

/**
 * Every lazily loaded screen but the home page loads the store chunk beside its own chunk and
 * renders inside its Provider, so the home page's JavaScript holds no Redux code at all. The
 * screens that ask the bookings API also wait for it (and its source) to join the store.
 * Tests render the plain routes inside their own Provider instead.
 */
export function withStore(routes: RouteObject[]): RouteObject[] {
  return routes.map((route): RouteObject => {
    const children = route.children ? withStore(route.children) : undefined;
    const lazy = route.lazy;
    const needsStore = typeof lazy === 'function' && route.path !== paths.home;
    const next = { ...route, ...(children ? { children } : {}) } as RouteObject;
    if (!needsStore) return next;
    return {
      ...next,
      lazy: async () => {
        const [screen, { StoreProvider }] = await Promise.all([
          (lazy as () => Promise<LazyRoute>)(),
          // The build's stand-in store (scripts/prerender) has the API from the start: no apiReady.
          loadStore().then((m) => ('apiReady' in m && screensAskingTheApi.has(route.path ?? '') ? m.apiReady().then(() => m) : m)),
        ]);
        return screen.Component ? { ...screen, Component: wrap(screen.Component, StoreProvider) } : screen;
      },
    } as RouteObject;
  });
}
