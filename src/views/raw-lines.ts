// Raw forms for the tx view's toggle: hex cut into lines, and the node's JSON pretty-printed line by line.
import { stringifyJsonBig } from '../codec/json-big';
import { flatten } from '../panes/fields';
import { sanitize } from '../format/sanitize';
import { line, section, type DetailLine } from './detail-lines';

export function hexLines(title: string, hex: string | undefined, width: number): DetailLine[] {
  if (!hex) return [section(title), line('hex', 'not loaded', { tone: 'muted' })];
  const chunk = Math.max(16, (Math.floor((width - 12) / 2) * 2) | 0);
  const clean = sanitize(hex);
  const out: DetailLine[] = [section(`${title} (${(clean.length - 2) / 2} bytes with the API checksum)`)];
  for (let i = 0; i < clean.length; i += chunk) {
    // The whole blob is what `y` copies, from any of its lines.
    out.push(line(String(i / 2), clean.slice(i, i + chunk), { copy: clean }));
  }
  return out;
}

export function jsonLines(title: string, json: unknown): DetailLine[] {
  if (json === undefined) return [section(title), line('json', 'loading…', { tone: 'muted' })];
  let text: string;
  try {
    text = stringifyJsonBig(json, 2);
  } catch {
    text = String(json);
  }
  return [section(title), ...text.split('\n').slice(0, 5_000).map((l) => line('', sanitize(l)))];
}

/** A JSON object as path/value lines (the fallback for a tx type our codec cannot decode). */
export function flatLines(v: unknown): DetailLine[] {
  return flatten(v).map(([k, x]) => line(k, x));
}
