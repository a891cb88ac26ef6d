// The Prometheus text exposition format (version 0.0.4): families with HELP and TYPE, then their samples.
// Label values and help text come from nodes, so they are escaped here, once, and nothing else writes the format.

export type MetricType = 'gauge' | 'counter' | 'info';

export interface Sample {
  readonly labels: Readonly<Record<string, string>>;
  readonly value: number;
}

export interface Family {
  readonly name: string;
  readonly help: string;
  readonly type: MetricType;
  readonly samples: readonly Sample[];
}

export const EXPOSITION_CONTENT_TYPE = 'text/plain; version=0.0.4; charset=utf-8';

const NAME = /^[a-zA-Z_:][a-zA-Z0-9_:]*$/;
const LABEL = /^[a-zA-Z_][a-zA-Z0-9_]*$/;

const escapeHelp = (s: string): string => s.replace(/\\/g, '\\\\').replace(/\n/g, '\\n');
const NEEDS_ESCAPE = /[\\"\n]/;
const escapeLabel = (s: string): string => (NEEDS_ESCAPE.test(s) ? s.replace(/\\/g, '\\\\').replace(/"/g, '\\"').replace(/\n/g, '\\n') : s);

function formatValue(v: number): string {
  if (Number.isNaN(v)) return 'NaN';
  if (v === Infinity) return '+Inf';
  if (v === -Infinity) return '-Inf';
  return String(v);
}

/**
 * A label set's text, its names checked, once per label object: samples are read again at every scrape, and most
 * share their node's labels (node-series.ts keeps them while the node's name, ID and network stay), so the text of
 * 920 series was most of a scrape's allocations. A label object is never changed once made (Sample is read-only).
 */
const labelTexts = new WeakMap<object, string>();

function formatLabels(labels: Readonly<Record<string, string>>): string {
  const hit = labelTexts.get(labels);
  if (hit !== undefined) return hit;
  const keys = Object.keys(labels);
  for (const k of keys) if (!LABEL.test(k) || k.startsWith('__')) throw new Error(`invalid label name ${JSON.stringify(k)}`);
  keys.sort();
  const text = keys.length === 0 ? '' : `{${keys.map((k) => `${k}="${escapeLabel(labels[k]!)}"`).join(',')}}`;
  labelTexts.set(labels, text);
  return text;
}

/**
 * Families in the order given; samples of one family with the same labels are kept once (the first), since a
 * repeated series makes Prometheus reject the whole scrape. Families without samples are left out.
 */
export function writeExposition(families: readonly Family[]): string {
  const out: string[] = [];
  const seen = new Set<string>();
  for (const f of families) {
    if (!NAME.test(f.name)) throw new Error(`invalid metric name ${JSON.stringify(f.name)}`);
    if (f.samples.length === 0) continue;
    if (seen.has(f.name)) throw new Error(`metric family ${f.name} written twice`);
    seen.add(f.name);
    // The text format has no "info" type: such families are gauges whose value is 1 (OpenMetrics' convention).
    out.push(`# HELP ${f.name} ${escapeHelp(f.help)}`, `# TYPE ${f.name} ${f.type === 'info' ? 'gauge' : f.type}`);
    const series = new Set<string>();
    for (const s of f.samples) {
      const labels = formatLabels(s.labels);
      if (series.has(labels)) continue;
      series.add(labels);
      out.push(`${f.name}${labels} ${formatValue(s.value)}`);
    }
  }
  return out.length === 0 ? '' : `${out.join('\n')}\n`;
}
