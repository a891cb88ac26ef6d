// The README promises the two commands and documents keys and flags; the tables must be what the code does.
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { extractSection, GENERATED_SECTIONS } from '../src/config/readme-sections';

const readme = readFileSync(new URL('../README.md', import.meta.url), 'utf8');

describe('README', () => {
  it('shows the two commands a new user needs', () => {
    expect(readme).toContain('npm install && npm run demo');
    expect(readme).toContain('npm install && npm test');
  });

  for (const [name, generate] of Object.entries(GENERATED_SECTIONS)) {
    it(`has the ${name} table exactly as the code defines it (run: node --import tsx scripts/readme-sync.ts)`, () => {
      expect(extractSection(readme, name)).toBe(generate());
    });
  }
});
