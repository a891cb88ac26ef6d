// The method registry is generated from the method files (scripts/gen-method-index.mjs): a method is one file, and
// this fails while src/rpc/methods/registry.ts is not what the script writes for the files there are.
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
// @ts-expect-error: a plain .mjs script without types
import { methodFiles, REGISTRY_PATH, registrySource } from '../../scripts/gen-method-index.mjs';
import { methods } from '../../src/rpc/methods';

const repo = join(import.meta.dirname, '..', '..');

describe('the method registry', () => {
  it('is what scripts/gen-method-index.mjs writes (run it after adding or removing a method file)', () => {
    expect(readFileSync(join(repo, REGISTRY_PATH), 'utf8'), 'src/rpc/methods/registry.ts is stale: run node scripts/gen-method-index.mjs').toBe(registrySource(repo));
  });

  it('holds each method under the name its file gives it', () => {
    const files = methodFiles(repo) as Array<{ name: string }>;
    expect(Object.keys(methods)).toEqual(files.map((f) => f.name));
    for (const [name, d] of Object.entries(methods)) expect(d.name).toBe(name);
  });

  it('sees a new method file, and refuses one that breaks the pattern', () => {
    const dir = mkdtempSync(join(tmpdir(), 'avatop-methods-'));
    try {
      cpSync(join(repo, 'src', 'rpc', 'methods'), join(dir, 'src', 'rpc', 'methods'), { recursive: true });
      const file = join(dir, 'src', 'rpc', 'methods', 'info', 'get-answer.ts');
      writeFileSync(file, "export const getAnswer = defineMethod({\n  name: 'info.getAnswer',\n  schemas: () => ({ result: z.object({}) }),\n  description: '42',\n});\n");
      expect(registrySource(dir)).toContain("import { getAnswer as info_getAnswer } from './info/get-answer';");
      expect(registrySource(dir)).toContain("  'info.getAnswer': info_getAnswer,");
      writeFileSync(file, "export const getAnswer = defineMethod({ name: 'platform.getAnswer', schemas: () => ({ result: z.object({}) }), description: '42' });\n");
      expect(() => registrySource(dir)).toThrow(/get-answer\.ts: defineMethod must open/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
