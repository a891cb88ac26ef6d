// Where the overview's cards go at each size (pure): the reward card first in one column, two balanced columns, the
// BLS key's column widened to show it whole where the terminal allows; the header's line fitting at 80 columns.
import { describe, expect, it } from 'vitest';
import { balancedSplit, columnItems, layoutCards, type Card } from '../../src/panes/overview/overview-layout';
import { fitHex } from '../../src/format/ids';
import { fitHeaderParts } from '../../src/app/header-fit';

const KEY = `0x${'ab'.repeat(48)}`;

function card(id: string, lines: number, wantsValue?: number): Card {
  const items = (w: number) => [{ section: id }, ...Array.from({ length: lines - 1 }, (_, i) => ({ label: i === 0 ? 'Min validator stake'.slice(0, 17) : `${id} ${i}`, value: wantsValue && i === 0 ? fitHex(KEY, w) : 'v' }))];
  return { id, items, lines, wantsValue, labels: items(0).flatMap((x) => ('label' in x ? [x.label] : [])) };
}

// The overview's five cards at their usual sizes for a validator with a subnet and an L1 validation.
const node = card('node', 9, KEY.length);
const figures = card('figures', 4);
const mine = card('mine', 10, KEY.length);
const reward = card('reward', 15);
const network = card('network', 6);
const twoColumnOrder = [node, reward, figures, mine, network];
const oneColumnOrder = [reward, node, figures, mine, network];

describe('the overview layout', () => {
  it('splits the cards into two columns of the least height, each in order, the cards with a BLS key on the left', () => {
    const [left, right] = balancedSplit(twoColumnOrder);
    expect(left.map((c) => c.id)).toEqual(['node', 'figures', 'mine']);
    expect(right.map((c) => c.id)).toEqual(['reward', 'network']);
    // 44 lines over two columns: 23 and 21, not 29 and 15.
    expect(Math.max(...[left, right].map((cs) => cs.reduce((n, c) => n + c.lines, 0)))).toBe(23);
  });

  it('at 200 columns the left column is wide enough for a whole BLS key, the right keeps the rest', () => {
    const cols = layoutCards(twoColumnOrder, oneColumnOrder, 200, 53);
    expect(cols).toHaveLength(2);
    const [left, right] = cols;
    expect(left!.width).toBe(left!.labelWidth + 1 + KEY.length);
    expect(left!.width + right!.width + 2).toBe(200);
    expect(columnItems(left!)).toContainEqual(expect.objectContaining({ value: KEY }));
  });

  it('at 120 columns two halves, the key cut to fill its column; at 80, or too short for two, one column, reward first', () => {
    const [left] = layoutCards(twoColumnOrder, oneColumnOrder, 120, 33);
    expect(left!.width).toBe(59);
    const shown = columnItems(left!).find((i) => 'value' in i && i.value.startsWith('0x'));
    const valueWidth = 59 - left!.labelWidth - 1;
    const text = shown && 'value' in shown ? shown.value : '';
    expect(text).toContain('…');
    expect(text.length).toBeLessThanOrEqual(valueWidth);
    expect(text.length).toBeGreaterThanOrEqual(valueWidth - 1);
    for (const [w, h] of [[80, 17], [120, 20]] as const) {
      const one = layoutCards(twoColumnOrder, oneColumnOrder, w, h);
      expect(one).toHaveLength(1);
      expect(one[0]!.cards[0]!.id).toBe('reward');
    }
  });

  it('fitHex: whole when it fits, both ends around "…" filling the width otherwise', () => {
    expect(fitHex(KEY, 98)).toBe(KEY);
    expect(fitHex(KEY, 41)).toBe(`${KEY.slice(0, 21)}…${KEY.slice(-19)}`);
    expect(fitHex(KEY, 41).length).toBe(41);
    expect(fitHex(undefined, 10)).toBe('—');
  });
});

describe("the header's line at 80 columns", () => {
  it('drops ranked parts, then shrinks the health words, so the reward badge and the data age are not what is cut', () => {
    const parts = [
      { text: 'P✓ X✓ C✓', style: 0 },
      { text: '  health ', style: 0 },
      { text: '2 failing: network, bootstrapped', style: 0, minWidth: 8 },
      { text: '  peers ', style: 0, drop: 4 },
      { text: '1,571', style: 0, drop: 4 },
      { text: '  uptime ', style: 0 },
      { text: '91% median', style: 0 },
      { text: '  budget 15h 47m', style: 0 },
      { text: '  rpc 17ms', style: 0, drop: 2 },
      { text: '  data ', style: 0 },
      { text: '1s ago', style: 0 },
    ];
    const line = fitHeaderParts(parts, 80).map((p) => p.text).join('');
    expect(line.length).toBeLessThanOrEqual(80);
    expect(line).toMatch(/^P✓ X✓ C✓ {2}health 2 failing: \S*…? {2}uptime 91% median {2}budget 15h 47m {2}data 1s ago$/);
    expect(line).not.toContain('peers');
    // With room, nothing shrinks.
    expect(fitHeaderParts(parts, 140).map((p) => p.text).join('')).toContain('health 2 failing: network, bootstrapped  peers 1,571');
  });
});
