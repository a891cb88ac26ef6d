// Typing into a line of text on the prompt layer, above everything else, while `active`: the keys go through
// editText and come out as change, submit and cancel.
import { useRef } from 'react';
import { useKeyHandler } from '../input/KeyRouter';
import { editText } from './text-edit';

export interface TextEntryHandlers {
  /** `previous`: the text before this key. */
  readonly onChange: (value: string, previous: string) => void;
  readonly onSubmit: (value: string) => void;
  readonly onCancel: () => void;
}

export function useTextEntry(value: string, handlers: TextEntryHandlers, active = true): void {
  // The text as edited so far: several keys may arrive before the next render hands the new value back.
  const current = useRef(value);
  current.current = value;
  useKeyHandler(
    'prompt',
    (ev) => {
      const edit = editText(current.current, ev.input, ev.key);
      if (edit.kind === 'pass') return false;
      if (edit.kind === 'cancel') {
        handlers.onCancel();
        return true;
      }
      if (edit.changed) {
        const previous = current.current;
        current.current = edit.text;
        handlers.onChange(edit.text, previous);
      }
      if (edit.submit) handlers.onSubmit(edit.text);
      return true;
    },
    active,
  );
}
