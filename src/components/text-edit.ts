// One key applied to a line of text being typed: the editing rule every text prompt shares (the prompt line's
// TextInput, the console's fields and method filter). Pure, so it is tested without a terminal.
import type { Key } from 'ink';
import { sanitize } from '../format/sanitize';

export type TextEdit =
  /** Not for the prompt: Ctrl-C goes on to quit. */
  | { readonly kind: 'pass' }
  | { readonly kind: 'cancel' }
  /** `changed`: the key edits the text (backspace on an empty line still counts, as it always has). */
  | { readonly kind: 'edit'; readonly text: string; readonly changed: boolean; readonly submit: boolean };

export function editText(text: string, input: string, key: Key): TextEdit {
  if (key.ctrl && input === 'c') return { kind: 'pass' };
  if (key.escape) return { kind: 'cancel' };
  let next = text;
  let changed = true;
  if (key.backspace || key.delete) next = text.slice(0, -1);
  else if (key.ctrl && input === 'u') next = '';
  // Typed or pasted text, with the Enter that came in the same chunk (key.return): one line, no controls.
  else if (input && !key.ctrl && !key.meta && !key.tab && !key.upArrow && !key.downArrow) next = text + sanitize(input);
  else changed = false;
  return { kind: 'edit', text: next, changed, submit: key.return };
}
