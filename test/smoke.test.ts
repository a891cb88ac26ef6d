import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';

describe('package', () => {
  it('is named avatop and runs on Node 20', () => {
    const pkg = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'));
    expect(pkg.name).toBe('avatop');
    expect(pkg.engines.node).toMatch(/>=20/);
  });
});
