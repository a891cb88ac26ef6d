// The method descriptors build their zod schemas when first asked for them (rpc/methods/define.ts), so loading the
// registry builds none: the monitor uses about 20 of the methods (docs/performance.md, branch rss36).
import * as z from 'zod';
import { describe, expect, it } from 'vitest';
import { defineMethod, lazy } from '../../src/rpc/methods/define';
import { methodList } from '../../src/rpc/methods';
import { noParams } from '../../src/rpc/methods/common';

describe('defineMethod', () => {
  it('builds the schemas on the first read of params, result or lists, once', () => {
    let builds = 0;
    const element = z.object({ n: z.number() });
    const m = defineMethod({
      name: 'info.getThing',
      schemas: () => {
        builds++;
        return { params: z.object({ id: z.string() }), result: z.object({ things: z.array(element) }), lists: { things: element } };
      },
      heavy: true,
      description: 'a thing',
    });
    expect(builds).toBe(0);
    expect(m.name).toBe('info.getThing');
    expect(m.endpoint).toBe('info');
    expect(m.heavy).toBe(true);
    expect(builds).toBe(0);
    const result = m.result;
    expect(builds).toBe(1);
    expect(m.result).toBe(result);
    expect(m.lists?.things).toBe(element);
    expect(m.params.safeParse({ id: 'x' }).success).toBe(true);
    expect(m.params.safeParse({}).success).toBe(false);
    expect(result.parse({ things: [{ n: 1 }] })).toEqual({ things: [{ n: 1 }] });
    expect(builds).toBe(1);
    expect(Object.isFrozen(m)).toBe(true);
  });

  it('takes no params as `{}` or nothing, and no lists as none', () => {
    const m = defineMethod({ name: 'platform.getNothing', schemas: () => ({ result: z.object({}) }), description: 'nothing' });
    expect(m.endpoint).toBe('P');
    expect(m.params).toBe(noParams);
    expect(m.params.safeParse(undefined).success).toBe(true);
    expect(m.lists).toBeUndefined();
  });
});

describe('lazy', () => {
  it('builds its value on the first call and hands out the same one after', () => {
    let builds = 0;
    const schema = lazy(() => {
      builds++;
      return z.string();
    });
    expect(builds).toBe(0);
    expect(schema()).toBe(schema());
    expect(builds).toBe(1);
  });
});

describe('the registry', () => {
  it('gives every method a params and result schema, the same object at each read', () => {
    for (const m of methodList) {
      expect(m.result, m.name).toBeInstanceOf(z.ZodType);
      expect(m.params, m.name).toBeInstanceOf(z.ZodType);
      expect(m.result, m.name).toBe(m.result);
      expect(m.params, m.name).toBe(m.params);
      for (const element of Object.values(m.lists ?? {})) expect(element, m.name).toBeInstanceOf(z.ZodType);
    }
  });
});
