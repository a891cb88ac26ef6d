/**
 * The resources `avatop get` knows: how to fetch each one and how to lay it out as a table. JSON output is the
 * fetched rows themselves (bigints as decimal strings), so a script sees the same fields the table shows and more.
 */
import { decodeBlock, decodeHex, decodeUtxo, formatAddress, formatId, blockIdOf, txsInBlock, utxoIdOf } from '../codec';
import type { Block, Output, Utxo } from '../codec';
import { formatAvaxExact, formatCount, formatPercent, formatTimestamp, weightIsAvax } from '../format';
import type { AvatopClient } from '../rpc/client';
import { AvatopError, RpcError } from '../rpc/errors';
import { iterateUtxos } from '../rpc/utxo-pages';
import { UsageError } from '../config/flags';
import { textColumns, type TextColumn } from '../columns/column';
import { peerColumns } from '../columns/peers';
import { stakeByNode } from '../domain/stake';
import { balanceRunwayMs } from '../domain/reward/tiers';
import { validatorColumns } from '../columns/validators';
import { decodeSignedTx } from '../codec/pchain/txs';
import { PRIMARY_NETWORK_ID } from '../state/constants';
import type { Validator } from '../state/types';
import { heliconFromUpgrades, rewardThreshold, stakeRuleOf, type HeliconSchedule } from '../domain/reward/threshold';

export interface ResourceResult<Row = Record<string, unknown>> {
  rows: Row[];
  columns: TextColumn<Row>[];
  /** Said above the table (never in JSON). */
  note?: string;
}

type Fetch = (client: AvatopClient, args: string[], opts: Record<string, unknown>) => Promise<ResourceResult<any>>;

const iso = (d: Date | undefined): string => (d ? formatTimestamp(d) : '-');
/** A weight in AVAX on the primary network, a plain number on a subnet or L1 (src/format/weight.ts). */
const weightIn = (subnetId: string | undefined) => (n: bigint | undefined): string =>
  n === undefined ? '-' : weightIsAvax(subnetId) ? formatAvaxExact(n) : formatCount(n);
const weightTitle = (subnetId: string | undefined): string => (weightIsAvax(subnetId) ? 'WEIGHT (AVAX)' : 'WEIGHT');

/** The node's Helicon time; a node without info.upgrades predates Helicon. */
async function heliconOf(client: AvatopClient): Promise<HeliconSchedule> {
  try {
    return heliconFromUpgrades(await client.info.upgrades());
  } catch (err) {
    return { kind: 'absent', why: `info.upgrades unavailable: ${err instanceof AvatopError ? err.short : String(err)}` };
  }
}

/** An elastic subnet's uptimeRequirement, from the TransformSubnetTx getSubnet names; undefined when there is none. */
async function uptimeRequirementOf(client: AvatopClient, subnetId: string): Promise<number | undefined> {
  try {
    const { subnetTransformationTxID: txId } = await client.platform.getSubnet({ subnetID: subnetId });
    if (!txId || txId === PRIMARY_NETWORK_ID) return undefined;
    const { tx } = await client.platform.getTx({ txID: txId, encoding: 'hex' });
    if (typeof tx !== 'string') return undefined;
    const unsigned = decodeSignedTx(decodeHex(tx, { checksum: 'auto' })).unsigned as { uptimeRequirement?: unknown };
    return typeof unsigned.uptimeRequirement === 'number' ? unsigned.uptimeRequirement : undefined;
  } catch {
    return undefined; // the rows still list; their NEEDS says the requirement is not known
  }
}

/** The thresholds a list of validations has, once each: "80% (Helicon not scheduled by this node's release)". */
function ruleSummary(rows: readonly { uptimeThreshold: number | null; uptimeThresholdSource: string }[]): string {
  const seen = new Map<string, string>();
  for (const r of rows) seen.set(r.uptimeThresholdSource, r.uptimeThreshold === null ? r.uptimeThresholdSource : `${r.uptimeThreshold}% (${r.uptimeThresholdSource})`);
  return seen.size === 0 ? 'no validators' : [...seen.values()].slice(0, 3).join('; ');
}

async function networkId(client: AvatopClient): Promise<number> {
  return (await client.info.getNetworkID()).networkID;
}

function blockTime(b: Block): Date | undefined {
  return 'time' in b ? new Date(Number(b.time) * 1000) : undefined;
}

function flattenOutput(o: Output): { amount: bigint; locktime: bigint; stakeableLocktime?: bigint; threshold: number; addresses: Uint8Array[] } {
  if (o.typeId === 22) {
    const inner = flattenOutput(o.output);
    return { ...inner, stakeableLocktime: o.locktime };
  }
  return { amount: o.amount, locktime: o.locktime, threshold: o.threshold, addresses: o.addresses };
}

export const RESOURCES: Record<string, { describe: string; fetch: Fetch }> = {
  peers: {
    describe: 'connected peers',
    async fetch(client) {
      // Which peers validate, with their stake: the primary network's validators. A node that cannot list them
      // (still bootstrapping the P-chain) still lists its peers, VALIDATOR "?" and no stake.
      const [{ peers }, stakes] = await Promise.all([
        client.info.peers(),
        client.platform.getCurrentValidators({}).then(({ validators }) => stakeByNode(validators), () => undefined),
      ]);
      const rows = peers.map((p) => ({ ...p, validator: stakes ? stakes.has(p.nodeID) : null, stake: stakes?.get(p.nodeID) ?? null }));
      return {
        rows,
        note: stakes ? undefined : 'validator set unavailable (P-chain not ready?): VALIDATOR and STAKE unknown',
        columns: textColumns(peerColumns(Date.now(), stakes)),
      };
    },
  },
  validators: {
    describe: 'current validators (SUBNET_ID optional, primary network by default)',
    async fetch(client, args, opts) {
      const subnetId = args[0] ?? PRIMARY_NETWORK_ID;
      const [{ validators }, helicon, requirement] = await Promise.all([
        client.platform.getCurrentValidators(args[0] ? { subnetID: args[0] } : {}),
        heliconOf(client),
        subnetId === PRIMARY_NETWORK_ID ? undefined : uptimeRequirementOf(client, subnetId),
      ]);
      const override = typeof opts.uptimeThreshold === 'number' ? opts.uptimeThreshold : undefined;
      const overrideFrom = typeof opts.uptimeThresholdFrom === 'string' ? opts.uptimeThresholdFrom : undefined;
      const now = Date.now();
      // Each validation's own threshold (domain/reward/threshold.ts), kept in the JSON rows too.
      const thresholdOf = (v: Validator, at: number) => rewardThreshold({ start: v.startTime, helicon, override, overrideFrom, rule: stakeRuleOf(subnetId, v, requirement), now: at });
      const rows = validators.map((v) => {
        const t = thresholdOf(v, now);
        return { ...v, uptimeThreshold: t.percent ?? null, uptimeThresholdSource: t.reason };
      });
      // An L1's validators: their balance and how long it lasts at the fee price, instead of delegation and reward.
      const l1 = validators.some((v) => v.kind === 'l1');
      const price = l1 ? await client.platform.getValidatorFeeState().then((f) => f.price, () => undefined) : undefined;
      const l1Columns = l1
        ? { balanceOf: (v: Validator) => v.balance, runwayOf: (v: Validator) => (v.balance === undefined || price === undefined ? undefined : balanceRunwayMs(v.balance, price)) }
        : {};
      return {
        rows,
        note: `reward threshold: ${ruleSummary(rows)}`,
        // The primary network's weights in AVAX, a subnet's or an L1's as plain numbers; NEEDS on every row.
        columns: textColumns(validatorColumns(now, 0n, { thresholdOf, needs: true, subnetId, ...l1Columns })),
      };
    },
  },
  pending: {
    describe: 'pending validators and delegators (nodes before v1.11.3)',
    async fetch(client, args) {
      try {
        const r = await client.platform.getPendingValidators(args[0] ? { subnetID: args[0] } : {});
        const rows = [
          ...r.validators.map((v) => ({ role: 'validator', nodeID: v.nodeID, txID: v.txID, startTime: v.startTime, endTime: v.endTime, weight: v.weight })),
          ...r.delegators.map((d) => ({ role: 'delegator', nodeID: d.nodeID, txID: d.txID, startTime: d.startTime, endTime: d.endTime, weight: d.weight })),
        ];
        return {
          rows,
          columns: [
            { title: 'ROLE', value: (s) => s.role },
            { title: 'NODE ID', value: (s) => s.nodeID },
            { title: weightTitle(args[0]), align: 'right', value: (s) => weightIn(args[0])(s.weight) },
            { title: 'START', value: (s) => iso(s.startTime) },
            { title: 'END', value: (s) => iso(s.endTime) },
          ],
        };
      } catch (err) {
        if (err instanceof RpcError && err.unsupported) {
          throw new UsageError(
            'this node has no platform.getPendingValidators (removed in v1.11.3: stakers start as soon as they are accepted); use `avatop get validators`',
          );
        }
        throw err;
      }
    },
  },
  fees: {
    describe: 'fees: dynamic fee state and config (today), or the static fee record (spec era)',
    async fetch(client) {
      const rows: Array<{ name: string; value: string }> = [];
      const failures: unknown[] = [];
      const settle = async <T>(p: Promise<T>): Promise<T | undefined> =>
        p.catch((err: unknown) => {
          failures.push(err);
          return undefined;
        });
      const [state, config, vstate, vconfig, txFee] = await Promise.all([
        settle(client.platform.getFeeState()),
        settle(client.platform.getFeeConfig()),
        settle(client.platform.getValidatorFeeState()),
        settle(client.platform.getValidatorFeeConfig()),
        settle(client.info.getTxFee()),
      ]);
      const put = (prefix: string, obj: object | undefined): void => {
        for (const [k, v] of Object.entries(obj ?? {})) {
          if (v === undefined || v === null) continue;
          const text = typeof v === 'bigint' ? v.toString() : v instanceof Date ? v.toISOString() : typeof v === 'object' ? JSON.stringify(v, (_k, x) => (typeof x === 'bigint' ? x.toString() : x)) : String(v);
          rows.push({ name: `${prefix}.${k}`, value: text });
        }
      };
      put('feeState', state);
      put('feeConfig', config);
      put('validatorFeeState', vstate);
      put('validatorFeeConfig', vconfig);
      put('txFee', txFee);
      // Nothing answered (a dead node, a proxy refusing every call): that is the error, not an empty table.
      if (rows.length === 0 && failures.length > 0) throw failures[0];
      return { rows, columns: [{ title: 'FIELD', value: (r) => r.name }, { title: 'VALUE', value: (r) => r.value }] };
    },
  },
  versions: {
    describe: "the node's version record and its peers' versions",
    async fetch(client) {
      const [v, { peers }] = await Promise.all([client.info.getNodeVersion(), client.info.peers()]);
      const counts = new Map<string, number>();
      for (const p of peers) counts.set(p.version, (counts.get(p.version) ?? 0) + 1);
      const rows = [
        { kind: 'node', name: 'version', value: v.version },
        { kind: 'node', name: 'databaseVersion', value: v.databaseVersion },
        { kind: 'node', name: 'gitCommit', value: v.gitCommit },
        { kind: 'node', name: 'rpcProtocolVersion', value: String(v.rpcProtocolVersion ?? '') },
        ...Object.entries(v.vmVersions).map(([name, value]) => ({ kind: 'vm', name, value })),
        ...[...counts].sort((a, b) => b[1] - a[1]).map(([name, n]) => ({ kind: 'peers', name, value: `${n} (${formatPercent((100 * n) / Math.max(1, peers.length))})` })),
      ];
      return { rows, columns: [{ title: 'KIND', value: (r) => r.kind }, { title: 'NAME', value: (r) => r.name }, { title: 'VALUE', value: (r) => r.value }] };
    },
  },
  subnets: {
    describe: 'subnets with their control keys and threshold',
    async fetch(client) {
      const { subnets } = await client.platform.getSubnets();
      return {
        rows: subnets,
        columns: [
          { title: 'SUBNET ID', value: (s) => s.id },
          { title: 'THRESHOLD', align: 'right', value: (s) => String(s.threshold) },
          { title: 'CONTROL KEYS', value: (s) => s.controlKeys.join(',') || '-' },
        ],
      };
    },
  },
  chains: {
    describe: 'blockchains with their subnet and VM',
    async fetch(client) {
      const { blockchains } = await client.platform.getBlockchains();
      return {
        rows: blockchains,
        columns: [
          { title: 'CHAIN ID', value: (c) => c.id },
          { title: 'NAME', value: (c) => c.name },
          { title: 'SUBNET ID', value: (c) => c.subnetID },
          { title: 'VM ID', value: (c) => c.vmID },
        ],
      };
    },
  },
  blocks: {
    describe: 'the latest P-chain blocks (COUNT optional, default 10, at most 100)',
    async fetch(client, args) {
      const count = args[0] === undefined ? 10 : Number(args[0]);
      if (!Number.isInteger(count) || count < 1 || count > 100) throw new UsageError(`blocks: COUNT must be 1..100, got "${args[0]}"`);
      const { height } = await client.platform.getHeight();
      const heights: bigint[] = [];
      for (let h = height; h >= 0n && heights.length < count; h--) heights.push(h);
      const rows = await Promise.all(
        heights.map(async (h) => {
          const { block } = await client.platform.getBlockByHeight({ height: h, encoding: 'hex' });
          const bytes = decodeHex(block as string, { checksum: 'auto' });
          const b = decodeBlock(bytes);
          return { height: h, id: formatId(blockIdOf(bytes)), type: b.typeName, time: blockTime(b), txs: txsInBlock(b).length, parentID: formatId(b.parentId) };
        }),
      );
      return {
        rows,
        columns: [
          { title: 'HEIGHT', align: 'right', value: (b) => b.height.toString() },
          { title: 'BLOCK ID', value: (b) => b.id },
          { title: 'TYPE', value: (b) => b.type },
          { title: 'TIME', value: (b) => iso(b.time) },
          { title: 'TXS', align: 'right', value: (b) => String(b.txs) },
        ],
      };
    },
  },
  utxos: {
    describe: 'UTXOs of ADDRESS... (P-chain addresses), decoded; --source-chain for atomic UTXOs',
    async fetch(client, args, opts) {
      if (args.length === 0) throw new UsageError('utxos: give at least one address, e.g. avatop get utxos P-avax1…');
      const sourceChain = typeof opts['source-chain'] === 'string' ? opts['source-chain'] : undefined;
      const net = await networkId(client);
      const rows: Array<{ utxoID: string; txID: string; outputIndex: number; amount: bigint; locktime: bigint; stakeableLocktime?: bigint; threshold: number; owners: string[] }> = [];
      for await (const page of iterateUtxos(client, { addresses: args, sourceChain })) {
        for (const ref of page.utxos) {
          const u: Utxo = decodeUtxo(decodeHex(ref.hex, { checksum: 'auto' }));
          const o = flattenOutput(u.output);
          rows.push({
            utxoID: formatId(utxoIdOf(u.txId, u.outputIndex)),
            txID: formatId(u.txId),
            outputIndex: u.outputIndex,
            amount: o.amount,
            locktime: o.locktime,
            stakeableLocktime: o.stakeableLocktime,
            threshold: o.threshold,
            owners: o.addresses.map((a) => formatAddress(a, net)),
          });
        }
      }
      const total = rows.reduce((s, r) => s + r.amount, 0n);
      return {
        rows,
        note: `${rows.length} UTXOs, ${formatAvaxExact(total)} AVAX in all`,
        columns: [
          { title: 'UTXO ID', value: (r) => r.utxoID },
          { title: 'AMOUNT (AVAX)', align: 'right', value: (r) => formatAvaxExact(r.amount) },
          { title: 'LOCKED UNTIL', value: (r) => (r.stakeableLocktime ? `stakeable ${r.stakeableLocktime}` : r.locktime > 0n ? String(r.locktime) : '-') },
          { title: 'THRESHOLD', align: 'right', value: (r) => String(r.threshold) },
          { title: 'OWNERS', value: (r) => r.owners.join(',') },
        ],
      };
    },
  },
};
