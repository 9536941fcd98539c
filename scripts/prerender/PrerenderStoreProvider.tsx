import { configureStore } from '@reduxjs/toolkit';
import type { ReactNode } from 'react';
import { Provider } from 'react-redux';
import { bookingsApi } from '../../src/api/bookingsApi';
import { stateBeforeStorage } from '../../src/app/store';

// Stands in for src/app/StoreProvider.tsx in the build-time render: the state before any storage
// is read, the very state the browser hydrates with, in the same Provider (so the component tree
// matches what the browser hydrates), and the bookings API's empty cache: the screens render
// their frames as they do before any answer. Nothing is dispatched at build time.
const state = { ...stateBeforeStorage(), [bookingsApi.reducerPath]: bookingsApi.reducer(undefined, { type: 'prerender' }) };
const store = configureStore({ reducer: (current: typeof state = state) => current });

export function StoreProvider({ children }: { children: ReactNode }) {
  return <Provider store={store}>{children}</Provider>;
}
