// The health view's lines: every check the node runs, failing first, with its error, when it last ran, how long it
// took, how long it has been failing, and its details. Pure, so it tests without a terminal.
import type { HealthCheckRow, HealthSummary } from '../domain/health/health-summary';
import { formatConnected } from '../domain/health/health-summary';
import { flatten } from '../format/fields';
import { sanitize } from '../format/sanitize';
import { formatAge, formatTimestamp } from '../format/time';
import { line, section, type DetailLine } from './detail-lines';
import type { NodeNames } from '../state/names';

/**
 * A check's name as the node registers it: the primary chains by alias ("P"), a subnet's chain by its ID
 * (chains/manager.go), which the chain's name then stands for: "Juniper Exchange" (whole ID in its section).
 */
function checkName(name: string, names: NodeNames | undefined): { short: string; full: string } {
  const n = sanitize(name, { maxLength: 80 });
  const chain = names?.chain(name);
  return chain ? { short: sanitize(chain, { maxLength: 40 }), full: `${sanitize(chain, { maxLength: 40 })} (chain ${n})` } : { short: n, full: n };
}

/** A detail that is a chain's or a subnet's ID (the bootstrapped check lists subnets) with its name beside it. */
function named(value: string, names: NodeNames | undefined): string {
  const name = names?.chain(value) ?? names?.subnet(value);
  return name ? `${value} (${sanitize(name, { maxLength: 60 })})` : value;
}

/** Check durations are microseconds to milliseconds; show them at that scale. */
export function formatCheckDuration(ms: number | undefined): string {
  if (ms === undefined) return '—';
  if (ms < 1) return `${Math.round(ms * 1000)} µs`;
  if (ms < 1000) return `${ms.toFixed(ms < 10 ? 1 : 0)} ms`;
  return `${(ms / 1000).toFixed(2)} s`;
}

const STATE_WORDS = { failing: 'FAILING', pending: 'not run yet', passing: 'passing' } as const;
const STATE_TONES = { failing: 'error', pending: 'warn', passing: 'ok' } as const;

function oneLine(c: HealthCheckRow): string {
  if (c.state === 'pending') return 'not run yet';
  if (c.state === 'failing') return `FAILING: ${sanitize(c.error ?? '', { maxLength: 4096 })}`;
  return `passing (${formatCheckDuration(c.durationMs)})`;
}

function checkLines(c: HealthCheckRow, now: number, names: NodeNames | undefined): DetailLine[] {
  const out: DetailLine[] = [section(`${checkName(c.name, names).full}: ${STATE_WORDS[c.state]}`)];
  out.push(line('state', STATE_WORDS[c.state], { tone: STATE_TONES[c.state] }));
  if (c.state === 'pending') {
    out.push(line('why', 'registered after the node last ran its checks; it runs them every --health-check-frequency (30 s by default)', { tone: 'muted' }));
  } else if (c.error !== undefined) {
    out.push(line('error', sanitize(c.error, { maxLength: 4096 }), { tone: 'error', copy: sanitize(c.error, { maxLength: 4096 }) }));
  }
  out.push(line('timestamp', c.timestamp ? `${formatTimestamp(c.timestamp)} (${formatAge(c.timestamp, now)})` : 'never ran'));
  out.push(line('duration', formatCheckDuration(c.durationMs)));
  if (c.contiguousFailures !== undefined) out.push(line('failures in a row', String(c.contiguousFailures), { tone: 'warn' }));
  if (c.timeOfFirstFailure) out.push(line('failing since', `${formatTimestamp(c.timeOfFirstFailure)} (${formatAge(c.timeOfFirstFailure, now)})`, { tone: 'warn' }));
  if (c.message !== undefined && c.message !== null) {
    // Details, flattened: engine heights, networking.percentConnected, disconnected validators, disk space …
    // The last two parts of a key name it well enough and keep the label column narrow for the values.
    for (const [k, v] of flatten(c.message)) out.push(line(k.split('.').slice(-2).join('.'), named(v, names)));
  }
  return out;
}

/** `names`: chains and subnets by name where the node knows them (state/names.ts). */
export function healthLines(s: HealthSummary, now: number, names?: NodeNames): DetailLine[] {
  const overall =
    s.kind === 'unknown'
      ? line('node says', 'no reply yet', { tone: 'muted' })
      : line('node says', s.healthy ? 'healthy' : `unhealthy: ${sanitize(s.text)}`, { tone: s.tone });
  const out: DetailLine[] = [section('Health (/ext/health)'), overall];
  const short = (xs: readonly string[]) => xs.map((n) => checkName(n, names).short).join(', ');
  if (s.failing.length > 0) out.push(line('failing', short(s.failing), { tone: 'error' }));
  if (s.pending.length > 0) out.push(line('not run yet', short(s.pending), { tone: 'warn' }));
  if (s.percentConnected !== undefined) {
    out.push(
      line('connected stake', `${formatConnected(s.percentConnected)} (the node needs ${formatConnected(s.requiredConnected)})`, { tone: s.stakeLow ? 'warn' : 'ok' }),
    );
  }
  // One line per check first, so the whole picture fits a screen; then each check in full.
  out.push(section(`Checks (${s.checks.length})`));
  for (const c of s.checks) out.push(line(checkName(c.name, names).short, oneLine(c), { tone: STATE_TONES[c.state] }));
  for (const c of s.checks) out.push(...checkLines(c, now, names));
  return out;
}
