// The console's form model: built from every registry method's zod params schema, and typed text back to params.
import { describe, expect, it } from 'vitest';
import { methodList, methods } from '../../src/rpc/methods';
import { z } from 'zod';
import { formFor, issueInWords, paramsFrom, withoutSecrets, FormError } from '../../src/panes/console/schema-form';
import { initialExpanded, toggle, treeRows } from '../../src/panes/console/json-tree';
import { consoleMethods, isSecretValue } from '../../src/panes/console/console-model';
import { fitsOsc52, osc52, OSC52_MAX_BYTES } from '../../src/terminal/osc52';

describe('formFor', () => {
  it('builds a form for every registry method', () => {
    for (const m of methodList) {
      const form = formFor(m.params);
      for (const f of form.fields) expect(['string', 'number', 'boolean', 'array', 'enum', 'json']).toContain(f.kind);
    }
  });
  it('walks objects, nested objects, optionals, arrays, enums, booleans and number unions', () => {
    const utxos = formFor(methods['platform.getUTXOs'].params);
    expect(utxos.optional).toBe(false);
    expect(utxos.fields.map((f) => [f.path, f.kind, f.optional])).toEqual([
      ['addresses', 'array', false],
      ['limit', 'number', true],
      ['startIndex.address', 'string', true],
      ['startIndex.utxo', 'string', true],
      ['sourceChain', 'string', true],
      ['encoding', 'enum', true],
    ]);
    expect(utxos.fields.find((f) => f.path === 'encoding')?.options).toEqual(['hex', 'hexc', 'hexnc']);
    const stake = formFor(methods['platform.getStake'].params);
    expect(stake.fields.find((f) => f.path === 'validatorsOnly')?.kind).toBe('boolean');
    const height = formFor(methods['platform.getValidatorsAt'].params);
    expect(height.fields.find((f) => f.path === 'height')?.kind).toBe('number');
    expect(formFor(methods['platform.getHeight'].params)).toEqual({ fields: [], optional: true });
    expect(formFor(methods['platform.exportKey'].params).fields.filter((f) => f.secret).map((f) => f.path)).toEqual(['password']);
  });
});

describe('paramsFrom', () => {
  it('turns typed text into params the schema accepts', () => {
    const m = methods['platform.getUTXOs'];
    const form = formFor(m.params);
    const p = paramsFrom(form, { addresses: ' P-avax1tnuesf6cqwnjw7fxjyk7lhch0vhf0v95wj5jvy , ', limit: '20', 'startIndex.address': '', encoding: 'hex' });
    expect(p).toEqual({ addresses: ['P-avax1tnuesf6cqwnjw7fxjyk7lhch0vhf0v95wj5jvy'], limit: 20, encoding: 'hex' });
    expect(m.params.safeParse(p).success).toBe(true);
    // Heights: numbers when they are numbers, keywords as typed; huge ones stay exact strings.
    const v = formFor(methods['platform.getValidatorsAt'].params);
    expect(paramsFrom(v, { height: 'proposed' })).toEqual({ height: 'proposed' });
    expect(paramsFrom(v, { height: '99999999999999999999' })).toEqual({ height: '99999999999999999999' });
    expect(paramsFrom(v, { height: '12' })).toEqual({ height: 12 });
    // Nothing typed for a method whose params are optional: nothing sent.
    expect(paramsFrom(formFor(methods['info.peers'].params), {})).toBeUndefined();
    expect(paramsFrom(formFor(methods['platform.getStake'].params), { addresses: 'a', validatorsOnly: 'true' })).toEqual({ addresses: ['a'], validatorsOnly: true });
  });
  it('leaves a missing required field to the schema, which words it', () => {
    const m = methods['platform.getTx'];
    const p = paramsFrom(formFor(m.params), {});
    const r = m.params.safeParse(p);
    expect(r.success).toBe(false);
  });
  it('rejects bad JSON in a json field with the path', () => {
    const form = { optional: false, fields: [{ path: 'x', kind: 'json' as const, optional: false, secret: false }] };
    expect(() => paramsFrom(form, { x: '{' })).toThrow(FormError);
  });
  it('never keeps a secret in what history stores', () => {
    const form = formFor(methods['platform.exportKey'].params);
    expect(withoutSecrets(form, { username: 'u', password: 'hunter2', address: 'P-x' })).toEqual({ username: 'u', address: 'P-x' });
  });
});

describe('json tree', () => {
  it('folds and unfolds, masks secrets until revealed', () => {
    const v = { privateKey: 'PrivateKey-abc', list: [1, 2, { a: 'b' }], n: 5n };
    let expanded = initialExpanded(v);
    let rows = treeRows(v, { expanded, isSecret: isSecretValue });
    expect(rows.map((r) => r.key)).toEqual(['result', 'privateKey', 'list', '0', '1', '2', 'n']);
    expect(rows[1]!.text).not.toContain('PrivateKey');
    expect(rows[1]!.masked).toBe(true);
    expect(rows.find((r) => r.key === 'n')?.text).toBe('5');
    expanded = toggle(expanded, '/list');
    rows = treeRows(v, { expanded, isSecret: isSecretValue, revealed: true });
    expect(rows.map((r) => r.key)).toEqual(['result', 'privateKey', 'list', 'n']);
    expect(rows[1]!.text).toBe('"PrivateKey-abc"');
  });
});

describe('console method list and OSC 52 limits', () => {
  it('--readonly hides issueTx and the keystore methods', () => {
    const all = consoleMethods(false).map((m) => m.name);
    const ro = consoleMethods(true).map((m) => m.name);
    expect(all).toContain('platform.issueTx');
    expect(all).toContain('platform.exportKey');
    expect(ro).not.toContain('platform.issueTx');
    expect(ro).not.toContain('platform.exportKey');
    expect(ro).not.toContain('platform.listAddresses');
    expect(ro.length).toBe(all.length - 3);
  });
  it('refuses text too long for terminals to accept', () => {
    expect(fitsOsc52('x'.repeat(OSC52_MAX_BYTES))).toBe(true);
    expect(fitsOsc52('x'.repeat(OSC52_MAX_BYTES + 1))).toBe(false);
    expect(osc52('é')).toBe('\x1b]52;c;w6k=\x07');
  });
});

describe('issueInWords', () => {
  it('says what is wrong with which field, never zod or decoder internals', () => {
    const first = (schema: z.ZodType, v: unknown) => issueInWords(schema.safeParse(v).error!.issues[0]!);
    expect(first(z.object({ txID: z.string() }), {})).toBe('txID is required');
    expect(first(z.object({ height: z.number() }), { height: 'x' })).toBe('height must be a number');
    expect(first(z.object({ size: z.number().min(1) }), { size: 0 })).toBe('size must be at least 1');
    expect(first(z.object({ enc: z.enum(['hex', 'json']) }), { enc: 'b' })).toBe('enc must be one of hex, json');
    const bech = z.object({ addresses: z.array(z.string().refine(() => false, 'invalid character not part of charset: 98')) });
    const words = first(bech, { addresses: ['P-avax1b'] });
    expect(words).toMatch(/^addresses\.0 is not a valid address/);
    expect(words).not.toMatch(/charset|98/);
  });
});
