// The header badge and the overview lines for every validation of this node, from the one guard.
import { describe, expect, it } from 'vitest';
import { judgeOwnValidations, type OwnValidations } from '../../src/domain/reward/own-validations';
import type { ValidationFacts } from '../../src/domain/reward/guard';
import { discoveryRows, otherValidationRows, validationsBadge } from '../../src/ui/validations-model';
import { idleResource, resolveError, resolveOk } from '../../src/state/resource';
import { PRIMARY_NETWORK_ID } from '../../src/state/constants';
import { voteAt } from '../helpers/vote';

const DAY = 86_400_000;
const start = Date.UTC(2026, 7, 1);
const now = start + 10 * DAY;
const SUBNET = '2CKgqhVmKSxXpaENWyizDVh5vUJNAj4UCx8e91iQtEmdE4uEin';
const primary: ValidationFacts = { nodeId: 'NodeID-x', validation: 'primary', startMs: start, endMs: start + 100 * DAY, view: 'peers', vote: voteAt(99, now), helicon: { kind: 'unscheduled' }, renewal: { kind: 'fixed' } };
const judge = (validations: OwnValidations['validations']) => judgeOwnValidations(primary, { validations, trackedSubnets: [], price: 512n, errors: [] }, { now }, PRIMARY_NETWORK_ID);

describe('validationsBadge', () => {
  it('keeps the primary budget while the others are fine', () => {
    const list = judge([{ kind: 'l1', subnetId: 'L', validationId: 'V', startMs: start, balance: 512n * 86_400n * 60n, source: 'discovered' }]);
    expect(validationsBadge(list, now)).toMatchObject({ text: expect.stringMatching(/^budget \d+d \d+h$/), tone: 'ok' });
  });

  it('speaks of an L1 balance under a week, or a subnet validation ending within the hour', () => {
    const l1 = judge([{ kind: 'l1', subnetId: 'L', validationId: 'V', startMs: start, balance: 512n * 86_400n * 3n, source: 'discovered' }]);
    expect(validationsBadge(l1, now)).toEqual({ text: 'L1 balance 3d 0h', tone: 'warn' });
    const ending = judge([{ kind: 'subnet', subnetId: SUBNET, startMs: start, endMs: now + 30 * 60_000, permissionless: false, uptimeRequirement: undefined }]);
    expect(validationsBadge(ending, now)).toEqual({ text: 'subnet ends in 30m 00s', tone: 'error' });
  });

  it('an elastic subnet validation whose reward is lost says so', () => {
    // 80% needed over 12 days from the primary start; 10 days at 70% spent it.
    const lost = judgeOwnValidations({ ...primary, vote: voteAt(70, now) }, { validations: [{ kind: 'subnet', subnetId: SUBNET, startMs: start, endMs: start + 12 * DAY, permissionless: true, uptimeRequirement: 800_000 }], trackedSubnets: [], price: undefined, errors: [] }, { now, override: undefined }, PRIMARY_NETWORK_ID);
    expect(validationsBadge(lost, now)).toEqual({ text: 'subnet reward lost', tone: 'error' });
    const rows = otherValidationRows(lost, now);
    expect(rows[0]).toMatchObject({ label: 'Subnet 2CKgqh…uEin', value: 'reward lost (14h 24m over); ends in 2d 0h', tone: 'error' });
    expect(rows[1]).toMatchObject({ label: '  needs', value: '80% (subnet rule)' });
  });
});

describe('validationsBadge without the primary record yet', () => {
  it('gives a permissioned subnet no budget badge, only its end when that is near', () => {
    const subnet = (endMs: number) => judgeOwnValidations(undefined, { validations: [{ kind: 'subnet', subnetId: SUBNET, startMs: start, endMs, permissionless: false, uptimeRequirement: undefined }], trackedSubnets: [], price: undefined, errors: [] }, { now }, PRIMARY_NETWORK_ID);
    expect(validationsBadge(subnet(now + 60 * DAY), now)).toBeUndefined();
    expect(validationsBadge(subnet(now + 30 * 60_000), now)).toEqual({ text: 'subnet ends in 30m 00s', tone: 'error' });
  });
});

describe('discoveryRows', () => {
  const found = (errors: string[]): OwnValidations => ({ validations: [], trackedSubnets: [], price: undefined, errors });

  it('says nothing when discovery found out everything, or has not run', () => {
    expect(discoveryRows(undefined)).toEqual([]);
    expect(discoveryRows(resolveOk(idleResource<OwnValidations>(), found([]), { at: 1 }))).toEqual([]);
  });

  it('names the first subnet it could not read and how many more, without control sequences', () => {
    const rows = discoveryRows(resolveOk(idleResource<OwnValidations>(), found(['validations on subnet S1 unknown: timed out\u001b[2J', 'subnet of chain C2 unknown: 403']), { at: 1 }));
    expect(rows).toEqual([{ label: 'Subnets and L1s', value: expect.stringMatching(/^validations on subnet S1 unknown: timed out.* \(\+1 more: avatop status lists them\)$/), tone: 'warn' }]);
    expect(rows[0]!.value).not.toContain('\u001b');
  });

  it('says a round that failed outright was not checked, keeping the last findings', () => {
    const failed = resolveError(resolveOk(idleResource<OwnValidations>(), found([]), { at: 1 }), Object.assign(new Error('x'), { short: 'connection refused' }), { at: 2 });
    expect(discoveryRows(failed)).toEqual([{ label: 'Subnets and L1s', value: 'not checked: connection refused (showing last data)', tone: 'warn' }]);
  });
});
