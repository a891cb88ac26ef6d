import { describe, expect, it } from 'vitest';
import { GenerationalMap, cachedByText } from '../../scripts/ink-patch/runtime.mjs';

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

describe('cachedByText', () => {
  it("gives fn's answer, asking fn once for a text every frame shows, and forgets what scrolled away", () => {
    const asked: string[] = [];
    const sanitize = cachedByText((t: string) => (asked.push(t), t.replace(/\x1b\[2J/g, '')));
    for (let frame = 0; frame < 50; frame++) {
      expect(sanitize('\x1b[1mheight\x1b[22m 21382000')).toBe('\x1b[1mheight\x1b[22m 21382000');
      expect(sanitize(`\x1b[2Jblock ${frame}`)).toBe(`block ${frame}`);
    }
    expect(asked.filter((t) => t.includes('height'))).toHaveLength(1);
    expect(asked).toHaveLength(51);
    // Bounded: lines that pass through once do not stay.
    for (let i = 0; i < 20_000; i++) sanitize(`line ${i}`);
    sanitize('\x1b[2Jblock 0');
    expect(asked.at(-1)).toBe('\x1b[2Jblock 0');
  });
});
