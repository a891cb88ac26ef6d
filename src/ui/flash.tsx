// A short message in the status line ("copied", what the `:` prompt found), cleared after a few seconds.
import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';

export interface Flash {
  readonly message: string | undefined;
  show(message: string, ms?: number): void;
}

const FlashContext = createContext<Flash>({ message: undefined, show() {} });

export function FlashProvider({ children }: { children: ReactNode }) {
  const [message, setMessage] = useState<string | undefined>(undefined);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const show = useCallback((m: string, ms = 4_000) => {
    clearTimeout(timer.current);
    setMessage(m);
    timer.current = setTimeout(() => setMessage(undefined), ms);
    timer.current.unref?.();
  }, []);
  useEffect(() => () => clearTimeout(timer.current), []);
  const value = useMemo(() => ({ message, show }), [message, show]);
  return <FlashContext.Provider value={value}>{children}</FlashContext.Provider>;
}

export function useFlash(): Flash {
  return useContext(FlashContext);
}
