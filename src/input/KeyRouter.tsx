// The single useInput of the app. Components register handlers on a layer with useKeyHandler; nothing else
// reads stdin, so there is no focus manager and no two handlers fight over a key.
import { createContext, useContext, useLayoutEffect, useMemo, useRef, type ReactNode } from 'react';
import { useInput, type Key } from 'ink';
import { dispatchKey, makeKeyEvent, pasteMarker, pastedText, plainKey, splitKeys, type KeyHandler, type Layer, type Registration } from './router';

interface RouterApi {
  register(layer: Layer, handler: { current: KeyHandler }): () => void;
}

interface RouterCore extends RouterApi {
  onInput(input: string, key: Key): void;
}

interface RawKey {
  readonly input: string;
  readonly key: Key;
  readonly paste?: boolean;
}

/** How long keys wait for a prompt that a command said it opened; past that they go on as ordinary keys. */
const PROMPT_WAIT_MS = 500;

const RouterContext = createContext<RouterApi | undefined>(undefined);

export function KeyRouter({ children, active = true }: { children: ReactNode; active?: boolean }) {
  const regs = useRef(new Set<Registration>());
  const counter = useRef(0);
  // Text collected between the paste markers; undefined when no paste is under way.
  const paste = useRef<string | undefined>(undefined);
  // Keys that arrived after a command opened a prompt and before the prompt took its place on the layers.
  const waiting = useRef<{ queue: RawKey[]; timer: ReturnType<typeof setTimeout> } | undefined>(undefined);

  const api = useMemo<RouterCore>(() => {
    const hasPrompt = (set: Iterable<Registration>) => [...set].some((r) => r.layer === 'prompt');

    const flush = () => {
      const w = waiting.current;
      if (!w) return;
      clearTimeout(w.timer);
      waiting.current = undefined;
      // Plain characters and Enters rejoin into one chunk, so the prompt takes them as one edit.
      let text = '';
      const feedText = () => {
        if (text) feed({ input: text, key: plainKey() });
        text = '';
      };
      for (const k of w.queue) {
        if (k.paste) {
          feedText();
          feed(k);
        } else if (k.key.return && !k.input) text += '\r';
        else if (!k.key.return && k.input && ![...k.input].some((c) => c < ' ') && !k.key.ctrl && !k.key.meta) text += k.input;
        else {
          feedText();
          feed(k);
        }
      }
      feedText();
    };

    const wait = (queue: RawKey[]) => {
      waiting.current = { queue, timer: setTimeout(flush, PROMPT_WAIT_MS) };
      waiting.current.timer.unref?.();
    };

    /** One chunk (or one paste) to the layers, with the text-entry rules of whatever is registered now. */
    const feed = (raw: RawKey, skipPrompt = false): void => {
      if (waiting.current) {
        waiting.current.queue.push(raw);
        return;
      }
      const set = skipPrompt ? [...regs.current].filter((r) => r.layer !== 'prompt') : regs.current;
      const textEntry = !skipPrompt && hasPrompt(set);
      const keys: RawKey[] = raw.paste ? [raw] : splitKeys(raw.input, raw.key, textEntry);
      for (let i = 0; i < keys.length; i++) {
        const k = keys[i]!;
        const ev = makeKeyEvent(k.input, k.key, k.paste === true);
        dispatchKey(set, ev);
        const rest = keys.slice(i + 1);
        if (ev.textOpened) {
          // A paste that opened the prompt is the prompt's text.
          wait(k.paste ? [k, ...rest] : rest);
          return;
        }
        if (textEntry && k.key.return && rest.length) {
          // The prompt is closing: what was typed after its Enter belongs to the screen below it.
          for (const r of rest) feed({ input: r.input + (r.key.return ? '\r' : ''), key: plainKey() }, true);
          return;
        }
      }
    };

    const onInput = (input: string, key: Key) => {
      const marker = pasteMarker(input, key);
      if (marker === 'start') {
        paste.current = '';
        return;
      }
      if (paste.current !== undefined) {
        if (marker === 'end') {
          const { text, enter } = pastedText(paste.current);
          paste.current = undefined;
          if (text || enter) feed({ input: text, key: plainKey({ return: enter }), paste: true });
        } else paste.current += key.return ? '\n' : key.tab ? '\t' : input;
        return;
      }
      feed({ input, key });
    };

    return {
      register(layer, handler) {
        const reg: Registration = { layer, handler, order: counter.current++ };
        regs.current.add(reg);
        // After this commit's other layout effects, so every layer of the new screen is in place.
        if (layer === 'prompt' && waiting.current) queueMicrotask(flush);
        return () => {
          regs.current.delete(reg);
        };
      },
      onInput,
    };
  }, []);

  useInput((input, key) => api.onInput(input, key), { isActive: active });
  return <RouterContext.Provider value={api}>{children}</RouterContext.Provider>;
}

/** Handle keys on a layer while `active`. The handler may change every render; registration stays put. */
export function useKeyHandler(layer: Layer, handler: KeyHandler, active = true): void {
  const api = useContext(RouterContext);
  const ref = useRef(handler);
  ref.current = handler;
  // A layout effect, so a handler is in place as soon as its component is committed; keys that arrive before that
  // (typed or pasted together with the key that opened a prompt) are held for it by the router.
  useLayoutEffect(() => {
    if (!api || !active) return;
    return api.register(layer, ref);
  }, [api, layer, active]);
}
