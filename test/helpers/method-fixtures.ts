// Each RPC method's fixture, test/fixtures/methods/<method>.json: its documented example (request params and reply,
// copied from avalanchego's docs with audit notes) and `live`, the params a test sends to a running node (the
// simulator or a real avalanchego), with `$name` standing for something that node has (a block, a tx, a subnet).
// One table for every test that calls every method, so a new method's questions are written once, beside its
// example. A method without `live` takes `{}`.
import { readdirSync, readFileSync } from 'node:fs';
import { parseJsonBig } from '../../src/codec/json-big';
import type { SimNode } from '../../src/sim/index';

const DIR = new URL('../fixtures/methods/', import.meta.url);

export interface MethodFixture {
  readonly method: string;
  /** The path the docs post to (`/ext/P` is an alias of `/ext/bc/P`). */
  readonly endpoint: string;
  readonly request: { readonly params?: unknown };
  readonly response: { readonly result?: unknown };
  readonly moreExamples?: ReadonlyArray<{ readonly request: { readonly params?: unknown }; readonly response: { readonly result?: unknown } }>;
  readonly live?: Readonly<Record<string, unknown>>;
}

/** Every method's fixture, parsed keeping integers above 2^53 exact. */
export const METHOD_FIXTURES: readonly MethodFixture[] = readdirSync(DIR)
  .filter((f) => f.endsWith('.json') && !f.startsWith('_'))
  .sort()
  .map((f) => parseJsonBig(readFileSync(new URL(f, DIR), 'utf8')) as unknown as MethodFixture);

export function methodFixture(method: string): MethodFixture {
  const f = METHOD_FIXTURES.find((x) => x.method === method);
  if (!f) throw new Error(`no test/fixtures/methods/${method}.json`);
  return f;
}

/** What the live params point at, found on the node the test calls. */
export interface Targets {
  readonly height: number;
  readonly blockId: string;
  /** A tx in a recent block. */
  readonly txId: string;
  /** A tx that staked (getRewardUTXOs). */
  readonly stakerTxId: string;
  readonly subnetId: string;
  /** A chain of `subnetId`. */
  readonly chainId: string;
  /** A current validator (the simulator picks one with delegators, so its reply lists them). */
  readonly nodeId: string;
  /** Addresses that hold UTXOs; `$address` is the first. */
  readonly addresses: readonly string[];
  /** An L1 validation; a node without L1s is asked for a tx ID and answers "not found". */
  readonly validationId: string;
  /** The keystore user avatop's password (spec-era nodes). */
  readonly password: string;
}

export const SIM_KEYSTORE_PASSWORD = 'avatop-sim-password';

/** The params `method` sends to a node with these targets (the wire shape; `{}` for a method without `live`). */
export function liveParams(method: string, t: Targets): Record<string, unknown> {
  const nowSec = Math.floor(Date.now() / 1000);
  const values: Record<string, unknown> = {
    ...t,
    address: t.addresses[0],
    // getMaxStakeAmount asks about a window that starts soon and lasts three days.
    startTime: nowSec + 600,
    endTime: nowSec + 3 * 86_400,
  };
  const fill = (v: unknown): unknown => {
    if (typeof v === 'string' && v.startsWith('$')) {
      const name = v.slice(1);
      if (!(name in values)) throw new Error(`${method}: live params name $${name}, which no target has`);
      return values[name];
    }
    if (Array.isArray(v)) return v.map(fill);
    if (v && typeof v === 'object') return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, fill(x)]));
    return v;
  };
  return fill(methodFixture(method).live ?? {}) as Record<string, unknown>;
}

/** Targets on a simulated node, read from its network (no call needed). */
export function simTargets(sim: SimNode): Targets {
  const net = sim.network;
  const validator = net.validators.find((v) => v.delegators.length > 0) ?? net.validators[0]!;
  const l1 = net.subnets.find((s) => s.l1Validators.length > 0);
  const subnet = l1 ?? net.subnets[0]!;
  const txId = net.lastBlock.txIds[0] ?? validator.txIdStr;
  return {
    height: net.height,
    blockId: net.lastBlock.idStr,
    txId,
    stakerTxId: net.pastRewardedTxs[0] ?? validator.txIdStr,
    subnetId: subnet.idStr,
    chainId: subnet.chains[0]!.idStr,
    nodeId: validator.nodeIdStr,
    addresses: [net.wallets[0]!.str],
    validationId: l1?.l1Validators[0]!.validationIdStr ?? txId,
    password: SIM_KEYSTORE_PASSWORD,
  };
}
