// Small per-pane choices that the store does not hold (e.g. which subnet the validators pane shows), kept across
// pane switches for the life of the app.
import { createContext, useCallback, useContext, useRef, useState } from 'react';
import type { ReactNode } from 'react';

const MemoryContext = createContext<Map<string, unknown> | undefined>(undefined);

export function PaneMemoryProvider({ children }: { children: ReactNode }) {
  const map = useRef(new Map<string, unknown>());
  return <MemoryContext.Provider value={map.current}>{children}</MemoryContext.Provider>;
}

export function usePaneMemory<T>(key: string, initial: T): [T, (v: T) => void] {
  const map = useContext(MemoryContext);
  const [value, setValue] = useState<T>(() => (map?.has(key) ? (map.get(key) as T) : initial));
  const set = useCallback(
    (v: T) => {
      map?.set(key, v);
      setValue(v);
    },
    [map, key],
  );
  return [value, set];
}
