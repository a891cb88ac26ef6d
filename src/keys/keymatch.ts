// Matching Ink key events against the command table's key specs, and showing specs to people.
import type { Key } from 'ink';

const NAMED: Record<string, (k: Key) => boolean> = {
  up: (k) => k.upArrow,
  down: (k) => k.downArrow,
  left: (k) => k.leftArrow,
  right: (k) => k.rightArrow,
  pageup: (k) => k.pageUp,
  pagedown: (k) => k.pageDown,
  home: (k) => k.home,
  end: (k) => k.end,
  enter: (k) => k.return,
  escape: (k) => k.escape,
  tab: (k) => k.tab,
  backspace: (k) => k.backspace || k.delete,
};

/** Does the key event (Ink's input string and flags) match one spec like "q", "G", "ctrl+c", "shift+tab"? */
export function keyMatches(spec: string, input: string, key: Key): boolean {
  // Single printable characters, including "+" and "-" which would otherwise parse as modifiers.
  if (spec.length === 1) return input === spec && !key.ctrl && !(key.meta && !key.escape);
  const parts = spec.split('+');
  const base = parts.pop()!;
  const mods = new Set(parts);
  const named = NAMED[base];
  if (named) {
    if (!named(key)) return false;
    if (base === 'tab') return mods.has('shift') === key.shift;
    if (mods.has('ctrl') !== key.ctrl) return false;
    return true;
  }
  if (mods.has('ctrl')) return key.ctrl && input === base;
  if (key.ctrl || (key.meta && !key.escape)) return false;
  return input === base;
}

const LABELS: Record<string, string> = {
  up: '↑',
  down: '↓',
  left: '←',
  right: '→',
  pageup: 'PgUp',
  pagedown: 'PgDn',
  home: 'Home',
  end: 'End',
  enter: 'Enter',
  escape: 'Esc',
  tab: 'Tab',
  backspace: 'Backspace',
};

export function keyLabel(spec: string): string {
  if (spec.length === 1) return spec;
  const parts = spec.split('+');
  const base = parts.pop()!;
  const label = LABELS[base] ?? base;
  return [...parts.map((m) => (m === 'ctrl' ? 'Ctrl' : m === 'shift' ? 'Shift' : m)), label].join('-');
}
