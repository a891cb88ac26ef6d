import { describe, expect, it } from 'vitest';
import * as lib from '../../src/index';

describe('library entry', () => {
  it('exports the client, errors, registry and codec', () => {
    expect(typeof lib.createClient).toBe('function');
    expect(typeof lib.iterateUtxos).toBe('function');
    expect(new lib.RpcError(-32000, 'x', null)).toBeInstanceOf(lib.AvatopError);
    expect(Object.keys(lib.methods)).toContain('platform.getHeight');
    expect(typeof lib.cb58Decode).toBe('function');
    expect(typeof lib.parseJsonBig).toBe('function');
  });
});
