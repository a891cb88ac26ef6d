// `y`: copy through the app's clipboard action (OSC 52) and say so in the status line.
import { fitsOsc52 } from './osc52';
import { shortenId } from '../format/ids';
import { sanitize } from '../format/sanitize';

/** What copying needs from the app's config (ui/config's AppConfig has it): the monitor's clipboard action. */
export interface CopyTarget {
  readonly actions: { copy?(text: string): string | void };
}

/** Copies and returns the status-line message. */
export function osc52Copy(config: CopyTarget, text: string): string {
  if (!config.actions.copy) return 'copy needs a terminal (OSC 52)';
  if (!fitsOsc52(text)) return 'too long to copy through the terminal';
  const problem = config.actions.copy(text);
  if (problem) return problem;
  return `copied ${sanitize(shortenId(text, 10), { maxLength: 60 })}`;
}
