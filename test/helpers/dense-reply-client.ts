// Run as a child with the monitor's heap flags (see test/rpc/value-budget.test.ts): calls the given node twice and
// prints what each call gave as one JSON line. With `skim`, the first call reads info.peers for the exporter's facts
// (kept as bytes and skimmed, rpc/transport.ts).
import { createClient } from '../../src/rpc/client';
import { peersFacts } from '../../src/rpc/methods/info/peers';

const client = createClient({ url: process.argv[2]! });
const out: unknown[] = [];
const first = process.argv[3] === 'skim' ? () => client.read(peersFacts) : () => client.platform.getCurrentValidators({});
for (const call of [first, () => client.platform.getHeight()]) {
  try {
    const r = await call();
    out.push({ ok: true, height: String((r as { height?: bigint }).height ?? '') });
  } catch (e) {
    out.push({ ok: false, name: (e as Error).name, short: (e as { short?: string }).short });
  }
}
await client.close();
process.stdout.write(`${JSON.stringify(out)}\n`);
