// `npm run lint` fails on an export under src/ that nothing uses (scripts/unused-exports.mjs). Proved here on a
// small made-up project, so a clean run of the real tree means nothing is unused, not that nothing was read.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
// @ts-expect-error: a plain .mjs script without types
import { unusedExports } from '../../scripts/unused-exports.mjs';

const dir = mkdtempSync(join(tmpdir(), 'avatop-unused-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const write = (path: string, text: string) => {
  mkdirSync(join(dir, path, '..'), { recursive: true });
  writeFileSync(join(dir, path), text);
};

write('tsconfig.json', JSON.stringify({ compilerOptions: { module: 'ESNext', moduleResolution: 'Bundler', strict: true, noEmit: true, types: [] }, include: ['src', 'test', 'scripts'] }));
write(
  'src/lib/things.ts',
  [
    'export const imported = 1;',
    'export const viaIndex = 2;',
    'export type ImportedType = { a: number };',
    'export const usedHere = 3;',
    'export const local = usedHere + 1;',
    'export const nobody = 4;',
    'export type NobodysType = string;',
    'export function deadFunction(): number { return 5; }',
    '',
  ].join('\n'),
);
write('src/lib/index.ts', "export { viaIndex, nobody as renamed } from './things';\nexport * from './star';\n");
write('src/lib/star.ts', 'export const starUsed = 1;\nexport const starUnused = 2;\n');
write('src/lib/ns.ts', 'export const a = 1;\nexport const b = 2;\n');
write('src/lib/lazy.ts', 'export const c = 1;\n');
write('src/lib/scripted.ts', 'export const d = 1;\n');
write('src/index.ts', "export { local } from './lib/things';\n");
write(
  'src/app/main.ts',
  [
    "import { imported, type ImportedType } from '../lib/things';",
    "import { viaIndex, starUsed } from '../lib';",
    "import * as ns from '../lib/ns';",
    'const t: ImportedType = { a: imported + viaIndex + starUsed + ns.a };',
    "void import('../lib/lazy').then((m) => m.c + t.a);",
    '',
  ].join('\n'),
);
write('scripts/run.mjs', "import { d } from '../src/lib/scripted.ts';\nconsole.log(d);\n");

describe('the unused-exports check', () => {
  it('names exactly the exports nothing uses, by file, line and name', () => {
    expect(unusedExports(dir)).toEqual([
      'src/lib/index.ts:1 renamed',
      'src/lib/star.ts:2 starUnused',
      'src/lib/things.ts:6 nobody',
      'src/lib/things.ts:7 NobodysType',
      'src/lib/things.ts:8 deadFunction',
    ]);
  });
});
