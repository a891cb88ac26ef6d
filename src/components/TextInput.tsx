// A one-line input for the filter and prompts. It takes keys on the prompt layer, above everything else.
import { useRef } from 'react';
import { Text } from 'ink';
import { useKeyHandler } from '../input/KeyRouter';
import { textProps, useTheme } from '../theme/ThemeContext';
import { sanitize } from '../format/sanitize';
import { displayWidth, fit } from '../format/width';

export interface TextInputProps {
  readonly label: string;
  readonly value: string;
  readonly width: number;
  readonly onChange: (value: string) => void;
  readonly onSubmit: (value: string) => void;
  readonly onCancel: () => void;
  readonly placeholder?: string;
}

export function TextInput({ label, value, width, onChange, onSubmit, onCancel, placeholder }: TextInputProps) {
  const theme = useTheme();
  // The text as edited so far: several keys may arrive before the next render hands the new value back.
  const current = useRef(value);
  current.current = value;
  const change = (next: string) => {
    current.current = next;
    onChange(next);
  };
  useKeyHandler('prompt', (ev) => {
    const { key, input } = ev;
    if (key.ctrl && input === 'c') return false; // let Ctrl-C quit
    if (key.escape) onCancel();
    else if (key.backspace || key.delete) change(current.current.slice(0, -1));
    else if (key.ctrl && input === 'u') change('');
    else if (input && !key.ctrl && !key.meta && !key.tab && !key.upArrow && !key.downArrow) {
      // Typed or pasted text, with the Enter that came in the same chunk (key.return): one line, no controls.
      change(current.current + sanitize(input));
    }
    if (key.return && !key.escape) onSubmit(current.current);
    return true;
  });
  const shown = value || '';
  const room = Math.max(1, width - displayWidth(label) - 2);
  // Show the end of long input, where the typing happens.
  const tail = displayWidth(shown) > room - 1 ? '…' + shown.slice(-(room - 2)) : shown;
  return (
    <Text wrap="truncate">
      <Text {...textProps(theme.chrome.key)}>{label} </Text>
      <Text {...textProps(theme.text.primary)}>{tail}</Text>
      <Text inverse> </Text>
      {!shown && placeholder ? <Text {...textProps(theme.text.muted)}> {fit(placeholder, Math.max(0, room - 2))}</Text> : null}
    </Text>
  );
}
