// The RPC console on screen against the simulated node over loopback: every registry method called on both
// profiles (a result, or a worded error; never a crash), issueTx only after a confirmation, and the keystore
// (v1.11): the password never on screen, the exported key masked until revealed and gone once closed.
import { describe, expect, it } from 'vitest';
import { methodList, type AnyMethod } from '../../src/rpc/methods';
import { formFor } from '../../src/panes/console/schema-form';
import { stringifyJsonBig } from '../../src/codec/json-big';
import type { SimNode } from '../../src/sim/index';
import { liveParams, simTargets, SIM_KEYSTORE_PASSWORD } from '../helpers/method-fixtures';
import { KEY, moveTo, startViewScreen, type ViewScreen } from '../views/screen';

const PASSWORD = SIM_KEYSTORE_PASSWORD;

/**
 * Form text for a method's fields: its live params (test/fixtures/methods) on the simulated network, lists
 * comma-separated; a choice (an encoding) and the secret (the password, typed from its own map) are left as they are.
 */
function valuesFor(m: AnyMethod, sim: SimNode): Record<string, string> {
  const params = liveParams(m.name, simTargets(sim));
  const out: Record<string, string> = {};
  for (const f of formFor(m.params).fields) {
    const v = params[f.path];
    if (v === undefined || f.secret || f.kind === 'enum' || f.kind === 'boolean') continue;
    out[f.path] = Array.isArray(v) ? v.join(',') : String(v);
  }
  return out;
}

const esc = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

function cursorIndex(frame: string): number {
  return frame.split('\n').findIndex((l) => l.startsWith('›'));
}

async function pickMethod(s: ViewScreen, m: AnyMethod, fromIndex: number, toIndex: number): Promise<void> {
  for (let i = fromIndex; i < toIndex; i++) {
    const before = s.lastFrame().split('\n').find((l) => l.startsWith('›')) ?? '';
    await s.press('j', (f) => (f.split('\n').find((l) => l.startsWith('›')) ?? '') !== before);
  }
  await s.press(KEY.enter, new RegExp(`RPC console · .*${esc(m.name)}[\\s\\S]*▶ send`));
}

/** Fill the form field by field (one key per step), typing secrets from `secret`. */
async function fill(s: ViewScreen, m: AnyMethod, values: Record<string, string>, secret: Record<string, string> = {}): Promise<void> {
  const fields = formFor(m.params).fields;
  for (let i = 0; i < fields.length; i++) {
    const f = fields[i]!;
    const text = f.secret ? secret[f.path] : values[f.path];
    if (text !== undefined && text !== '') {
      await s.press(KEY.enter, /▏/);
      await s.press(text, f.secret ? new RegExp(`${'•'.repeat(text.length)}▏`) : new RegExp(`${esc(text.slice(-12))}▏`));
      await s.press(KEY.enter, (fr) => !fr.includes('▏'));
    }
    const at = cursorIndex(s.lastFrame());
    await s.press('j', (fr) => cursorIndex(fr) !== at);
  }
}

async function waitResult(s: ViewScreen, m: AnyMethod): Promise<'ok' | 'error'> {
  const f = await s.waitFor(new RegExp(`${esc(m.name)} (·|failed:)`), 15_000);
  return new RegExp(`${esc(m.name)} failed:`).test(f) ? 'error' : 'ok';
}

function supportedOn(profile: 'v1.11' | 'v1.14', m: AnyMethod): boolean {
  const v = profile === 'v1.11' ? [1, 11, 2] : [1, 14, 2];
  const num = (s: string) => s.replace(/^v/, '').split('.').map(Number);
  const cmp = (a: number[], b: number[]) => a[0]! - b[0]! || a[1]! - b[1]! || a[2]! - b[2]!;
  return (!m.since || cmp(num(m.since), v) <= 0) && (!m.removedIn || cmp(num(m.removedIn), v) > 0);
}

for (const profile of ['v1.11', 'v1.14'] as const) {
  describe(`console, every registry method on profile ${profile}`, () => {
    it('renders a result or a worded error for each, never a crash', async () => {
      const s = await startViewScreen({ sim: { profile, autoAdvance: false }, rows: 40 });
      s.sim.tick(10_000);
      await s.waitFor(/Node ID/);
      await s.press('0', /RPC console · \d+ methods/);
      const outcomes: Record<string, string> = {};
      let index = 0;
      for (let i = 0; i < methodList.length; i++) {
        const m = methodList[i]!;
        await pickMethod(s, m, index, i);
        index = i;
        await fill(s, m, valuesFor(m, s.sim), { password: PASSWORD });
        await s.press(KEY.ctrlS, (f) => /\(y\/n\)/.test(f) || new RegExp(`${esc(m.name)} (·|failed:)`).test(f));
        if (/\(y\/n\)/.test(s.lastFrame())) await s.press('y', new RegExp(`${esc(m.name)} (·|failed:)`), 15_000);
        const outcome = await waitResult(s, m);
        outcomes[m.name] = outcome;
        if (outcome === 'error') expect(s.lastFrame()).toMatch(new RegExp(`${esc(m.name)} failed: .{10,}`));
        await s.press(KEY.escape, /▶ send/);
        await s.press(KEY.escape, /Enter picks a method/);
      }
      for (const m of methodList) {
        const expected = m.mutating ? 'error' : supportedOn(profile, m) ? 'ok' : 'error';
        expect([m.name, outcomes[m.name]]).toEqual([m.name, expected]);
      }
      // The history has every call, newest first.
      const f = await s.press('h', /Enter reloads the call/);
      expect(f).toContain(methodList[methodList.length - 1]!.name);
      expect(stringifyJsonBig(s.frames())).not.toContain(PASSWORD);
    }, 240_000);
  });
}

describe('console safety', () => {
  it('issueTx goes out only after y', async () => {
    const s = await startViewScreen();
    const sent: string[] = [];
    s.client.onCall((e) => sent.push(e.method));
    await s.waitFor(/Node ID/);
    await s.press('0', /RPC console/);
    const i = methodList.findIndex((m) => m.name === 'platform.issueTx');
    const m = methodList[i]!;
    await pickMethod(s, m, 0, i);
    await fill(s, m, { tx: '0x0000000000' });
    await s.press(KEY.ctrlS, /cannot be undone\. \(y\/n\)/);
    await s.press('n', (f) => !f.includes('(y/n)') && /▶ send/.test(f));
    expect(sent).not.toContain('platform.issueTx');
    await s.press(KEY.ctrlS, /\(y\/n\)/);
    await s.press('y', /platform\.issueTx failed: /);
    expect(sent.filter((x) => x === 'platform.issueTx')).toHaveLength(1);
  }, 120_000);

  it('filters the method list with /', async () => {
    const s = await startViewScreen();
    await s.waitFor(/Node ID/);
    await s.press('0', /RPC console/);
    await s.press('/', /filter \/ ▏/);
    let f = await s.press('stake', /filter \/ stake▏/);
    expect(f).toMatch(/platform\.getMinStake/);
    expect(f).not.toMatch(/info\.peers/);
    f = await s.press(KEY.enter, (fr) => !fr.includes('▏') && /\/ filter "stake" \(Esc clears\)/.test(fr));
    await moveTo(s, /^›platform\.getStake\s/);
    await s.press(KEY.enter, /RPC console · .*platform\.getStake[\s\S]*validatorsOnly/);
    await s.press(KEY.escape, /Enter picks a method/);
    await s.press(KEY.escape, (fr) => /info\.peers/.test(fr) && !fr.includes('filter "stake"'));
  });

  it('--readonly leaves issueTx and the keystore out', async () => {
    const s = await startViewScreen({ readonly: true, sim: { profile: 'v1.11' } });
    await s.waitFor(/Node ID/);
    const f = await s.press('0', /read-only: issueTx and keystore hidden/);
    expect(f).not.toMatch(/platform\.exportKey|platform\.listAddresses|platform\.issueTx/);
    const g = await s.press('G', /health\.readiness/);
    expect(g).not.toMatch(/platform\.exportKey|platform\.listAddresses|platform\.issueTx/);
  });

  it('keystore on mainnet: warning, masked password never shown or kept, key masked until revealed and gone after close', async () => {
    const s = await startViewScreen({ sim: { profile: 'v1.11' } });
    const wallet = s.sim.network.wallets[0]!.str;
    const key = s.sim.network.keystore.keys.get(wallet)!;
    expect(key).toMatch(/^PrivateKey-/);
    await s.waitFor(/Node ID/);
    await s.waitFor(() => s.store.getState().node.networkId.data === 1);
    await s.press('0', /RPC console/);

    // listAddresses: warning first, the password typed as bullets.
    const li = methodList.findIndex((m) => m.name === 'platform.listAddresses');
    const list = methodList[li]!;
    await pickMethod(s, list, 0, li);
    expect(s.lastFrame()).toMatch(/WARNING: this node is on mainnet \(network ID 1\)/);
    await fill(s, list, { username: 'avatop' }, { password: PASSWORD });
    expect(s.lastFrame()).toMatch(/password\s+•+ \(set\)/);
    await s.press(KEY.ctrlS, /Send keystore credentials to a mainnet node\? \(y\/n\)/);
    await s.press('y', /platform\.listAddresses · /);
    expect(s.lastFrame()).toContain(wallet.slice(0, 20));
    // Back in the form, the password is gone: it must be typed again.
    await s.press(KEY.escape, /password\s+\(typed masked, never stored\)/);
    await s.press(KEY.escape, /Enter picks a method/);

    // exportKey: the key is masked until v, copied only when shown, and dropped when the result closes.
    const ei = methodList.findIndex((m) => m.name === 'platform.exportKey');
    const exp = methodList[ei]!;
    await s.press('g', (f) => /›info\.acps/.test(f));
    await pickMethod(s, exp, 0, ei);
    await fill(s, exp, { username: 'avatop', address: wallet }, { password: PASSWORD });
    await s.press(KEY.ctrlS, /\(y\/n\)/);
    let f = await s.press('y', /platform\.exportKey · [\s\S]*privateKey: •+/);
    expect(f).not.toContain('PrivateKey-');
    await s.press('j', /›\s+privateKey: •/);
    await s.press('y', /reveal the key with v first/);
    expect(s.copies).toEqual([]);
    f = await s.press('v', /privateKey: "PrivateKey-/);
    expect(f).toContain(key);
    await s.press('y', /copied/);
    expect(s.copies).toEqual([key]);
    await s.press('v', (fr) => !fr.includes('PrivateKey-') && /privateKey: •/.test(fr));
    await s.press('v', /PrivateKey-/);
    await s.press(KEY.escape, (fr) => !fr.includes('PrivateKey-') && /▶ send/.test(fr));
    // Reopening the history shows the calls, never the password or the key.
    f = await s.press('h', /Enter reloads the call[\s\S]*✓ platform\.exportKey[\s\S]*✓ platform\.listAddresses/);
    expect(f).not.toContain(PASSWORD);
    expect(f).not.toContain(key);
    // Nothing anywhere: no frame ever showed the password, and the store holds neither.
    for (const fr of s.frames()) expect(fr).not.toContain(PASSWORD);
    const state = stringifyJsonBig(s.store.getState(), 0);
    expect(state).not.toContain(PASSWORD);
    expect(state).not.toContain(key);
    // Leaving the console drops what it held.
    await s.press('1', /Node ID/);
    await s.press('0', /RPC console/);
    expect(s.lastFrame()).not.toContain(key);
  }, 120_000);
});
