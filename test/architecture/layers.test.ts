// The layer rule: no folder under src/ imports another that (directly or round a loop) imports it back, and every
// import between folders is one the map in docs/architecture.md allows. The cycle finder and the import reader are
// first proved on small made-up inputs, so an empty result means the tree is clean, not that nothing was read.
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { edgeMap, folderCycles, folderImports, type FolderImport } from './imports';
import { readLayerMap } from './layer-map';

const repo = join(import.meta.dirname, '..', '..');
const graph = (pairs: Record<string, string[]>) => new Map(Object.entries(pairs).map(([k, v]) => [k, new Set(v)]));

describe('the cycle finder', () => {
  it('finds a loop of three and names it', () => {
    const cycles = folderCycles(graph({ a: ['b'], b: ['c', 'd'], c: ['a'], d: [] }));
    expect(cycles).toEqual([['a', 'b', 'c', 'a']]);
  });
  it('finds a pair importing each other, and each of two separate loops', () => {
    const cycles = folderCycles(graph({ app: ['panes', 'state'], panes: ['app'], x: ['y'], y: ['z'], z: ['x'], state: [] }));
    expect(cycles.map((c) => [...c].sort().join(' '))).toEqual(['app app panes', 'x x y z']);
  });
  it('finds none in a layered graph, diamonds included', () => {
    expect(folderCycles(graph({ top: ['left', 'right'], left: ['base'], right: ['base'], base: [] }))).toEqual([]);
  });
});

describe('the import reader', () => {
  const dir = mkdtempSync(join(tmpdir(), 'avatop-layers-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const write = (path: string, text: string) => {
    mkdirSync(join(dir, path, '..'), { recursive: true });
    writeFileSync(join(dir, path), text);
  };
  write('src/a/one.ts', "import { x } from '../b/x';\nimport type { T } from '../c/t';\n// import { no } from '../d/gone';\n");
  write('src/a/two.tsx', "export * from '../d';\nexport { y } from '../e/y';\nconst m = () => import('../f/m');\nimport '../g/side';\nimport { z } from './local';\n");
  write('src/b/x.ts', 'export const x = 1;\n');
  write('src/h/multi.tsx', "import React, {\n  useState,\n  type FC,\n} from '../i/hooks';\nexport type { T } from '../j/types';\n");
  write('src/d/index.ts', 'export {};\n');
  write('src/top.ts', "import { x } from './b/x';\nimport data from '../data.json';\n");
  const found = folderImports(dir);
  const pairs = (list: readonly FolderImport[]) => list.map((i) => `${i.file}:${i.line} ${i.from}→${i.to}`).sort();

  it('reads static, type-only, re-export, side-effect and dynamic imports, with file and line; not comments', () => {
    expect(pairs(found)).toEqual([
      'src/a/one.ts:1 a→b',
      'src/a/one.ts:2 a→c',
      'src/a/two.tsx:1 a→d',
      'src/a/two.tsx:2 a→e',
      'src/a/two.tsx:3 a→f',
      'src/a/two.tsx:4 a→g',
      'src/h/multi.tsx:1 h→i',
      'src/h/multi.tsx:5 h→j',
      'src/top.ts:1 (root)→b',
      'src/top.ts:2 (root)→(outside)',
    ]);
  });
});

describe('src/', () => {
  const imports = folderImports(repo);
  const map = readLayerMap(readFileSync(join(repo, 'docs', 'architecture.md'), 'utf8'));
  const where = (from: string, to: string) =>
    imports.filter((i) => i.from === from && i.to === to).map((i) => `${i.file}:${i.line} imports '${i.specifier}'`);

  it('reads a few hundred imports between folders', () => {
    expect(imports.length).toBeGreaterThan(200);
  });

  it('has no loop between folders', () => {
    const loops = folderCycles(edgeMap(imports)).map((loop) => {
      const steps = loop.slice(1).map((to, k) => `  ${loop[k]} → ${to}: ${where(loop[k]!, to)[0]}`);
      return [`loop ${loop.join(' → ')}`, ...steps].join('\n');
    });
    expect(loops.join('\n'), 'folders importing each other').toBe('');
  });

  it('places every folder in the map', () => {
    const folders = readdirSync(join(repo, 'src'), { withFileTypes: true }).filter((e) => e.isDirectory()).map((e) => e.name);
    const missing = [...folders, '(root)'].filter((f) => !map.rank.has(f));
    expect(missing, 'folders under src/ with no row in docs/architecture.md "Layers"').toEqual([]);
  });

  it('the map itself only imports downwards, so following it cannot make a loop', () => {
    const upward = [...map.allowed].flatMap(([from, tos]) =>
      [...tos].filter((to) => to !== '(outside)' && !(map.rank.get(to)! < map.rank.get(from)!)).map((to) => `${from} → ${to}`),
    );
    expect(upward).toEqual([]);
  });

  it('makes only the imports the map allows', () => {
    const bad = imports
      .filter((i) => !map.allowed.get(i.from)?.has(i.to))
      .map((i) => `${i.file}:${i.line} imports '${i.specifier}' (${i.from} → ${i.to} is not in docs/architecture.md "Layers")`);
    expect(bad.join('\n')).toBe('');
  });
});
