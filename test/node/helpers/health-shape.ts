// Compares two /ext/health replies as avatop reads them: the same check names, the same keys and value kinds in
// each check, and the same error wording once numbers are masked (percentages, peer counts and durations differ
// from run to run; the words are what the summary and the screens rely on).
import { diffShapes, shapeOf } from './shape';

type Obj = Record<string, unknown>;
const asObj = (v: unknown): Obj => (v !== null && typeof v === 'object' && !Array.isArray(v) ? (v as Obj) : {});

/** "connected to 20.000000%; required at least 80.000000%" → "connected to #%; required at least #%". */
export function maskNumbers(text: string): string {
  return text.replace(/\d+(\.\d+)?/g, '#');
}

/** One line per difference of `other` (e.g. the simulator) against `real` (the node's `result`). */
export function healthReplyDiffs(real: unknown, other: unknown): string[] {
  const r = asObj(real);
  const o = asObj(other);
  const out: string[] = [];
  if (r.healthy !== o.healthy) out.push(`healthy: real node says ${String(r.healthy)}, other ${String(o.healthy)}`);
  const rc = asObj(r.checks);
  const oc = asObj(o.checks);
  const names = (c: Obj) => Object.keys(c).sort().join(', ');
  if (names(rc) !== names(oc)) out.push(`check names: real node has ${names(rc)}; other has ${names(oc)}`);
  for (const name of Object.keys(rc)) {
    if (!(name in oc)) continue;
    out.push(...diffShapes(shapeOf(rc[name]), shapeOf(oc[name]), `$.checks.${name}`));
    const re = asObj(rc[name]).error;
    const oe = asObj(oc[name]).error;
    const mask = (e: unknown) => (typeof e === 'string' ? maskNumbers(e) : String(e));
    if (mask(re) !== mask(oe)) out.push(`$.checks.${name}.error: real node says ${JSON.stringify(re)}, other ${JSON.stringify(oe)}`);
  }
  return out;
}
