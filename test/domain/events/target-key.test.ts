import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { targetKey } from '../../../src/domain/events/target-key';
import { targetKey as fromPaths } from '../../../src/events/paths';

// The key names a watched address's entry in targets.json on users' disks: it must stay what it was when it was
// node:crypto's SHA-256 of the address's origin and path, hex, cut to 24 digits.
const before = (text: string) => createHash('sha256').update(text).digest('hex').slice(0, 24);

describe('targetKey', () => {
  it('is the first 24 hex digits of SHA-256 of the origin and path, as before', () => {
    expect(targetKey('http://127.0.0.1:9650')).toBe(before('http://127.0.0.1:9650'));
    expect(targetKey('https://node.example:443/ext/')).toBe(before('https://node.example/ext'));
    expect(targetKey('http://10.0.0.7:9650/a/b//')).toBe(before('http://10.0.0.7:9650/a/b'));
    // Non-ASCII hosts and paths are hashed as their UTF-8 bytes, as createHash hashed a string.
    expect(targetKey('http://nœud.example:9650/ü')).toBe(before(`${new URL('http://nœud.example:9650/ü').protocol}//${new URL('http://nœud.example:9650/ü').host}/%C3%BC`));
    expect(targetKey('not a url: ü')).toBe(before('not a url: ü'));
  });

  it('leaves credentials out', () => {
    expect(targetKey('http://user:secret@127.0.0.1:9650')).toBe(targetKey('http://127.0.0.1:9650'));
  });

  it('is the one events/paths.ts hands out', () => {
    expect(fromPaths).toBe(targetKey);
  });
});
