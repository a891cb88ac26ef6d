// The single useInput of the app. Components register handlers on a layer with useKeyHandler; nothing else
// reads stdin, so there is no focus manager and no two handlers fight over a key.
import { createContext, useContext, useLayoutEffect, useMemo, useRef, type ReactNode } from 'react';
import { useInput } from 'ink';
import { dispatchKey, makeKeyEvent, splitKeys, type KeyHandler, type Layer, type Registration } from './router';

interface RouterApi {
  register(layer: Layer, handler: { current: KeyHandler }): () => void;
}

const RouterContext = createContext<RouterApi | undefined>(undefined);

export function KeyRouter({ children, active = true }: { children: ReactNode; active?: boolean }) {
  const regs = useRef(new Set<Registration>());
  const counter = useRef(0);
  const api = useMemo<RouterApi>(
    () => ({
      register(layer, handler) {
        const reg: Registration = { layer, handler, order: counter.current++ };
        regs.current.add(reg);
        return () => {
          regs.current.delete(reg);
        };
      },
    }),
    [],
  );
  useInput(
    (input, key) => {
      const textEntry = [...regs.current].some((r) => r.layer === 'prompt');
      for (const k of splitKeys(input, key, textEntry)) dispatchKey(regs.current, makeKeyEvent(k.input, k.key));
    },
    { isActive: active },
  );
  return <RouterContext.Provider value={api}>{children}</RouterContext.Provider>;
}

/** Handle keys on a layer while `active`. The handler may change every render; registration stays put. */
export function useKeyHandler(layer: Layer, handler: KeyHandler, active = true): void {
  const api = useContext(RouterContext);
  const ref = useRef(handler);
  ref.current = handler;
  // A layout effect, so a handler is in place as soon as its component is committed: a key typed right after the
  // one that opened a prompt (or pasted with it) must reach the prompt, not the layer below.
  useLayoutEffect(() => {
    if (!api || !active) return;
    return api.register(layer, ref);
  }, [api, layer, active]);
}
