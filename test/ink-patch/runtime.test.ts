import { describe, expect, it } from 'vitest';
import { GenerationalMap } from '../../scripts/ink-patch/runtime.mjs';

describe('GenerationalMap', () => {
  it('holds at most two generations and forgets what is not used', () => {
    const m = new GenerationalMap(100);
    for (let i = 0; i < 10_000; i++) m.set(`line ${i}`, i);
    expect(m.size).toBeLessThanOrEqual(200);
    expect(m.get('line 9999')).toBe(9999);
    expect(m.get('line 0')).toBeUndefined();
  });

  it('keeps what every frame uses, however much else passes through', () => {
    const m = new GenerationalMap(50);
    m.set('header', 'h');
    for (let i = 0; i < 5_000; i++) {
      m.set(`row ${i}`, i);
      expect(m.get('header')).toBe('h');
    }
  });

  it('weighs entries when told to', () => {
    const m = new GenerationalMap(1_000, (k: string) => k.length);
    for (let i = 0; i < 100; i++) m.set(String(i).padEnd(100, '.'), i);
    // 100 keys of 100 characters: at most two generations of 1,000 characters.
    expect(m.size).toBeLessThanOrEqual(20);
  });
});
