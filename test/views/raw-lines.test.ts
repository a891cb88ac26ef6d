import { describe, expect, it } from 'vitest';
import { hexLines } from '../../src/views/raw-lines';

describe('hex rows', () => {
  it('label each row with the offset of its first byte (the 0x prefix is no byte) and fit the value column', () => {
    const body = Array.from({ length: 40 }, (_, i) => i.toString(16).padStart(2, '0')).join('');
    const lines = hexLines('Hex', `0x${body}`, 40, 8).slice(1);
    expect(lines.map((l) => l.label)).toEqual(['0', '15', '30']);
    for (const l of lines) {
      expect(l.value.length).toBeLessThanOrEqual(40 - 8 - 2);
      // The row at offset N starts with byte N.
      expect(l.value.slice(0, 2)).toBe(Number(l.label).toString(16).padStart(2, '0'));
    }
    expect(lines.map((l) => l.value).join('')).toBe(body);
    expect(lines[0]!.copy).toBe(`0x${body}`);
  });
  it('narrows the rows for a wider label column', () => {
    const hex = `0x${'ab'.repeat(100)}`;
    for (const l of hexLines('Hex', hex, 140, 30).slice(1)) expect(l.value.length).toBeLessThanOrEqual(140 - 30 - 2);
  });
});
