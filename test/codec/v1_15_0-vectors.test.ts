// avatop's codec and RPC schemas against the vectors avalanchego v1.15.0's own code wrote (snapshot in
// test/fixtures/v1.15.0, generator in test/node-wrapper/v1.15.0; `npm run test:node` regenerates them and holds
// this snapshot to them byte for byte).
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { codecChecks, loadVectors, schemaChecks } from '../helpers/v1_15_0-vectors';

const vectors = loadVectors();
codecChecks(vectors);
schemaChecks(vectors);

// test/fixtures/v1.15 holds shapes written from the source and upgrade tables printed by v1.15.0's upgrade package;
// the simulator's tests read them, so they are held to what v1.15.0's services serve.
describe('test/fixtures/v1.15 agrees with what v1.15.0\'s services serve', () => {
  const fixture = (name: string) => JSON.parse(readFileSync(new URL(`../fixtures/v1.15/${name}`, import.meta.url), 'utf8'));

  it.each(['mainnet', 'fuji'] as const)('info-upgrades-%s.json is what v1.15.0\'s info service serves, key for key and value for value', (net) => {
    const written = fixture(`info-upgrades-${net}.json`);
    expect(Object.keys(written)).toEqual(Object.keys(vectors.upgrades[net]));
    expect(written).toEqual(vectors.upgrades[net]);
  });

  it('get-current-validators-auto-renewed.json has the keys, in order, of an auto-renewed record the service served', () => {
    const written = fixture('get-current-validators-auto-renewed.json').validators[0];
    const served = vectors.validators.calls.find((c) => c.name === 'all')!.result.validators.find((v) => 'nextPeriod' in v && v.delegatorCount === '0')!;
    expect(Object.keys(written)).toEqual(Object.keys(served));
  });
});
