// The parser and the name table against /ext/metrics pages captured from real avalanchego nodes (see
// test/fixtures/metrics/README.md).
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { createExpositionParser, parseExposition } from '../../src/metrics/exposition';
import { isWanted, QUANTITIES } from '../../src/metrics/names';
import { createResolver } from '../../src/metrics/resolve';

const fixture = (name: string) => new URL(`../fixtures/metrics/${name}`, import.meta.url);
const read = (name: string) => readFileSync(fixture(name), 'utf8');

function resolve(text: string) {
  const r = createResolver();
  const p = createExpositionParser({ want: isWanted, onSample: r.add });
  p.push(text);
  return { stats: p.end(), ...r.result() };
}

describe('a real v1.14.2 page', () => {
  const text = read('v1.14.2.txt');

  it('parses every line: no line skipped, histograms and summaries included', () => {
    const { samples, stats, types } = parseExposition(text);
    expect(stats.skipped).toBe(0);
    expect(stats.lines).toBe(3563);
    expect(samples.length).toBe(1901);
    expect([...types.values()]).toEqual(expect.arrayContaining(['counter', 'gauge', 'histogram', 'summary']));
    expect(samples.find((s) => s.name === 'avalanche_resource_tracker_disk_available_space')?.value).toBe(1.8446744073709552e19);
  });

  it('resolves every quantity avatop reads, with the values the node wrote', () => {
    const { values, from } = resolve(text);
    expect(QUANTITIES.map((q) => q.key).filter((k) => !(k in values))).toEqual([]);
    expect(values).toMatchObject({
      cpuSeconds: 1.1,
      residentBytes: 95_211_520,
      openFds: 20,
      maxFds: 8192,
      goroutines: 104,
      diskAvailablePercent: 100,
      peers: 4,
      benched: 0,
      healthFailing: 0,
      // base="health" 12 + base="metrics" 1
      apiCalls: 13,
      // chain="all": get 18,685 + has 901 + iterator_next 656 (the per-chain series are not counted twice)
      dbReadBytes: 20_242,
      // chain="all": batch_write 15,323 + put 2,765 + delete 319
      dbWriteBytes: 18_407,
      'accepted:P': 0,
      'bsFetched:P': 0,
      // +Inf: no upgrade counted (a gauge keeps it; an infinite counter would be dropped).
      upgradeTimeUntil: Infinity,
    });
    expect(from.residentBytes).toBe('avalanche_process_process_resident_memory_bytes');
    expect(from['accepted:C']).toBe('avalanche_snowman_blks_accepted_count');
  });

  it('reads the same whatever the chunk size', () => {
    const whole = resolve(text).values;
    for (const size of [1000, 4096, 65_536]) {
      const r = createResolver();
      const p = createExpositionParser({ want: isWanted, onSample: r.add });
      for (let i = 0; i < text.length; i += size) p.push(text.slice(i, i + size));
      p.end();
      expect(r.result().values).toEqual(whole);
    }
  });
});

describe('a real v1.14.2 node while its P-chain bootstraps', () => {
  it('has the P-chain bootstrap counters and no X or C chain yet', () => {
    const { values } = resolve(read('v1.14.2-bootstrapping.txt'));
    expect(values['bsFetched:P']).toBe(0);
    expect(values['bsAccepted:P']).toBe(0);
    expect(values['bsFetched:X']).toBeUndefined();
    expect(values.healthFailing).toBe(3);
  });
});

describe('a real v1.11.2 page (names before v1.11.8)', () => {
  it('resolves the process, disk, network and per-chain quantities from the old names', () => {
    const { values, from, stats } = resolve(read('v1.11.2.txt'));
    expect(stats.skipped).toBe(0);
    // Only the disk percentage and the upgrade countdown (v1.13) came later.
    expect(QUANTITIES.map((q) => q.key).filter((k) => !(k in values))).toEqual(['diskAvailablePercent', 'upgradeTimeUntil']);
    expect(values).toMatchObject({ cpuSeconds: 1.25, residentBytes: 105_299_968, openFds: 20, goroutines: 98, peers: 4, apiCalls: 13, dbReadBytes: 403_817 });
    // A name per message type, added up.
    expect(values.netBytesIn).toBe(164_214);
    expect(from.residentBytes).toBe('avalanche_process_resident_memory_bytes');
    expect(from['accepted:P']).toBe('avalanche_P_blks_accepted_count');
  });
});
