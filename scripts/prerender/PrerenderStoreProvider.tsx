import { configureStore } from '@reduxjs/toolkit';
import type { ReactNode } from 'react';
import { Provider } from 'react-redux';
import { stateBeforeStorage } from '../../src/app/store';

// Stands in for src/app/StoreProvider.tsx in the build-time render: the state before any storage
// is read, the very state the browser hydrates with, in the same Provider (so the component tree
// matches what the browser hydrates). Nothing is dispatched at build time.
const store = configureStore({ reducer: (state: ReturnType<typeof stateBeforeStorage> = stateBeforeStorage()) => state });

export function StoreProvider({ children }: { children: ReactNode }) {
  return <Provider store={store}>{children}</Provider>;
}
