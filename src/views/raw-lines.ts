// Raw forms for the tx view's toggle: hex cut into lines, and the node's JSON pretty-printed line by line.
import { stringifyJsonBig } from '../codec/json-big';
import { flatten } from '../format/fields';
import { sanitize } from '../format/sanitize';
import { line, section, type DetailLine } from './detail-lines';

/**
 * The hex cut into rows that fit the view's value column (`labelWidth` as the view lays it out), each labelled with
 * the byte offset of its first byte; the 0x prefix is no byte, so it does not shift the offsets.
 */
export function hexLines(title: string, hex: string | undefined, width: number, labelWidth = 8): DetailLine[] {
  if (!hex) return [section(title), line('hex', 'not loaded', { tone: 'muted' })];
  const valueWidth = width - labelWidth - 2; // the cursor marker and the space after the label
  const chunk = Math.max(16, Math.floor(valueWidth / 2) * 2);
  const clean = sanitize(hex);
  const body = clean.startsWith('0x') ? clean.slice(2) : clean;
  const out: DetailLine[] = [section(`${title} (${body.length / 2} bytes with the API checksum)`)];
  for (let i = 0; i < body.length; i += chunk) {
    // The whole blob is what `y` copies, from any of its lines.
    out.push(line(String(i / 2), body.slice(i, i + chunk), { copy: clean }));
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
