// The build-time Ink patch (scripts/ink-patch): every patch applies to the package Node resolves and that package is
// pinned, a patch that does not apply fails the build naming it, the tests run patched Ink, and a patched Output
// paints exactly what Ink's own paints, frame after frame, with its caches warm.
import { describe, expect, it, afterAll } from 'vitest';
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative, sep } from 'node:path';
import { build as esbuild } from 'esbuild';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Chalk } from 'chalk';
import { runProcess } from '../cli/run-cli';
import { PATCH_IDS, inkPatchEsbuild, installedModules, patchInk, patchedModule } from '../../scripts/ink-patch/patch.mjs';

const root = fileURLToPath(new URL('../..', import.meta.url));
const installed = installedModules(root);
// Ink's package exports hide build/output.js, so it is imported by path (through Vitest, so patched like all of Ink).
const inkBuild = dirname(installed.find((m) => m.id === 'ink/build/output.js')!.path);
const { default: Output } = await import(pathToFileURL(join(inkBuild, 'output.js')).href);

type Manifest = { devDependencies: Record<string, string>; overrides: Record<string, string | Record<string, string>> };
const manifest = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as Manifest;
/** The exact version package.json pins a patched package to: ink as a devDependency (bundled), the rest as (nested) overrides. */
function pin(pkg: string, via: string[]): string | undefined {
  if (via.length === 0) return manifest.devDependencies[pkg];
  const parent = manifest.overrides[via[via.length - 1]];
  const nested = typeof parent === 'object' ? parent[pkg] : undefined;
  const top = manifest.overrides[pkg];
  return nested ?? (typeof top === 'object' ? top['.'] : top);
}

describe('ink patch', () => {
  it('covers 17 modules, each found by Node\'s resolution', () => {
    expect(installed.map((m) => m.id)).toEqual(PATCH_IDS);
    expect(PATCH_IDS).toHaveLength(17);
  });

  // One test per patch, so a failure names it, and the file it was applied to in the message.
  it.each(installed.map((m) => [m.id, m] as const))('%s applies to the installed package', (id, m) => {
    expect(patchedModule(m.path), `${m.path} is not recognised as ${id}`).toBe(id);
    const r = patchInk(id, readFileSync(m.path, 'utf8'));
    expect(r.error, `${id} in ${m.path}`).toBeUndefined();
    expect(r.source).not.toContain('new Intl.Segmenter(');
  });

  it.each(installed.map((m) => [m.id, m] as const))('%s: its package is pinned to the exact version installed', (id, m) => {
    const pinned = pin(m.pkg, m.via);
    expect(pinned, `${m.pkg} (for ${id}) has no exact pin in package.json`).toMatch(/^\d+\.\d+\.\d+$/);
    expect(m.version, `${m.pkg} installed for ${id}`).toBe(pinned);
    // The lockfile says the same, so `npm ci` installs what the patches were written against.
    const lock = JSON.parse(readFileSync(join(root, 'package-lock.json'), 'utf8')) as { packages: Record<string, { version: string }> };
    const key = relative(root, m.dir).split(sep).join('/');
    expect(lock.packages[key]?.version, `package-lock.json ${key}`).toBe(pinned);
  });

  it('finds a patched file wherever the package manager put it, and tells string-width 7 from 8', () => {
    expect(patchedModule('/x/node_modules/.pnpm/ink@6.8.0/node_modules/ink/build/output.js')).toBe('ink/build/output.js');
    expect(patchedModule('C:\\x\\node_modules\\@alcalzone\\ansi-tokenize\\build\\tokenize.js')).toBe('@alcalzone/ansi-tokenize/build/tokenize.js');
    const seven = installed.find((m) => m.id === 'string-width@7/index.js')!;
    const eight = installed.find((m) => m.id === 'string-width@8/index.js')!;
    expect([patchedModule(seven.path), patchedModule(eight.path)]).toEqual(['string-width@7/index.js', 'string-width@8/index.js']);
    expect(patchedModule(join(inkBuild, 'renderer.js'))).toBeUndefined();
  });

  it('reports an edit it cannot find instead of patching half, naming the patch and the edit', () => {
    const r = patchInk('ink/build/measure-text.js', 'const cache = new WeakMap();');
    expect(r.error).toMatch(/^ink patch ink\/build\/measure-text\.js, edit 1 of 1: expected text not found/);
  });

  describe('fails the build', () => {
    const dir = mkdtempSync(join(tmpdir(), 'avatop-ink-patch-'));
    afterAll(() => rmSync(dir, { recursive: true, force: true }));
    const bundle = async (files: Record<string, string>, all: boolean) => {
      for (const [path, text] of Object.entries(files)) {
        mkdirSync(dirname(join(dir, path)), { recursive: true });
        writeFileSync(join(dir, path), text);
      }
      return esbuild({ entryPoints: [join(dir, 'entry.js')], bundle: true, write: false, logLevel: 'silent', plugins: [inkPatchEsbuild({ all }) as never] });
    };

    it('when an edit no longer applies, naming the patch and the file', async () => {
      const err = await bundle(
        { 'entry.js': "import './node_modules/ink/build/measure-text.js';\n", 'node_modules/ink/build/measure-text.js': 'const cache = new WeakMap();\n' },
        false,
      ).catch((e: Error) => e);
      expect(String(err)).toMatch(/ink patch ink\/build\/measure-text\.js, edit 1 of 1: expected text not found/);
      expect(String(err)).toContain(join('node_modules', 'ink', 'build', 'measure-text.js'));
    });

    it('and a start from source, naming the patch and the file', async () => {
      mkdirSync(join(dir, 'src', 'node_modules', 'ink', 'build'), { recursive: true });
      writeFileSync(join(dir, 'src', 'node_modules', 'ink', 'build', 'measure-text.js'), 'export const cache = new WeakMap();\n');
      writeFileSync(join(dir, 'src', 'main.mjs'), "await import('./node_modules/ink/build/measure-text.js');\n");
      const register = pathToFileURL(join(root, 'scripts', 'ink-patch', 'register.mjs')).href;
      const r = await runProcess(process.execPath, ['--import', register, join(dir, 'src', 'main.mjs')]);
      expect(r.code).not.toBe(0);
      expect(r.stderr).toMatch(/ink patch ink\/build\/measure-text\.js, edit 1 of 1: expected text not found/);
      expect(r.stderr).toContain(join('src', 'node_modules', 'ink', 'build', 'measure-text.js'));
    });

    it('when the bundle never loads a patched file (moved by an upgrade)', async () => {
      const err = await bundle({ 'entry.js': "import './node_modules/ink/build/measure-text.js';\n", 'node_modules/ink/build/measure-text.js': 'const cache = new Map();\n' }, true).catch(
        (e: Error) => e,
      );
      expect(String(err)).toMatch(/the bundle never loaded ink\/build\/output\.js, ink\/build\/log-update\.js, ink\/build\/reconciler\.js, ink\/build\/components\/Text\.js, ink\/build\/sanitize-ansi\.js, ink\/build\/render-node-to-output\.js, ink\/build\/ink\.js, ink\/build\/dom\.js, ink\/build\/wrap-text\.js, string-width@8/);
      expect(String(err)).not.toContain('measure-text');
    });
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

    // A monitor's frame: most rows the same as the last frame's, a few changed, with colour functions kept across
    // frames (as Text's are), multi-line writes of which one line changes, writes over writes, clips that move and
    // writes above and below the grid. Rows that did not change are not built again (dirtyRows), so this compares
    // frame after frame of a long run against stock Ink painting each frame from nothing.
    const coloured = new Chalk({ level: 3 });
    const calls = { n: 0 };
    const cyan = (s: string) => (calls.n++, coloured.cyan(s));
    const numbered = (s: string, i: number) => (calls.n++, `${i}:${s}`);
    const monitor = (O: new (o: { width: number; height: number }) => Out, frame: number, width: number, height: number) => {
      const out = new O({ width, height });
      out.write(0, 0, `height ${21_382_000 + Math.floor(frame / 3)}  chain 06:4${frame % 10}:00Z`, { transformers: [cyan] });
      out.write(0, 1, 'Node ID          NodeID-8vvo9Y\nBLS key          0xa1e91f\nUptime           ' + (frame % 7 === 0 ? '99.60%' : '99.61%'), { transformers: [numbered] });
      out.write(10, 2, coloured.bgRed(frame % 5 === 0 ? 'over' : 'OVER'), { transformers: [] });
      out.clip({ x1: 2, x2: 12 + (frame % 9 === 0 ? 1 : 0), y1: 4, y2: 7 });
      out.write(0, 3, 'above the clip\ninside ' + coloured.green('a line that runs past the clip') + '\nsecond 漢字 line\nthird', { transformers: [cyan] });
      out.unclip();
      out.write(0, -1, 'above the grid\nstill above?', { transformers: [] });
      out.write(3, height - 1, frame % 11 === 0 ? 'status changed' : 'status', { transformers: [cyan] });
      out.write(0, height - 1, 'x\nbelow the grid', { transformers: [] });
      return out.get();
    };

    it('for 120 frames of a monitor, most rows unchanged, against stock Ink painting each whole', async () => {
      const Stock = (await import(pathToFileURL(stockPath).href)).default;
      for (let frame = 0; frame < 120; frame++) {
        const width = frame < 60 ? 40 : frame < 90 ? 32 : 40;
        const height = frame < 100 ? 10 : 8;
        expect(monitor(Output as never, frame, width, height), `frame ${frame}`).toEqual(monitor(Stock, frame, width, height));
      }
    });

    it('does not build again a row whose writes are the same as the last frame', () => {
      monitor(Output as never, 1, 40, 10);
      calls.n = 0;
      monitor(Output as never, 1, 40, 10);
      expect(calls.n).toBe(0);
      // One changed line of a multi-line write builds that write's rows, not the others.
      monitor(Output as never, 7, 40, 10);
      expect(calls.n).toBe(3 + 1);
    });
  });
});
