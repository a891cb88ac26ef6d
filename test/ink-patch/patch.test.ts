// The build-time Ink patch (scripts/ink-patch): it applies to the installed Ink, the tests run patched Ink, and a
// patched Output paints exactly what Ink's own paints, frame after frame, with its caches warm.
import { describe, expect, it, afterAll } from 'vitest';
import { readFileSync, writeFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Chalk } from 'chalk';
import { patchInk, patchedModule } from '../../scripts/ink-patch/patch.mjs';

// Ink's package exports hide build/output.js, so it is imported by path (through Vitest, so patched like all of Ink).
const inkBuild = join(fileURLToPath(new URL('../..', import.meta.url)), 'node_modules', 'ink', 'build');
const { default: Output } = await import(pathToFileURL(join(inkBuild, 'output.js')).href);

describe('ink patch', () => {
  it('finds every edit in the installed Ink', () => {
    for (const module of ['output.js', 'measure-text.js', 'wrap-text.js']) {
      const path = join(inkBuild, module);
      expect(patchedModule(path)).toBe(`ink/build/${module}`);
      const r = patchInk(`ink/build/${module}`, readFileSync(path, 'utf8'));
      expect(r.error).toBeUndefined();
      expect(r.source).toContain('__Avatop');
    }
    const yoga = join(inkBuild, '..', '..', 'yoga-layout', 'dist', 'binaries', 'yoga-wasm-base64-esm.js');
    expect(patchedModule(yoga)).toBe('yoga-layout/dist/binaries/yoga-wasm-base64-esm.js');
    expect(patchInk('yoga-layout/dist/binaries/yoga-wasm-base64-esm.js', readFileSync(yoga, 'utf8')).error).toBeUndefined();
    for (const module of ['string-width/index.js', 'wrap-ansi/node_modules/string-width/index.js', 'slice-ansi/tokenize-ansi.js', '@alcalzone/ansi-tokenize/build/tokenize.js']) {
      const path = join(inkBuild, '..', '..', ...module.split('/'));
      expect(patchedModule(path)).toBe(module);
      const r = patchInk(module, readFileSync(path, 'utf8'));
      expect(r.error).toBeUndefined();
      expect(r.source).not.toContain('new Intl.Segmenter');
    }
    expect(patchedModule(join(inkBuild, 'ink.js'))).toBeUndefined();
  });

  it('reports an edit it cannot find instead of patching half', () => {
    const r = patchInk('ink/build/measure-text.js', 'const cache = new WeakMap();');
    expect(r.error).toMatch(/expected text not found/);
  });

  it('is what the tests render with: one cache for all frames', () => {
    const a = new Output({ width: 10, height: 2 }) as unknown as { caches: unknown };
    const b = new Output({ width: 10, height: 2 }) as unknown as { caches: unknown };
    expect(a.caches).toBe(b.caches);
  });

  describe('paints what stock Ink paints', () => {
    // Ink's own output.js, unpatched, next to it (a name the patch does not match), so its imports resolve.
    const stockPath = join(inkBuild, `avatop-stock-output-${process.pid}.js`);
    writeFileSync(stockPath, readFileSync(join(inkBuild, 'output.js'), 'utf8'));
    afterAll(() => rmSync(stockPath, { force: true }));

    type Out = { write(x: number, y: number, t: string, o: { transformers: ((s: string, i: number) => string)[] }): void; clip(c: object): void; unclip(): void; get(): { output: string; height: number } };
    const paint = (O: new (o: { width: number; height: number }) => Out, frame: number, width: number, height: number) => {
      const out = new O({ width, height });
      const c = new Chalk({ level: 3 });
      out.write(0, 0, c.bold.cyan('NodeID-8vvo9Y') + c.gray(' height ') + c.white(String(21_382_000 + (frame % 3))), { transformers: [] });
      out.write(2, 1, `row ${frame % 2} ` + c.bgBlue.yellow('wide 漢字 ok') + ' — plain', { transformers: [] });
      out.clip({ x1: 4, x2: 20, y1: 2, y2: 5 });
      out.write(0, 2, c.green('clipped line that runs past the edge') + '\nsecond ' + c.red(String(frame)), { transformers: [] });
      out.unclip();
      out.write(1, 4, 'tr', { transformers: [(s, i) => c.magenta(s + i)] });
      if (frame % 4 === 0) out.write(0, height - 1, c.inverse(' status ' + frame) + '\u200b', { transformers: [] });
      return out.get();
    };

    it('for 40 frames that change, repeat and change size', async () => {
      const Stock = (await import(pathToFileURL(stockPath).href)).default;
      for (let frame = 0; frame < 40; frame++) {
        const width = frame < 20 ? 40 : 30;
        const height = frame < 30 ? 7 : 5;
        expect(paint(Output as never, frame, width, height)).toEqual(paint(Stock, frame, width, height));
      }
    });
  });
});
