import { COMMANDS, type Scope } from '../keys/commands';
import { keyLabel } from '../keys/keymatch';
import { useTheme } from '../theme/ThemeContext';
import { Segments } from './StatusBar';

/** Footer hints for the commands of the given scopes that have a hint label. */
/** In the order of `scopes`: the most specific first, so they survive when the line is cut. */
/** `without`: commands of those scopes that do nothing where the hints are shown (x raw outside a transaction). */
export function hintsFor(scopes: readonly Scope[], without: readonly string[] = []): Array<{ key: string; label: string }> {
  return scopes.flatMap((scope) =>
    COMMANDS.filter((c) => c.hint && c.scope === scope && !without.includes(c.name)).map((c) => ({ key: keyLabel(c.keys[0]!), label: c.hint! })),
  );
}

export function KeyHints({ scopes, without, width }: { scopes: readonly Scope[]; without?: readonly string[]; width: number }) {
  const theme = useTheme();
  const parts = hintsFor(scopes, without).flatMap((h, i) => [
    { text: `${i > 0 ? '  ' : ''}${h.key}`, style: theme.chrome.key },
    { text: ` ${h.label}`, style: theme.chrome.hint },
  ]);
  return <Segments parts={parts} width={width} />;
}
