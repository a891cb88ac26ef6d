import { describe, expect, it } from 'vitest';
import { readFileSync} from 'node:fs';
import { join } from 'node:path';
import { createDebugLog } from '../../src/config/debug-log';
import { tempDir } from '../helpers/temp-dir';

describe('debug log', () => {
  it('appends one JSON line per event, bigints as strings', async () => {
    const path = join(tempDir('log'), 'debug.log');
    const log = createDebugLog(path);
    log.write('call', { method: 'platform.getHeight', bytes: 52, height: 12n });
    log.write('exit', { code: 0 });
    await log.close();
    const lines = readFileSync(path, 'utf8').trim().split('\n').map((l) => JSON.parse(l));
    expect(lines.map((l) => l.event)).toEqual(['call', 'exit']);
    expect(lines[0]).toMatchObject({ method: 'platform.getHeight', height: '12' });
  });

  it('never throws when the file cannot be written', async () => {
    const log = createDebugLog('/nonexistent-dir/avatop/debug.log');
    log.write('call');
    await new Promise((r) => setTimeout(r, 20));
    log.write('call');
    await log.close();
  });
});
