// Directories under the OS temp folder that a test writes (configs, themes, caches, small projects), removed with
// what made them: `tempDir` when the running test ends, `suiteTempDir` after the last test of the file or describe
// that declares it (for a directory the whole suite shares, such as an empty XDG_CONFIG_HOME).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll } from 'vitest';
import { track } from './track';

const make = (prefix: string) => mkdtempSync(join(tmpdir(), `avatop-${prefix}-`));
const remove = (dir: string) => rmSync(dir, { recursive: true, force: true });

/** A fresh directory, removed when the running test ends. */
export function tempDir(prefix = 'test'): string {
  return track(make(prefix), remove);
}

/** A fresh directory made now, removed after the suite's last test. Call it where tests are declared. */
export function suiteTempDir(prefix = 'test'): string {
  const dir = make(prefix);
  afterAll(() => remove(dir));
  return dir;
}
