import { createContext, useContext, type ReactNode } from 'react';
import { useStore } from 'zustand';
import type { AvatopState, AvatopStore } from '../state/store';

const StoreContext = createContext<AvatopStore | undefined>(undefined);

export function StoreProvider({ store, children }: { store: AvatopStore; children: ReactNode }) {
  return <StoreContext.Provider value={store}>{children}</StoreContext.Provider>;
}

export function useAvatopStore(): AvatopStore {
  const store = useContext(StoreContext);
  if (!store) throw new Error('useAvatopStore outside StoreProvider');
  return store;
}

/** Subscribe to one selected piece of state; re-renders only when it changes (Object.is). */
export function useAvatop<T>(selector: (s: AvatopState) => T): T {
  return useStore(useAvatopStore(), selector);
}
