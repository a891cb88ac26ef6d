import { describe, expect, it } from 'vitest';
import { writeExposition } from '../../src/exporter/exposition';
import { parseListen } from '../../src/exporter/server';
import { parseNodeSpec, checkUniqueNames, defaultNodeName } from '../../src/config/nodes';

describe('writeExposition', () => {
  it('writes HELP, TYPE and samples with sorted, escaped labels', () => {
    const text = writeExposition([
      { name: 'avatop_up', help: 'up\\down\nnext', type: 'gauge', samples: [{ labels: { node: 'a"b\\c\nd', network: 'mainnet' }, value: 1 }] },
    ]);
    expect(text).toBe(
      '# HELP avatop_up up\\\\down\\nnext\n# TYPE avatop_up gauge\navatop_up{network="mainnet",node="a\\"b\\\\c\\nd"} 1\n',
    );
  });

  it('writes info families as gauges, special values as Prometheus spells them, and skips empty families', () => {
    const text = writeExposition([
      { name: 'avatop_node_info', help: 'i', type: 'info', samples: [{ labels: { version: '1.14.2' }, value: 1 }] },
      { name: 'avatop_empty', help: 'e', type: 'gauge', samples: [] },
      { name: 'avatop_x', help: 'x', type: 'gauge', samples: [{ labels: {}, value: Infinity }, { labels: { a: '1' }, value: Number.NaN }] },
    ]);
    expect(text).toContain('# TYPE avatop_node_info gauge\n');
    expect(text).not.toContain('avatop_empty');
    expect(text).toContain('avatop_x +Inf\n');
    expect(text).toContain('avatop_x{a="1"} NaN\n');
  });

  it('keeps one sample per label set and refuses names Prometheus would reject', () => {
    const text = writeExposition([{ name: 'a', help: 'h', type: 'gauge', samples: [{ labels: { n: '1' }, value: 1 }, { labels: { n: '1' }, value: 2 }] }]);
    expect(text.match(/^a\{/gm)).toHaveLength(1);
    expect(() => writeExposition([{ name: 'bad-name', help: '', type: 'gauge', samples: [{ labels: {}, value: 1 }] }])).toThrow(/invalid metric name/);
    expect(() => writeExposition([{ name: 'a', help: '', type: 'gauge', samples: [{ labels: { 'x-y': '1' }, value: 1 }] }])).toThrow(/invalid label name/);
  });

  it('writes a label object it has written before the same, and refuses a bad label name every time', () => {
    const labels = { node: 'a"b', network: 'mainnet' };
    const family = { name: 'a', help: 'h', type: 'gauge' as const, samples: [{ labels, value: 1 }] };
    const first = writeExposition([family]);
    expect(writeExposition([family])).toBe(first);
    expect(first).toContain('a{network="mainnet",node="a\\"b"} 1\n');
    const bad = [{ name: 'a', help: '', type: 'gauge' as const, samples: [{ labels: { 'x-y': '1' }, value: 1 }] }];
    expect(() => writeExposition(bad)).toThrow(/invalid label name/);
    expect(() => writeExposition(bad)).toThrow(/invalid label name/);
  });
});

describe('node options', () => {
  it('names a node by host and port unless told', () => {
    expect(parseNodeSpec('http://10.0.0.5:9650', '--node')).toEqual({ name: '10.0.0.5:9650', url: 'http://10.0.0.5:9650' });
    expect(parseNodeSpec('validator-1=http://10.0.0.5:9650', '--node')).toEqual({ name: 'validator-1', url: 'http://10.0.0.5:9650' });
    expect(defaultNodeName('https://node.example.com/avax/')).toBe('node.example.com:443/avax');
    // An "=" inside the URL's query is not a name.
    expect(parseNodeSpec('http://h:1/?a=b', '--node').name).toBe('h:1');
  });

  it('refuses bad URLs, bad names and two nodes of one name', () => {
    expect(() => parseNodeSpec('x=notaurl', '--node')).toThrow(/not a URL/);
    expect(() => parseNodeSpec('a b=http://h:1', '--node')).toThrow(/node name/);
    expect(() => checkUniqueNames([{ name: 'a', url: 'http://h:1' }, { name: 'a', url: 'http://h:2' }])).toThrow(/two nodes are named "a"/);
  });

  it('reads --listen addresses', () => {
    expect(parseListen('127.0.0.1:9109')).toEqual({ host: '127.0.0.1', port: 9109 });
    expect(parseListen('[::1]:9109')).toEqual({ host: '::1', port: 9109 });
    expect(parseListen(':9109')).toEqual({ host: '0.0.0.0', port: 9109 });
    for (const bad of ['9109', 'localhost', '127.0.0.1:99999', '127.0.0.1:port', '']) expect(parseListen(bad)).toBeUndefined();
  });
});
