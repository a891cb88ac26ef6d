// The CLI's full collection (runtime/gc.ts): had without --expose-gc, and usable as the client's collectGarbage.
import { describe, expect, it } from 'vitest';
import { collectGarbage, exposeGc } from '../../src/runtime/gc';

describe('gc', () => {
  it('gets a real gc without --expose-gc, and collects through collectGarbage', () => {
    const gc = exposeGc();
    expect(typeof gc).toBe('function');
    expect(exposeGc()).toBe(gc);
    expect(() => collectGarbage()).not.toThrow();
  });
});
