// A one-line input for the filter and prompts. It takes keys on the prompt layer, above everything else
// (use-text-entry.ts; the console's fields type through the same rule).
import { Text } from 'ink';
import { useTextEntry } from './use-text-entry';
import { textProps, useTheme } from '../theme/ThemeContext';
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
  useTextEntry(value, { onChange, onSubmit, onCancel });
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
