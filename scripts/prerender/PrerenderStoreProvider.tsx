import type { ReactNode } from 'react';
import { Provider } from 'react-redux';
import { makeStoreBeforeStorage } from '../../src/app/storeBeforeStorage';

// Stands in for src/app/StoreProvider.tsx in the build-time render: no browser storage, no tab
// sync, the same Provider (so the component tree matches what the browser hydrates).
const { store } = makeStoreBeforeStorage();

export function StoreProvider({ children }: { children: ReactNode }) {
  return <Provider store={store}>{children}</Provider>;
}
