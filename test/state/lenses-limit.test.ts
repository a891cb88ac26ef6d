// Records of details are bounded: what was opened long ago goes, the newest stays.
import { describe, expect, it } from 'vitest';
import { KEYED_LIMIT, lens, setKeyed } from '../../src/state/lenses';
import { initialState } from '../../src/state/store';
import { resolveOk, idleResource } from '../../src/state/resource';

describe('keyed records', () => {
  it('drop the oldest entries past the limit, never the one being set', () => {
    let rec: Record<string, number> = {};
    for (let i = 0; i < 250; i++) rec = setKeyed(rec, `block-${i}`, i, 100);
    expect(Object.keys(rec)).toHaveLength(100);
    expect(rec['block-249']).toBe(249);
    expect(rec['block-149']).toBeUndefined();
    expect(setKeyed(rec, 'block-150', -1, 100)['block-150']).toBe(-1);
    expect(Object.keys(setKeyed(rec, 'block-150', -1, 100))).toHaveLength(100);
  });

  it('apply to the detail lenses the scheduler writes through', () => {
    let s = initialState(0);
    for (let i = 0; i < KEYED_LIMIT + 30; i++) s = lens.block(`id${i}`).set(s, resolveOk(idleResource(), { i } as never, { at: i }));
    expect(Object.keys(s.blocks.detail)).toHaveLength(KEYED_LIMIT);
    expect(lens.block(`id${KEYED_LIMIT + 29}`).get(s).data).toEqual({ i: KEYED_LIMIT + 29 });
  });
});
