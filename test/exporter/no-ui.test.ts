// The exporter runs without a terminal: nothing it loads when it starts may be UI code (Ink, React, components,
// panes, the app's screen), which would cost its memory and start-up on a host that has no screen for it. Every
// static import from src/commands/exporter.ts is followed file by file; dynamic `import()` loads nothing until called.
import { existsSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const repo = join(import.meta.dirname, '..', '..');
// Static imports and re-exports with values (`import type` and `export type` load nothing at run time).
const STATIC = /^\s*(?:import|export)\s+(?!type\b)(?:[\w*{}\s,$]+?\s+from\s+)?['"]([^'"]+)['"]/gm;

function resolveFile(from: string, spec: string): string | undefined {
  const base = resolve(dirname(from), spec);
  for (const c of [base, `${base}.ts`, `${base}.tsx`, join(base, 'index.ts'), join(base, 'index.tsx')]) if (existsSync(c) && statSync(c).isFile()) return c;
  return undefined;
}

/** Every source file and package loaded at start-up from `entry`, with the chain that reached each. */
export function staticClosure(entry: string): { files: Map<string, string[]>; packages: Map<string, string[]> } {
  const files = new Map<string, string[]>([[entry, [entry]]]);
  const packages = new Map<string, string[]>();
  const queue = [entry];
  while (queue.length) {
    const file = queue.shift()!;
    const text = readFileSync(file, 'utf8');
    for (const m of text.matchAll(STATIC)) {
      const spec = m[1]!;
      // Type-only specifiers inside braces (`import { type A, type B }`) still load the module: counted.
      if (spec.startsWith('.')) {
        const to = resolveFile(file, spec);
        if (to && !files.has(to)) {
          files.set(to, [...files.get(file)!, to]);
          queue.push(to);
        }
      } else {
        const name = spec.startsWith('@') ? spec.split('/').slice(0, 2).join('/') : spec.split('/')[0]!;
        if (!packages.has(name)) packages.set(name, [...files.get(file)!, spec]);
      }
    }
  }
  return { files, packages };
}

describe('the exporter loads no UI code', () => {
  const entry = join(repo, 'src', 'commands', 'exporter.ts');
  const { files, packages } = staticClosure(entry);
  const chain = (c: string[]) => c.map((p) => relative(repo, p)).join(' → ');

  it('reads the import graph (the exporter reaches the client, the store and the scheduler)', () => {
    const rel = [...files.keys()].map((f) => relative(repo, f));
    expect(rel).toContain('src/rpc/client.ts');
    expect(rel).toContain('src/poll/scheduler.ts');
    expect(rel).toContain('src/exporter/server.ts');
    // The walker sees a package when one is imported.
    expect(packages.has('zod')).toBe(true);
  });

  it('no Ink, React or ink-* package, and nothing from components/, panes/, app/ or ui/', () => {
    const ui = [...packages.entries()].filter(([name]) => /^(ink|react|react-reconciler|yoga-layout|ink-.*)$/.test(name)).map(([n, c]) => `${n}: ${chain(c)}`);
    const screens = [...files.entries()].filter(([f]) => /^src\/(components|panes|app|ui|views)\//.test(relative(repo, f)) || f.endsWith('.tsx')).map(([, c]) => chain(c));
    expect([...ui, ...screens]).toEqual([]);
  });
});
