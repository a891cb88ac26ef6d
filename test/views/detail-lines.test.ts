import { describe, expect, it } from 'vitest';
import { initialCursor, line, section } from '../../src/views/detail-lines';

describe('where a view\'s cursor starts', () => {
  const lines = [
    section('Block'),
    line('ID', 'abc', { copy: 'abc' }),
    line('parent', 'p', { link: { kind: 'block', id: 'p' } }),
    section('Transactions (1)'),
    line('#0 AddValidatorTx', 't', { link: { kind: 'tx', id: 't' } }),
  ];
  it('on the first line that opens what the view promises, else the first that opens, else one that copies', () => {
    expect(initialCursor(lines, 'tx')).toBe(4);
    expect(initialCursor(lines)).toBe(2);
    expect(initialCursor(lines.slice(0, 2))).toBe(1);
    expect(initialCursor([section('Block'), line('type', 'x')])).toBe(0);
  });
});
