// The shipped rules and dashboard: valid for promtool, and every metric they name is one the exporter serves.
import { describe, expect, it } from 'vitest';
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { SERIES } from '../../src/exporter/node-series';
import { PROMTOOL, missing } from './programs';

const contrib = fileURLToPath(new URL('../../contrib/', import.meta.url));
const served = new Set(SERIES.map((s) => s.name));
const namedIn = (text: string) => [...new Set(text.match(/\bavatop_[a-z0-9_]+/g) ?? [])];

describe('contrib/', () => {
  it('alert rules name only metrics the exporter serves', () => {
    const names = namedIn(readFileSync(`${contrib}prometheus/avatop-rules.yml`, 'utf8'));
    expect(names.length).toBeGreaterThan(5);
    expect(names.filter((n) => !served.has(n))).toEqual([]);
  });

  it('every dashboard expression names metrics the exporter serves', () => {
    const dash = JSON.parse(readFileSync(`${contrib}grafana/avatop-dashboard.json`, 'utf8')) as {
      panels: Array<{ targets?: Array<{ expr: string }> }>;
      templating: { list: Array<{ definition?: string }> };
    };
    const exprs = [...dash.panels.flatMap((p) => (p.targets ?? []).map((t) => t.expr)), ...dash.templating.list.map((v) => v.definition ?? '')];
    expect(exprs.length).toBeGreaterThan(8);
    const names = namedIn(exprs.join('\n'));
    expect(names.filter((n) => !served.has(n))).toEqual([]);
  });

  it('promtool checks the rules and passes their unit tests', (ctx) => {
    const skip = missing(['promtool', PROMTOOL]);
    if (skip) return ctx.skip(skip);
    const cwd = `${contrib}prometheus`;
    expect(execFileSync(PROMTOOL!, ['check', 'rules', 'avatop-rules.yml'], { cwd, encoding: 'utf8' })).toMatch(/SUCCESS/);
    expect(execFileSync(PROMTOOL!, ['test', 'rules', 'avatop-rules.test.yml'], { cwd, encoding: 'utf8' })).toMatch(/SUCCESS/);
  });
});
