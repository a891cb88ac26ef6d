// Pure routing: which commands a key event names, and which layer gets it first.
import type { Key } from 'ink';
import { COMMANDS, type CommandName } from '../keys/commands';
import { keyMatches } from '../keys/keymatch';

/** Topmost first: a prompt being typed in beats an overlay, which beats a drill-down view, a pane, the globals. */
export const LAYERS = ['prompt', 'overlay', 'view', 'pane', 'global'] as const;
export type Layer = (typeof LAYERS)[number];

export interface KeyEvent {
  readonly input: string;
  readonly key: Key;
  /** Every command whose keys match, whatever its scope; handlers pick the ones they own. */
  readonly commands: readonly CommandName[];
  is(name: CommandName): boolean;
  /** Pasted text (bracketed paste): text only, it names no command. `input` holds it, one line. */
  readonly paste: boolean;
  /**
   * A handler that opens a text prompt calls this: the rest of the chunk (and keys arriving before the prompt is on
   * screen) are text for that prompt, not commands for the layers below it.
   */
  opensText(): void;
  readonly textOpened: boolean;
}

export type KeyHandler = (ev: KeyEvent) => boolean | void;

export function commandsFor(input: string, key: Key): CommandName[] {
  const out: CommandName[] = [];
  for (const c of COMMANDS) if (c.keys.some((k) => keyMatches(k, input, key))) out.push(c.name);
  return out;
}

export function makeKeyEvent(input: string, key: Key, paste = false): KeyEvent {
  const commands = paste ? [] : commandsFor(input, key);
  let opened = false;
  return {
    input,
    key,
    commands,
    paste,
    is: (name) => commands.includes(name),
    opensText: () => {
      opened = true;
    },
    get textOpened() {
      return opened;
    },
  };
}

export interface Registration {
  readonly layer: Layer;
  readonly handler: { current: KeyHandler };
  readonly order: number;
}

/**
 * Offer the event to layers top-down; within a layer the most recently registered handler goes first.
 * Returns the layer that took it, or undefined.
 */
export function dispatchKey(regs: Iterable<Registration>, ev: KeyEvent): Layer | undefined {
  const sorted = [...regs].sort((a, b) => LAYERS.indexOf(a.layer) - LAYERS.indexOf(b.layer) || b.order - a.order);
  for (const r of sorted) {
    if (r.handler.current(ev) === true) return r.layer;
  }
  return undefined;
}

const SPECIAL: readonly (keyof Key)[] = ['upArrow', 'downArrow', 'leftArrow', 'rightArrow', 'pageDown', 'pageUp', 'home', 'end', 'return', 'escape', 'ctrl', 'tab', 'backspace', 'delete', 'meta', 'super', 'hyper'];

/**
 * The keys in one chunk of input. A terminal hands over whatever was typed since the last read as one chunk, so
 * keys pressed while a frame was being painted arrive together ("12", "j\r"); Ink passes such a chunk on as one
 * input, which no key binding matches. Outside a text prompt each character is its own key press. A prompt takes
 * the text whole, with an Enter that came in the same chunk as the same event (`input` "validators", `key.return`),
 * so the prompt accepts exactly what was typed; anything with modifiers or control bytes this cannot name stays whole.
 */
export function splitKeys(input: string, key: Key, textEntry: boolean): { input: string; key: Key }[] {
  // Ink hands Enter over as input "\r" with key.return; an Enter carries no text.
  if (key.return && /^[\r\n]+$/.test(input)) return [{ input: '', key }];
  const chars = [...input];
  if (chars.length < 2 || SPECIAL.some((k) => key[k] === true)) return [{ input, key }];
  if (textEntry) return splitLines(input).map((l) => ({ input: l.text, key: plainKey({ return: l.enter }) }));
  const out: { input: string; key: Key }[] = [];
  for (const c of chars) {
    if (c === '\r' || c === '\n') out.push({ input: '', key: plainKey({ return: true }) });
    else if (c === '\t') out.push({ input: '', key: plainKey({ tab: true }) });
    else if (c < ' ' || c === '\x7f') return [{ input, key }];
    else out.push({ input: c, key: plainKey({ shift: /[A-Z]/.test(c) }) });
  }
  return out;
}

/** Text cut at each CR, LF or CRLF: every line but a trailing unterminated one ends with an Enter. */
export function splitLines(text: string): { text: string; enter: boolean }[] {
  const parts = text.split(/\r\n|\r|\n/);
  const out = parts.map((t, i) => ({ text: t, enter: i < parts.length - 1 }));
  if (out.length > 1 && out[out.length - 1]!.text === '') out.pop();
  return out;
}

/** Bracketed paste's markers as Ink hands them over: the CSI sequence without its ESC, and no key flags. */
export function pasteMarker(input: string, key: Key): 'start' | 'end' | undefined {
  if (SPECIAL.some((k) => key[k] === true)) return undefined;
  if (input === '[200~') return 'start';
  if (input === '[201~') return 'end';
  return undefined;
}

/**
 * What a paste means for a one-line prompt: its lines joined by spaces, and a trailing newline as Enter (a copied
 * ID often carries one). A newline inside the text is never taken as Enter: pasted text is text.
 */
export function pastedText(raw: string): { text: string; enter: boolean } {
  const enter = /[\r\n]\s*$/.test(raw);
  const text = raw.replace(/\s+$/, '').replace(/^\s+/, '').replace(/\s*(\r\n|\r|\n)\s*/g, ' ');
  return { text, enter };
}

/** A Key with every flag off, for building events in code and tests. */
export function plainKey(over: Partial<Key> = {}): Key {
  return {
    upArrow: false,
    downArrow: false,
    leftArrow: false,
    rightArrow: false,
    pageDown: false,
    pageUp: false,
    home: false,
    end: false,
    return: false,
    escape: false,
    ctrl: false,
    shift: false,
    tab: false,
    backspace: false,
    delete: false,
    meta: false,
    super: false,
    hyper: false,
    capsLock: false,
    numLock: false,
    ...over,
  };
}
