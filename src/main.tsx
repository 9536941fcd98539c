import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { Provider } from 'react-redux';
import { RouterProvider, createBrowserRouter } from 'react-router-dom';
import { makeStore } from './app/store';
import { routes } from './app/routes';
import { startBookingSync } from './features/bookings/bookingSync';
import { enhanceFragment, loadFragment } from './features/layout/fragments';
import { startWebVitals } from './features/layout/reportWebVitals';
import './shared/ui.css';

const { store, bookingStorage } = makeStore();
startBookingSync(store, bookingStorage);

const router = createBrowserRouter(routes);
const navigate = (path: string) => void router.navigate(path);

for (const name of ['header', 'footer'] as const) {
  const placeholder = document.getElementById(`site-${name}`);
  if (placeholder) {
    enhanceFragment(placeholder, navigate);
    void loadFragment(name, placeholder);
  }
}

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <Provider store={store}>
      <RouterProvider router={router} />
    </Provider>
  </StrictMode>,
);

startWebVitals();
