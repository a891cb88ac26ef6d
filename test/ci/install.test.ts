// A fresh clone's `npm install` must leave nothing to approve and a bundle to run: the first `npm run demo` then
// starts from dist/ (fast) instead of compiling the TypeScript sources (8-11 s on a slow machine).
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../..', import.meta.url));
const pkg = JSON.parse(readFileSync(`${root}/package.json`, 'utf8')) as {
  scripts: Record<string, string>;
  allowScripts?: Record<string, boolean>;
};
const lock = JSON.parse(readFileSync(`${root}/package-lock.json`, 'utf8')) as {
  packages: Record<string, { hasInstallScript?: boolean }>;
};

describe('npm install on a fresh clone', () => {
  it('declares every dependency that has an install script in allowScripts, so npm prints no advisory', () => {
    const withScripts = Object.entries(lock.packages)
      .filter(([path, entry]) => path.startsWith('node_modules/') && entry.hasInstallScript)
      .map(([path]) => path.slice(path.lastIndexOf('node_modules/') + 'node_modules/'.length));
    expect(withScripts.length).toBeGreaterThan(0);
    for (const name of withScripts) expect(pkg.allowScripts?.[name], name).toBeTypeOf('boolean');
  });

  it('builds the bundle bin/avatop.cjs runs (prepare), without the slow type declarations', () => {
    expect(pkg.scripts.prepare).toMatch(/^node scripts\/build\.mjs --no-types$/);
    // The tarball still ships its declarations: prepack builds them.
    expect(pkg.scripts.prepack).toBe('node scripts/build.mjs');
  });
});
