// The transaction view renders every tx type in the codec fixtures: decoded with our codec, every owner address
// (with the network's HRP) and node ID of the node's own JSON rendering appears, and the screen shows the type.
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { render } from 'ink-testing-library';
import { describe, expect, it } from 'vitest';
import { App } from '../../src/app/App';
import { DEFAULT_REWARD_THRESHOLD } from '../../src/ui/config';
import { decodeAny } from '../../src/codec/pchain/detect';
import { decodeHex } from '../../src/codec/hex';
import { formatId } from '../../src/codec/cb58';
import { txIdOf } from '../../src/codec/pchain/txs';
import { isTerminalSafe } from '../../src/format/sanitize';
import { createAvatopStore } from '../../src/state/store';
import { idleResource, resolveOk } from '../../src/state/resource';
import { pushView } from '../../src/state/ui';
import { defaultTheme } from '../../src/theme';
import { txLines, txParts } from '../../src/views/tx-model';
import type { TxDetail } from '../../src/state/view-keys';
import { waitForFrame } from '../components/helpers';

const DIR = join(__dirname, '../fixtures/codec');
const fixtures = readdirSync(DIR)
  .filter((f) => /^(signedtx|tx)_/.test(f))
  .map((f) => ({ file: f, ...(JSON.parse(readFileSync(join(DIR, f), 'utf8')) as { kind: string; type?: string; hex: string; expected: unknown }) }));

function strings(v: unknown, out: string[] = []): string[] {
  if (typeof v === 'string') out.push(v);
  else if (Array.isArray(v)) v.forEach((x) => strings(x, out));
  else if (v && typeof v === 'object') Object.values(v).forEach((x) => strings(x, out));
  return out;
}

const meta = { at: Date.now(), latencyMs: 1, bytes: 1 };
let namesChecked = 0;

describe('tx view over every codec fixture', () => {
  it('has fixtures of many tx types', () => {
    expect(new Set(fixtures.map((f) => f.type)).size).toBeGreaterThanOrEqual(20);
  });

  for (const fx of fixtures) {
    it(`renders ${fx.file}`, async () => {
      const { decoded } = decodeAny(decodeHex(fx.hex, { checksum: 'auto' }), ['tx']);
      const parts = txParts(decoded);
      expect(parts.typeName).toBe(fx.type);
      const networkId = Number((parts.unsigned as { networkId?: number } | undefined)?.networkId ?? 1);
      const lines = txLines(decoded, { networkId });
      const text = lines.map((l) => `${l.label} ${l.value}`).join('\n');
      for (const l of lines) expect(isTerminalSafe(`${l.label}${l.value}`)).toBe(true);
      // What the node's JSON names, we show: every address and node ID.
      for (const s of strings(fx.expected)) {
        if (/^[A-Z]-[a-z]+1[02-9ac-hj-np-z]{38}$/.test(s) || /^NodeID-\w+$/.test(s)) {
          expect(text).toContain(s);
          namesChecked++;
        }
      }

      // On screen: the view with the decoded tx in the store.
      const id = parts.id ?? formatId(txIdOf(decodeHex(fx.hex, { checksum: 'auto' })));
      const store = createAvatopStore();
      const s0 = store.getState();
      const detail: TxDetail = { hex: fx.hex, decoded, decodeError: undefined, typeName: parts.typeName };
      store.setState(
        {
          ...s0,
          txs: {
            detail: { [id]: resolveOk(idleResource<any>(), detail, meta) },
            status: { [id]: resolveOk(idleResource<any>(), { status: 'Committed' }, meta) },
          },
          ui: pushView(s0.ui, { kind: 'tx', id }),
        },
        true,
      );
      const config = { url: 'fixture', rewardThreshold: DEFAULT_REWARD_THRESHOLD, actions: { quit() {}, refresh() {} } };
      const r = render(<App store={store} theme={defaultTheme()} config={config} size={{ columns: 120, rows: 40 }} />);
      try {
        const f = await waitForFrame(() => r.lastFrame(), new RegExp(`type\\s+${fx.type}`));
        expect(f).toMatch(/status\s+Committed/);
        expect(f).not.toMatch(/cannot decode/);
      } finally {
        r.unmount();
      }
    });
  }

  it('checked a good number of addresses and node IDs above', () => {
    expect(namesChecked).toBeGreaterThan(40);
  });

  it('falls back to the node JSON for a tx our codec cannot read', async () => {
    const store = createAvatopStore();
    const s0 = store.getState();
    const id = '2ZdpmK8N6N9t8eSRmEaRTfKpkABxPbeqmQbJfBAdiA6MLLi3Pz';
    const detail: TxDetail = { hex: '0x00000000ffff', decoded: undefined, decodeError: 'unknown type ID 65535', typeName: undefined };
    store.setState(
      {
        ...s0,
        txs: { detail: { [id]: resolveOk(idleResource<any>(), detail, meta) }, status: {} },
        views: { data: { [`txJson:${id}`]: resolveOk(idleResource<unknown>(), { unsignedTx: { futureField: 'from the node' } }, meta) } },
        ui: pushView(s0.ui, { kind: 'tx', id }),
      },
      true,
    );
    const config = { url: 'fixture', rewardThreshold: DEFAULT_REWARD_THRESHOLD, actions: { quit() {}, refresh() {} } };
    const r = render(<App store={store} theme={defaultTheme()} config={config} size={{ columns: 120, rows: 40 }} />);
    try {
      const f = await waitForFrame(() => r.lastFrame(), /futureField\s+from the node/);
      expect(f).toMatch(/cannot decode it: unknown type ID 65535/);
    } finally {
      r.unmount();
    }
  });
});
