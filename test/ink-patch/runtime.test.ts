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

describe('GenerationalMap.offer', () => {
  it('keeps a value from the second offer of its key, never one offered once', () => {
    const m = new GenerationalMap(1_000);
    // The header at every block: a new line each frame, none kept.
    for (let block = 0; block < 500; block++) m.offer(`height ${block}`, block);
    expect(m.size).toBe(0);
    // A table scrolled a row at a time: each row drawn again one frame later is kept from then on.
    const rows = Array.from({ length: 60 }, (_, i) => `row ${i}`);
    for (let top = 0; top < 20; top++) for (const r of rows.slice(top, top + 40)) if (m.get(r) === undefined) m.offer(r, r.toUpperCase());
    expect(m.get('row 0')).toBeUndefined();
    expect(m.get('row 1')).toBe('ROW 1');
    expect(m.get('row 57')).toBe('ROW 57');
    // Drawn once, by the last frame.
    expect(m.get('row 58')).toBeUndefined();
  });

  it('remembers a bounded number of keys offered once', () => {
    const m = new GenerationalMap(1_000);
    m.offer('early', 1);
    for (let i = 0; i < 5_000; i++) m.offer(`once ${i}`, i);
    // Forgotten among thousands offered since: its next offer counts as a first.
    m.offer('early', 1);
    expect(m.get('early')).toBeUndefined();
    m.offer('early', 1);
    expect(m.get('early')).toBe(1);
    expect((m as unknown as { offered: GenerationalMap }).offered.size).toBeLessThanOrEqual(2_048);
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
