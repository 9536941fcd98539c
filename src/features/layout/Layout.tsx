import { useEffect, useRef } from 'react';
import { Outlet, ScrollRestoration, useLocation } from 'react-router-dom';

/** The part of every page between the header and footer fragments. */
export function Layout() {
  const main = useRef<HTMLElement>(null);
  const { pathname } = useLocation();
  const firstRender = useRef(true);

  // After an in-app navigation, move focus to the new screen so screen readers announce it.
  useEffect(() => {
    if (firstRender.current) {
      firstRender.current = false;
      return;
    }
    main.current?.focus({ preventScroll: true });
  }, [pathname]);

  return (
    <main id="main" ref={main} tabIndex={-1}>
      <Outlet />
      <ScrollRestoration />
    </main>
  );
}
