// avatop's codec and RPC schemas against the vectors avalanchego v1.15.0's own code wrote (snapshot in
// test/fixtures/v1.15.0, generator in test/node-wrapper/v1.15.0; `npm run test:node` regenerates them and holds
// this snapshot to them byte for byte).
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { codecChecks, loadVectors, schemaChecks } from '../helpers/v1_15_0-vectors';

const vectors = loadVectors();
codecChecks(vectors);
schemaChecks(vectors);

// test/fixtures/v1.15 was written from v1.15.0-fuji's source before any v1.15 code could run here; the simulator's
// v1.15 shape test still reads it, so it is held to what v1.15.0 itself serves.
describe('test/fixtures/v1.15 (written from source) agrees with v1.15.0\'s own output', () => {
  const fixture = (name: string) => JSON.parse(readFileSync(new URL(`../fixtures/v1.15/${name}`, import.meta.url), 'utf8'));

  it('info-upgrades-fuji.json is v1.15.0\'s Fuji info.upgrades, key for key and value for value', () => {
    const written = fixture('info-upgrades-fuji.json');
    expect(Object.keys(written)).toEqual(Object.keys(vectors.upgrades.fuji));
    expect(written).toEqual(vectors.upgrades.fuji);
  });

  it('get-current-validators-auto-renewed.json has the keys, in order, of an auto-renewed record the service served', () => {
    const written = fixture('get-current-validators-auto-renewed.json').validators[0];
    const served = vectors.validators.calls.find((c) => c.name === 'all')!.result.validators.find((v) => 'nextPeriod' in v && v.delegatorCount === '0')!;
    expect(Object.keys(written)).toEqual(Object.keys(served));
  });
});
