// The living network: validators and delegators that start, end and get rewarded, subnets and L1s, peers that come
// and go, blocks accepted every few seconds. Everything comes from one seed, and it only moves when `advanceTo` is
// called, so the same seed and the same clock give the same history.
import type { SignedTx, Block } from '../codec/pchain/types';
import { encodeSignedTx, txIdOf } from '../codec/pchain/txs';
import { encodeBlock, blockIdOf } from '../codec/pchain/blocks';
import { formatAddress, formatId, formatNodeId, hexNoChecksum, parseId, sha256 } from './wire';
import { Prng } from './prng';
import type { Profile } from './profiles';
import { networkConstants, PRIMARY_NETWORK_ID, VM_IDS, type NetworkConstants } from './constants';
import type {
  BlockRecord,
  BlsSigner,
  Chain,
  Delegator,
  L1Validator,
  Owner,
  Peer,
  Subnet,
  SubnetKind,
  TxRecord,
  Validator,
  StakerBase,
} from './model';
import { UtxoStore, type UtxoView } from './utxo-store';
import { ValidatorHistory } from './validator-history';
import * as tf from './tx-factory';
import { CHAIN_WORDS_A, CHAIN_WORDS_B } from './names';
import { churnPeers, newPeer } from './peers';
import { drainL1Balances, updateFees } from './fees';
import { GENESIS_SUPPLY_AVAX, ownStakeCeiling } from './economy';
import { blsPair } from './bls-keys';
import { planOwnValidation, type OwnValidationPlan, type ScenarioName } from './scenarios';
import { addOwnSubnetValidations } from './own-subnet-validations';

export interface NetworkOptions {
  profile: Profile;
  seed: number;
  networkId: number;
  validators: number;
  peers: number;
  utxos: number;
  subnets: number;
  blockIntervalMs: number;
  startTimeMs: number;
  /** Blocks kept in memory for getBlock/getBlockByHeight; older ones are "not found". */
  maxBlocks?: number;
  /** This node's own validation set to show one reward-guard case (sim/scenarios.ts). */
  scenario?: ScenarioName;
  /** This node's own validation chosen outright (start, end, its record, the peers' view); wins over `scenario`. */
  ownValidation?: OwnValidationPlan;
}

const YEAR = 31_536_000;
const DAY = 86_400;
const NAVAX = 1_000_000_000n;
const ZERO32 = new Uint8Array(32);

export interface SubnetStakerFull {
  txIdStr: string;
  nodeIdStr: string;
  start: number;
  end: number;
  weight: bigint;
  /** Elastic-subnet extras. */
  permissionless?: {
    potentialReward: bigint;
    shares: number;
    rewardOwner: Owner;
    signer: BlsSigner | null;
  };
}

export class SimNetwork {
  readonly profile: Profile;
  readonly networkId: number;
  readonly consts: NetworkConstants;
  readonly ctx: tf.TxContext;
  readonly seed: number;
  readonly blockIntervalMs: number;

  readonly nodeId: Uint8Array;
  readonly nodeIdStr: string;
  readonly nodePop: BlsSigner;
  readonly nodeIp: string;

  height = 0;
  /** Chain time (ms) of the last accepted block. */
  timeMs: number;
  /** Monotonic counter of state changes, for reply caches. */
  revision = 0;
  lastBlock!: BlockRecord;
  private readonly blocksByHeight = new Map<number, BlockRecord>();
  private readonly blocksById = new Map<string, BlockRecord>();
  private readonly maxBlocks: number;
  readonly txs = new Map<string, TxRecord>();

  validators: Validator[] = [];
  readonly validatorsByNode = new Map<string, Validator>();
  readonly subnets: Subnet[] = [];
  readonly subnetsById = new Map<string, Subnet>();
  /** Extra data of elastic-subnet stakers keyed by subnet then node. */
  readonly subnetStakers = new Map<string, SubnetStakerFull[]>();
  readonly chains: Chain[] = [];
  readonly peers = new Map<string, Peer>();
  readonly utxos: UtxoStore;
  readonly rewardUtxos = new Map<string, UtxoView[]>();
  readonly history = new ValidatorHistory();
  readonly wallets: { addr: Uint8Array; str: string; utxos: number }[] = [];
  /** Txs issued through issueTx, waiting for the next block. */
  private mempool: { id: string; bytes: Uint8Array; tx: SignedTx }[] = [];
  readonly keystore: { username: string; password: string; keys: Map<string, string> };

  feeState = { capacity: 1_000_000, excess: 0, price: 1 };
  validatorFeeState = { excess: 0, price: 512 };
  cChainHeight: number;
  xChainHeight: number;

  private readonly prng: Prng;
  private readonly stepPrng: Prng;
  private readonly peerPrng: Prng;
  private readonly addrPool: Uint8Array[] = [];
  private nextBlockAtMs: number;
  private targetValidators: number;
  private targetPeers: number;
  /** Stakers ordered by end time; the head is the next to be rewarded. */
  private endQueue: StakerBase[] = [];
  private readonly delegatorOwner = new Map<StakerBase, Validator>();

  constructor(opts: NetworkOptions) {
    this.profile = opts.profile;
    this.networkId = opts.networkId;
    this.seed = opts.seed >>> 0;
    this.consts = networkConstants(opts.networkId);
    this.blockIntervalMs = Math.max(50, opts.blockIntervalMs);
    this.maxBlocks = opts.maxBlocks ?? 20_000;
    this.ctx = { networkId: opts.networkId, pChainId: ZERO32, avaxAssetId: parseId(this.consts.avaxAssetId) };
    this.prng = new Prng(this.seed);
    this.stepPrng = this.prng.fork('steps');
    this.peerPrng = this.prng.fork('peers');
    this.timeMs = Math.floor(opts.startTimeMs / 1000) * 1000;
    this.nextBlockAtMs = this.timeMs + this.blockIntervalMs;
    this.targetValidators = Math.max(1, opts.validators);
    this.targetPeers = Math.max(0, opts.peers);
    this.cChainHeight = 40_000_000 + this.prng.int(0, 5_000_000);
    this.xChainHeight = 400_000 + this.prng.int(0, 100_000);

    const g = this.prng.fork('genesis');
    this.nodeId = g.bytes(20);
    this.nodeIdStr = formatNodeId(this.nodeId);
    this.nodePop = this.makeSigner(g);
    this.nodeIp = `${g.int(20, 220)}.${g.int(0, 255)}.${g.int(0, 255)}.${g.int(1, 254)}:9651`;
    this.utxos = new UtxoStore(this.ctx.avaxAssetId, this.seed, Math.floor(this.timeMs / 1000));

    for (let i = 0; i < Math.max(16, Math.ceil(opts.validators / 2)); i++) this.addrPool.push(g.bytes(20));
    const walletSizes = [opts.utxos, Math.min(2_000, Math.max(0, Math.floor(opts.utxos / 10))), 37, 0];
    walletSizes.forEach((n, i) => {
      const addr = g.bytes(20);
      this.wallets.push({ addr, str: formatAddress(addr, this.networkId), utxos: n });
      if (n > 0) this.utxos.addLazyWallet(addr, n, `wallet:${i}`);
    });
    this.keystore = { username: 'avatop', password: 'avatop-sim-password', keys: new Map() };
    for (const w of this.wallets) this.keystore.keys.set(w.str, 'PrivateKey-' + formatId(g.bytes(32)).slice(0, 50));

    this.height = 20_000_000 + this.prng.int(0, 2_000_000);
    if (opts.ownValidation) this.scenario = opts.ownValidation;
    else if (opts.scenario) {
      // The node's own rule for a validation starting then: 90% from Helicon on, else 80% (ACP-267).
      const helicon = Date.parse(this.profile.heliconTime);
      this.scenario = planOwnValidation(opts.scenario, Math.floor(this.timeMs / 1000), (startSec) => (startSec * 1000 >= helicon ? 90 : 80));
    }
    this.buildValidators(g, opts.validators);
    this.buildSubnets(g, opts.subnets);
    this.buildPastRewards(g);
    if (this.profile.name === 'v1.11') this.buildPending(g);
    this.buildPeers(this.peerPrng, opts.peers);
    this.applyScenario();
    this.buildHistoryBlocks(g);
  }

  // ---------------------------------------------------------------- scenarios

  /** Set by `--scenario`: this node's validation, the peers' view of it, and its L1 validation's balance. */
  readonly scenario: OwnValidationPlan | undefined;
  /** The L1 validation the low-l1-balance case runs down (`avatop sim` prints it to watch). */
  scenarioL1: L1Validator | undefined;

  /**
   * The peers' view of this node: each peer reports a whole percent (observedUptime), so peers get the floor or the
   * ceiling of the target, heaviest first, whichever keeps the stake-weighted mean nearer to it.
   */
  applyScenario(): void {
    const plan = this.scenario;
    if (!plan) return;
    const lo = Math.floor(plan.peersUptime);
    const hi = Math.ceil(plan.peersUptime);
    const peers = [...this.peers.values()].sort((a, b) => (this.nodeWeight(b.nodeIdStr) > this.nodeWeight(a.nodeIdStr) ? 1 : -1));
    let weighted = 0;
    let total = 0;
    for (const peer of peers) {
      const w = Number(this.nodeWeight(peer.nodeIdStr) / NAVAX);
      const withHi = Math.abs((weighted + hi * w) / (total + w || 1) - plan.peersUptime);
      const withLo = Math.abs((weighted + lo * w) / (total + w || 1) - plan.peersUptime);
      const next = withHi <= withLo ? hi : lo;
      peer.observedUptime = next;
      weighted += next * w;
      total += w;
    }
    // This node also validates an elastic subnet and an L1 (sim/own-subnet-validations.ts).
    const own = this.validatorsByNode.get(this.nodeIdStr);
    if (own && !this.ownSubnetsAdded) {
      this.ownSubnetsAdded = true;
      const added = addOwnSubnetValidations(
        {
          nodeId: this.nodeId,
          nodeIdStr: this.nodeIdStr,
          subnets: this.subnets,
          subnetStakers: this.subnetStakers,
          price: this.validatorFeeState.price,
          l1: this.profile.l1,
          history: this.history,
          publicKeyHex: this.nodePop.publicKeyHex,
          rewardOwner: own.rewardOwner,
          nowSec: this.nowSec(),
          // A real AddPermissionlessValidatorTx, so getTx answers for the staker's txID; its own random stream.
          registerElasticTx: (subnet, v) => {
            const tx = tf.addPermissionlessValidatorTx(this.prng.fork('own-elastic'), this.ctx, {
              ...v,
              nodeId: this.nodeId,
              subnetId: subnet.id,
              signer: null,
              stakeOwner: v.rewardOwner,
              delegationRewardOwner: v.rewardOwner,
              assetId: parseId(subnet.assetIdStr!),
            });
            this.historyTxs.push(tx);
            return this.registerTx(tx).idStr;
          },
        },
        plan,
      );
      this.scenarioL1 = added.l1;
      this.scenarioElastic = added.elastic;
    }
  }

  /** The elastic subnet validation a scenario gives this node. */
  scenarioElastic: SubnetStakerFull | undefined;
  private ownSubnetsAdded = false;

  // ---------------------------------------------------------------- helpers

  private readonly addrText = new Map<Uint8Array, string>();

  /** Addresses repeat a lot (reward owners share a pool): format each byte array once. */
  private formatAddr(a: Uint8Array): string {
    let s = this.addrText.get(a);
    if (s === undefined) {
      s = formatAddress(a, this.networkId);
      if (this.addrText.size < 100_000) this.addrText.set(a, s);
    }
    return s;
  }

  owner(addrs: Uint8Array[], threshold = 1, locktime = 0n): Owner {
    return { locktime, threshold, addrs, addrStrs: addrs.map((a) => this.formatAddr(a)) };
  }

  private signers = 0;

  /** A real key and proof of possession from the pool (src/sim/bls-keys.ts), a different one each time until the
   * pool wraps. The random draws it once made are still taken, so every later draw of a seed stays the same. */
  private makeSigner(p: Prng): BlsSigner {
    p.bytes(48 + 96);
    const { publicKey, pop } = blsPair(this.signers++);
    return { publicKey, pop, publicKeyHex: hexNoChecksum(publicKey), popHex: hexNoChecksum(pop) };
  }

  private rewardFor(weight: bigint, seconds: number): bigint {
    const ppm = BigInt(Math.round((0.075 * Math.max(0, seconds) * 1e9) / YEAR));
    return (weight * ppm) / NAVAX;
  }

  /** The tx most recently registered, so a staker built by newValidator/newDelegator can be put into a block. */
  private lastRegistered: SignedTx | null = null;

  private registerTx(
    tx: SignedTx,
    status: TxRecord['status'] = 'Committed',
    prunable = false,
  ): { id: Uint8Array; idStr: string; bytes: Uint8Array } {
    this.lastRegistered = tx;
    const bytes = encodeSignedTx(tx);
    const id = txIdOf(bytes);
    const idStr = formatId(id);
    this.txs.set(idStr, prunable ? { bytes, status, prunable } : { bytes, status });
    return { id, idStr, bytes };
  }

  private nowSec(): number {
    return Math.floor(this.timeMs / 1000);
  }

  private weightOf(v: Validator): bigint {
    let w = v.weight;
    for (const d of v.delegators) w += d.weight;
    return w;
  }

  private bulkLoading = false;

  private enqueueEnd(s: StakerBase): void {
    const q = this.endQueue;
    if (this.bulkLoading) {
      q.push(s);
      return;
    }
    let lo = 0;
    let hi = q.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (q[mid]!.end <= s.end) lo = mid + 1;
      else hi = mid;
    }
    q.splice(lo, 0, s);
  }

  private sortValidators(): void {
    this.validators.sort((a, b) => a.end - b.end || (a.txIdStr < b.txIdStr ? -1 : 1));
  }

  // ---------------------------------------------------------------- genesis

  private newValidator(p: Prng, nodeId: Uint8Array, startSec: number, endSec: number, weight: bigint, own = false): Validator {
    const rewardAddr = own ? this.wallets[0]!.addr : p.pick(this.addrPool);
    const stakeAddr = own ? this.wallets[0]!.addr : p.chance(0.7) ? rewardAddr : p.pick(this.addrPool);
    const rewardOwner = this.owner([rewardAddr]);
    const delegationRewardOwner = p.chance(0.85) ? rewardOwner : this.owner([p.pick(this.addrPool)]);
    const signer = own ? this.nodePop : p.chance(0.95) ? this.makeSigner(p) : null;
    const shares = p.weighted<number>([
      [20_000, 0.55],
      [30_000, 0.1],
      [50_000, 0.1],
      [100_000, 0.12],
      [p.int(20_000, 1_000_000), 0.13],
    ]);
    const stakeOwner = this.owner([stakeAddr]);
    // v1.15 (ACP-236): a share of validators stake with AddAutoRenewedValidatorTx; the PRNG is only drawn where the
    // profile has them, so older profiles' histories stay as they were.
    const autoRenew =
      !own && this.profile.autoRenewedShare > 0 && p.chance(this.profile.autoRenewedShare)
        ? { authority: p.chance(0.6) ? rewardOwner : this.owner([p.pick(this.addrPool)]), nextPeriod: endSec - startSec, autoCompoundRewardShares: p.pick([0, 300_000, 500_000, 1_000_000]) }
        : undefined;
    const tx = autoRenew
      ? tf.addAutoRenewedValidatorTx(p, this.ctx, {
          nodeId,
          weight,
          signer,
          stakeOwner,
          rewardOwner,
          delegationRewardOwner,
          shares,
          authority: autoRenew.authority,
          autoCompoundRewardShares: autoRenew.autoCompoundRewardShares,
          period: autoRenew.nextPeriod,
        })
      : tf.addPermissionlessValidatorTx(p, this.ctx, {
          nodeId,
          start: startSec,
          end: endSec,
          weight,
          subnetId: ZERO32,
          signer,
          stakeOwner,
          rewardOwner,
          delegationRewardOwner,
          shares,
        });
    const { id, idStr } = this.registerTx(tx);
    return {
      ...(autoRenew ? { autoRenew } : {}),
      kind: 'validator',
      txId: id,
      txIdStr: idStr,
      nodeId,
      nodeIdStr: formatNodeId(nodeId),
      start: startSec,
      end: endSec,
      weight,
      potentialReward: this.rewardFor(weight, endSec - startSec),
      rewardOwner,
      stakeOwner,
      shares,
      delegationRewardOwner,
      accruedDelegateeReward: 0n,
      uptime: own ? 99.6 : p.chance(0.9) ? 97 + p.next() * 3 : 60 + p.next() * 37,
      connected: own ? true : p.chance(0.97),
      signer,
      delegators: [],
      rev: 0,
    };
  }

  private delegatorSeq = 0;

  /**
   * A delegator whose staking tx is built, encoded and hashed only when its ID is first needed (most delegators
   * are never looked at): startup at mainnet scale is dominated by tx encoding. The tx draws from its own PRNG
   * stream, so when it is built does not change what it is.
   */
  private newDelegator(p: Prng, v: Validator, startSec: number, endSec: number, weight: bigint, eager = false): Delegator {
    const addr = p.chance(0.1) ? this.wallets[1]!.addr : p.pick(this.addrPool);
    const rewardOwner = this.owner([addr]);
    const stakeOwner = rewardOwner;
    const stream = `delegator:${this.delegatorSeq++}`;
    let built: { id: Uint8Array; idStr: string } | null = null;
    const build = () => {
      if (!built) {
        const tx = tf.addPermissionlessDelegatorTx(this.prng.fork(stream), this.ctx, {
          nodeId: v.nodeId,
          start: startSec,
          end: endSec,
          weight,
          subnetId: ZERO32,
          stakeOwner,
          rewardOwner,
        });
        const reg = this.registerTx(tx);
        built = { id: reg.id, idStr: reg.idStr };
      }
      return built;
    };
    const d: Delegator = {
      kind: 'delegator',
      get txId() {
        return build().id;
      },
      get txIdStr() {
        return build().idStr;
      },
      nodeId: v.nodeId,
      nodeIdStr: v.nodeIdStr,
      start: startSec,
      end: endSec,
      weight,
      potentialReward: this.rewardFor(weight, endSec - startSec),
      rewardOwner,
      stakeOwner,
    };
    if (eager) build();
    return d;
  }

  private attachDelegator(v: Validator, d: Delegator): void {
    v.delegators.push(d);
    v.rev++;
    this.delegatorOwner.set(d, v);
    this.enqueueEnd(d);
  }

  private buildValidators(p: Prng, count: number): void {
    const now = this.nowSec();
    const ownIndex = p.int(0, Math.max(0, count - 1));
    const minStake = Number(this.consts.minValidatorStake / NAVAX);
    this.stakeCeiling = ownStakeCeiling(minStake, count);
    this.bulkLoading = true;
    for (let i = 0; i < count; i++) {
      const own = i === ownIndex;
      const nodeId = own ? this.nodeId : p.bytes(20);
      const duration = p.int(14 * DAY, 365 * DAY);
      let end: number;
      // A tail of stakers ends within the first hours, so rewards keep arriving while someone watches.
      if (!own && p.chance(0.01)) end = now + p.int(20, 3 * 3_600);
      else end = now + Math.max(3_600, Math.floor(duration * (0.02 + 0.98 * p.next())));
      let start = end - duration;
      if (own && this.scenario) {
        start = this.scenario.startSec;
        end = this.scenario.endSec;
      }
      const weight = BigInt(Math.round(p.logUniform(minStake, this.stakeCeiling))) * NAVAX;
      const v = this.newValidator(p, nodeId, start, end, weight, own);
      if (own && this.scenario) v.uptime = this.scenario.ownUptime;
      const nDelegators = p.chance(0.55) ? 0 : Math.floor(p.logUniform(1, 40));
      let delegated = 0n;
      for (let k = 0; k < nDelegators; k++) {
        const dw = BigInt(Math.round(p.logUniform(25, 150_000))) * NAVAX;
        if (delegated + dw > weight * 4n) break;
        delegated += dw;
        const dDuration = p.int(14 * DAY, Math.max(14 * DAY, end - start));
        let dEnd = p.chance(0.05) ? now + p.int(10, 3 * 3_600) : now + Math.floor((end - now) * p.next());
        dEnd = Math.min(end, Math.max(dEnd, now + 10));
        const dStart = Math.max(start, dEnd - dDuration);
        this.attachDelegator(v, this.newDelegator(p, v, dStart, dEnd, dw));
      }
      if (v.delegators.length > 0) v.accruedDelegateeReward = (this.rewardFor(delegated, 30 * DAY) * BigInt(v.shares)) / 1_000_000n;
      this.validators.push(v);
      this.validatorsByNode.set(v.nodeIdStr, v);
      this.enqueueEnd(v);
      this.history.seed(PRIMARY_NETWORK_ID, v.nodeIdStr, { weight: this.weightOf(v), publicKeyHex: v.signer?.publicKeyHex ?? null });
    }
    this.bulkLoading = false;
    this.endQueue.sort((a, b) => a.end - b.end);
    this.sortValidators();
  }

  private subnetKinds(n: number): SubnetKind[] {
    const pattern: SubnetKind[] = ['permissioned', 'l1', 'permissioned', 'elastic', 'l1', 'permissioned'];
    return Array.from({ length: n }, (_, i) => {
      const k = pattern[i % pattern.length]!;
      return k === 'l1' && !this.profile.l1 ? 'permissioned' : k;
    });
  }

  /** Txs for the pre-history blocks, in acceptance order. */
  private historyTxs: SignedTx[] = [];

  private buildSubnets(p: Prng, count: number): void {
    const now = this.nowSec();
    // The primary network's own chains.
    this.chains.push(
      { id: parseId(this.consts.xChainId), idStr: this.consts.xChainId, name: 'X-Chain', subnetIdStr: PRIMARY_NETWORK_ID, vmIdStr: VM_IDS.avm, alias: 'X' },
      { id: parseId(this.consts.cChainId), idStr: this.consts.cChainId, name: 'C-Chain', subnetIdStr: PRIMARY_NETWORK_ID, vmIdStr: VM_IDS.evm, alias: 'C' },
    );
    const kinds = this.subnetKinds(count);
    kinds.forEach((kind, i) => {
      const nKeys = p.int(1, 3);
      const keys = Array.from({ length: nKeys }, () => p.bytes(20));
      const owner = this.owner(keys, p.int(1, nKeys));
      const createTx = tf.createSubnetTx(p, this.ctx, owner);
      this.historyTxs.push(createTx);
      const { id, idStr } = this.registerTx(createTx);
      const subnet: Subnet = {
        id,
        idStr,
        kind,
        owner,
        createdAt: now - p.int(30, 700) * DAY,
        chains: [],
        validators: [],
        l1Validators: [],
        tracked: i < 2,
      };
      const nChains = p.chance(0.7) ? 1 : 2;
      for (let c = 0; c < nChains; c++) {
        const name = `${p.pick(CHAIN_WORDS_A)} ${p.pick(CHAIN_WORDS_B)}`;
        const vmIdStr = p.chance(0.75) ? VM_IDS.subnetevm : formatId(p.bytes(32));
        const chainTx = tf.createChainTx(p, this.ctx, {
          subnetId: id,
          name,
          vmId: parseId(vmIdStr),
          genesis: new TextEncoder().encode(JSON.stringify({ config: { chainId: p.int(10_000, 999_999) } })),
          threshold: owner.threshold,
        });
        this.historyTxs.push(chainTx);
        const reg = this.registerTx(chainTx);
        const chain: Chain = { id: reg.id, idStr: reg.idStr, name, subnetIdStr: idStr, vmIdStr };
        subnet.chains.push(chain);
        this.chains.push(chain);
      }
      const pool = this.validators.filter((v) => v.nodeIdStr !== this.nodeIdStr);
      p.shuffle(pool);
      const members: Validator[] = pool.slice(0, Math.min(pool.length, p.int(5, 20)));
      if (i === 0) members.unshift(this.validatorsByNode.get(this.nodeIdStr)!);
      if (kind === 'permissioned') {
        const w = p.chance(0.5) ? 20n : 100n;
        for (const v of members) {
          const start = Math.max(v.start, now - p.int(1, 60) * DAY);
          const end = Math.min(v.end, start + p.int(30, 365) * DAY);
          if (end <= now) continue;
          const tx = tf.addSubnetValidatorTx(p, this.ctx, { nodeId: v.nodeId, start, end, weight: w, subnetId: id, threshold: owner.threshold });
          this.historyTxs.push(tx);
          const reg = this.registerTx(tx);
          subnet.validators.push({ txIdStr: reg.idStr, nodeIdStr: v.nodeIdStr, start, end, weight: w });
          this.history.seed(idStr, v.nodeIdStr, { weight: w, publicKeyHex: v.signer?.publicKeyHex ?? null });
        }
      } else if (kind === 'elastic') {
        const assetId = p.bytes(32);
        subnet.assetIdStr = formatId(assetId);
        subnet.minValidatorStake = 2_000n * NAVAX;
        subnet.minDelegatorStake = 25n * NAVAX;
        subnet.supply = 720_000_000n * NAVAX + BigInt(p.int(0, 1_000_000)) * NAVAX;
        const tx = tf.transformSubnetTx(p, this.ctx, {
          subnetId: id,
          assetId,
          supply: subnet.supply,
          minValidatorStake: subnet.minValidatorStake,
          minDelegatorStake: subnet.minDelegatorStake,
          threshold: owner.threshold,
        });
        this.historyTxs.push(tx);
        subnet.transformationTxIdStr = this.registerTx(tx).idStr;
        const stakers: SubnetStakerFull[] = [];
        for (const v of members) {
          const weight = BigInt(Math.round(p.logUniform(2_000, 500_000))) * NAVAX;
          const start = Math.max(v.start, now - p.int(1, 60) * DAY);
          const end = Math.min(v.end, start + p.int(30, 365) * DAY);
          if (end <= now) continue;
          const rewardOwner = this.owner([p.pick(this.addrPool)]);
          const vtx = tf.addPermissionlessValidatorTx(p, this.ctx, {
            nodeId: v.nodeId,
            start,
            end,
            weight,
            subnetId: id,
            signer: null,
            stakeOwner: rewardOwner,
            rewardOwner,
            delegationRewardOwner: rewardOwner,
            shares: 20_000,
            assetId,
          });
          this.historyTxs.push(vtx);
          const reg = this.registerTx(vtx);
          const s: SubnetStakerFull = {
            txIdStr: reg.idStr,
            nodeIdStr: v.nodeIdStr,
            start,
            end,
            weight,
            permissionless: { potentialReward: this.rewardFor(weight, end - start), shares: 20_000, rewardOwner, signer: null },
          };
          stakers.push(s);
          subnet.validators.push(s);
          this.history.seed(idStr, v.nodeIdStr, { weight, publicKeyHex: null });
        }
        this.subnetStakers.set(idStr, stakers);
      } else {
        const managerChain = subnet.chains[0]!;
        const address = p.bytes(20);
        subnet.managerChainIdStr = managerChain.idStr;
        subnet.managerAddressHex = hexNoChecksum(address);
        const vals = members.map((v) => {
          const weight = BigInt(p.int(100, 100_000));
          const balance = BigInt(p.int(1, 50)) * NAVAX;
          // One signer for both: a key with another key's proof of possession would not verify. A second signer
          // was once drawn here; the draw stays so that everything after it in a seed's network is unchanged.
          const signer = v.signer ?? this.makeSigner(p);
          if (!v.signer) p.bytes(48 + 96);
          return { nodeId: v.nodeId, weight, balance, publicKey: signer.publicKey, pop: signer.pop, owner: this.owner([p.pick(this.addrPool)]) };
        });
        const tx = tf.convertSubnetToL1Tx(p, this.ctx, { subnetId: id, chainId: managerChain.id, address, validators: vals, threshold: owner.threshold });
        this.historyTxs.push(tx);
        this.registerTx(tx);
        subnet.conversionIdStr = formatId(sha256(id, new TextEncoder().encode('conversion')));
        vals.forEach((val, k) => {
          const idx = new Uint8Array(4);
          new DataView(idx.buffer).setUint32(0, k);
          const validationId = sha256(id, idx);
          const l1: L1Validator = {
            validationId,
            validationIdStr: formatId(validationId),
            nodeId: val.nodeId,
            nodeIdStr: formatNodeId(val.nodeId),
            weight: val.weight,
            balance: val.balance,
            startTime: now - p.int(1, 90) * DAY,
            minNonce: BigInt(p.int(0, 3)),
            publicKeyHex: hexNoChecksum(val.publicKey),
            remainingBalanceOwner: val.owner,
            deactivationOwner: val.owner,
          };
          subnet.l1Validators.push(l1);
          this.history.seed(idStr, l1.nodeIdStr, { weight: l1.weight, publicKeyHex: l1.publicKeyHex });
        });
      }
      this.subnets.push(subnet);
      this.subnetsById.set(idStr, subnet);
    });
  }

  /** Stakers that ended before the simulation started, with their reward UTXOs (for getRewardUTXOs). */
  readonly pastRewardedTxs: string[] = [];

  private buildPastRewards(p: Prng): void {
    const now = this.nowSec();
    for (let i = 0; i < 12 && this.validators.length > 0; i++) {
      const v = p.pick(this.validators);
      const end = now - p.int(1, 60) * DAY;
      const weight = BigInt(Math.round(p.logUniform(25, 50_000))) * NAVAX;
      const d = this.newDelegator(p, v, end - p.int(14, 365) * DAY, end, weight);
      this.rewardUtxosFor(d.txId, d.txIdStr, [{ amount: d.potentialReward, owner: d.rewardOwner }]);
      this.pastRewardedTxs.push(d.txIdStr);
    }
  }

  /** v1.11 only: stakers whose start time is still ahead (pending stakers existed until ACP-41). */
  readonly pending: { validators: Validator[]; delegators: Delegator[] } = { validators: [], delegators: [] };

  private buildPending(p: Prng): void {
    const now = this.nowSec();
    const minStake = Number(this.consts.minValidatorStake / NAVAX);
    for (let i = 0; i < 4; i++) {
      const start = now + p.int(1, 14) * DAY;
      const weight = BigInt(Math.round(p.logUniform(minStake, minStake * 100))) * NAVAX;
      const v = this.newValidator(p, p.bytes(20), start, start + p.int(14, 365) * DAY, weight);
      v.connected = p.chance(0.7);
      this.pending.validators.push(v);
    }
    for (let i = 0; i < 6 && this.validators.length > 0; i++) {
      const v = p.pick(this.validators);
      const start = now + p.int(1, 3) * DAY;
      const end = Math.min(v.end, start + p.int(14, 60) * DAY);
      if (end <= start) continue;
      this.pending.delegators.push(this.newDelegator(p, v, start, end, BigInt(Math.round(p.logUniform(25, 10_000))) * NAVAX));
    }
  }

  private rewardUtxosFor(txId: Uint8Array, txIdStr: string, payouts: { amount: bigint; owner: Owner }[]): void {
    const list: UtxoView[] = [];
    payouts.forEach((pay, i) => {
      if (pay.amount <= 0n) return;
      const view = this.utxos.add({
        txId,
        outputIndex: 1 + i,
        amount: pay.amount,
        kind: 0,
        locktime: 0n,
        addrs: pay.owner.addrs,
        threshold: pay.owner.threshold,
      });
      list.push(view);
    });
    this.rewardUtxos.set(txIdStr, list);
  }

  private buildPeers(p: Prng, count: number): void {
    const candidates = this.validators.filter((v) => v.nodeIdStr !== this.nodeIdStr && v.connected);
    p.shuffle(candidates);
    const fromValidators = Math.min(candidates.length, Math.round(count * 0.9));
    for (let i = 0; i < fromValidators; i++) {
      const v = candidates[i]!;
      this.peers.set(v.nodeIdStr, newPeer(p, this.profile, this.subnets, this.timeMs, v.nodeId, this.weightOf(v)));
    }
    while (this.peers.size < count) {
      const peer = newPeer(p, this.profile, this.subnets, this.timeMs, p.bytes(20), 0n);
      this.peers.set(peer.nodeIdStr, peer);
    }
  }

  private buildHistoryBlocks(p: Prng): void {
    const n = 24;
    const intervalSec = Math.max(1, Math.round(this.blockIntervalMs / 1000));
    let parent = p.bytes(32);
    let height = this.height - n;
    let t = this.nowSec() - n * intervalSec;
    const pending = [...this.historyTxs];
    const per = Math.max(1, Math.ceil(pending.length / n));
    for (let i = 0; i < n; i++) {
      let txs = pending.splice(0, per);
      if (txs.length === 0) txs = [tf.baseTransferTx(p, this.ctx, [{ amount: BigInt(p.int(1, 5_000)) * NAVAX, owner: this.owner([p.pick(this.addrPool)]) }])];
      for (const tx of txs) this.registerTx(tx);
      height++;
      t += intervalSec;
      const rec = this.storeBlock(tf.standardBlock(parent, height, t, txs), txs);
      parent = rec.id;
    }
    this.historyTxs = [];
  }

  private storeBlock(block: Block, txs: SignedTx[]): BlockRecord {
    const bytes = encodeBlock(block);
    const id = blockIdOf(bytes);
    const rec: BlockRecord = {
      id,
      idStr: formatId(id),
      height: Number(block.height),
      time: 'time' in block ? Number(block.time) : this.nowSec(),
      bytes,
      txIds: txs.map((tx) => formatId(txIdOf(encodeSignedTx(tx)))),
    };
    this.blocksByHeight.set(rec.height, rec);
    this.blocksById.set(rec.idStr, rec);
    const old = this.blocksByHeight.get(rec.height - this.maxBlocks);
    if (old) {
      this.blocksByHeight.delete(old.height);
      this.blocksById.delete(old.idStr);
      for (const id of old.txIds) if (this.txs.get(id)?.prunable) this.txs.delete(id);
    }
    this.lastBlock = rec;
    this.height = rec.height;
    this.revision++;
    return rec;
  }

  // ---------------------------------------------------------------- queries

  blockByHeight(h: number): BlockRecord | undefined {
    return this.blocksByHeight.get(h);
  }

  blockById(id: string): BlockRecord | undefined {
    return this.blocksById.get(id);
  }

  /** Oldest height still held. */
  oldestHeight(): number {
    return Math.max(0, this.height - this.blocksByHeight.size + 1);
  }

  totalStake(): bigint {
    let t = 0n;
    for (const v of this.validators) t += this.weightOf(v);
    return t;
  }

  validatorWeight(v: Validator): bigint {
    return this.weightOf(v);
  }

  delegatorWeight(v: Validator): bigint {
    let t = 0n;
    for (const d of v.delegators) t += d.weight;
    return t;
  }

  /** Genesis-era supply plus every reward minted since: always above the total stake (src/sim/economy.ts). */
  currentSupply(): bigint {
    return BigInt(GENESIS_SUPPLY_AVAX) * NAVAX + this.minted;
  }

  /** Rewards paid since the simulation started (nAVAX); they are new AVAX, so the supply grows by them. */
  private minted = 0n;
  /** Upper bound of validators' own stakes (AVAX), sized to the network (src/sim/economy.ts). */
  private stakeCeiling = 0;

  // ---------------------------------------------------------------- issueTx

  /** Accepts an already-decoded tx into the mempool; it is committed in the next standard block. */
  issue(bytes: Uint8Array, tx: SignedTx): string {
    const idStr = formatId(txIdOf(bytes));
    const known = this.txs.get(idStr);
    if (known) return idStr;
    this.txs.set(idStr, { bytes, status: 'Processing' });
    this.mempool.push({ id: idStr, bytes, tx });
    this.revision++;
    return idStr;
  }

  // ---------------------------------------------------------------- time

  /**
   * Accepts every block due up to `ms` (simulated wall time). `maxCatchUpMs` bounds the work after a long pause
   * (a suspended laptop): older due blocks are skipped and the chain resumes from there.
   */
  advanceTo(ms: number, maxCatchUpMs = Number.POSITIVE_INFINITY): number {
    let produced = 0;
    if (ms - this.nextBlockAtMs > maxCatchUpMs) this.nextBlockAtMs = ms - maxCatchUpMs;
    while (this.nextBlockAtMs <= ms) {
      const at = this.nextBlockAtMs;
      this.step(at);
      const jitter = 0.6 + this.stepPrng.next() * 0.8;
      this.nextBlockAtMs = at + Math.max(50, Math.round(this.blockIntervalMs * jitter));
      produced++;
    }
    return produced;
  }

  private step(atMs: number): void {
    const p = this.stepPrng;
    this.timeMs = Math.max(this.timeMs, atMs);
    const nowSec = this.nowSec();
    const elapsedSec = this.blockIntervalMs / 1000;
    this.cChainHeight += Math.max(1, Math.round(elapsedSec / 2));
    if (p.chance(0.3)) this.xChainHeight++;

    const due = this.endQueue[0];
    if (due && due.end <= nowSec) {
      this.endQueue.shift();
      this.reward(p, due, nowSec);
    } else {
      this.standardStep(p, nowSec);
    }
    this.driftUptimes(p);
    churnPeers(this.peerPrng, {
      peers: this.peers,
      validators: this.validators,
      validatorsByNode: this.validatorsByNode,
      ownNodeId: this.nodeIdStr,
      targetPeers: this.targetPeers,
      profile: this.profile,
      subnets: this.subnets,
      nowMs: this.timeMs,
      weightOf: (v) => this.weightOf(v),
    });
    // New peers come with views of their own; a scenario's peers' view holds.
    this.applyScenario();
    updateFees(p, this.feeState, this.validatorFeeState, this.subnets, elapsedSec);
    drainL1Balances(this.subnets, this.validatorFeeState.price, elapsedSec);
  }

  private reward(p: Prng, s: StakerBase, nowSec: number): void {
    const renewing = (s as Validator).autoRenew;
    if (renewing) return this.rewardAutoRenewed(p, s as Validator, renewing, nowSec);
    const commit = p.chance(0.96);
    const rtx = tf.rewardValidatorTx(s.txId);
    this.registerTx(rtx, commit ? 'Committed' : 'Aborted', true);
    const prop = this.storeBlock(tf.proposalBlock(this.lastBlock.id, this.height + 1, nowSec, rtx), [rtx]);
    this.storeBlock(tf.optionBlock(commit, prop.id, this.height + 1, nowSec), []);
    const height = this.height;
    const stakeBack = (owner: Owner, amount: bigint) =>
      this.utxos.add({ txId: s.txId, outputIndex: 0, amount, kind: 0, locktime: 0n, addrs: owner.addrs, threshold: owner.threshold });
    if ((s as Delegator | Validator).kind === 'delegator') {
      const d = s as Delegator;
      const v = this.delegatorOwner.get(d);
      this.delegatorOwner.delete(d);
      stakeBack(d.stakeOwner, d.weight);
      if (v) {
        v.delegators = v.delegators.filter((x) => x !== d);
        v.rev++;
        if (commit) {
          this.minted += d.potentialReward;
          const cut = (d.potentialReward * BigInt(v.shares)) / 1_000_000n;
          v.accruedDelegateeReward += cut;
          this.rewardUtxosFor(d.txId, d.txIdStr, [{ amount: d.potentialReward - cut, owner: d.rewardOwner }]);
        } else this.rewardUtxos.set(d.txIdStr, []);
        if (this.validatorsByNode.get(v.nodeIdStr) === v) {
          this.history.set(height, PRIMARY_NETWORK_ID, v.nodeIdStr, { weight: this.weightOf(v), publicKeyHex: v.signer?.publicKeyHex ?? null });
        }
      }
      return;
    }
    this.removeValidator(s as Validator, commit, height);
  }

  /**
   * The end of an auto-renewed validator's cycle (ACP-236): a RewardAutoRenewedValidatorTx closes it; the share of
   * the reward set by autoCompoundRewardShares is restaked and the rest paid out, and a new cycle of nextPeriod
   * starts, or with nextPeriod 0 the validator leaves as any other does.
   */
  private rewardAutoRenewed(p: Prng, v: Validator, cfg: NonNullable<Validator['autoRenew']>, nowSec: number): void {
    const commit = p.chance(0.96);
    const rtx = tf.rewardAutoRenewedValidatorTx(v.txId, v.end);
    this.registerTx(rtx, commit ? 'Committed' : 'Aborted', true);
    const prop = this.storeBlock(tf.proposalBlock(this.lastBlock.id, this.height + 1, nowSec, rtx), [rtx]);
    this.storeBlock(tf.optionBlock(commit, prop.id, this.height + 1, nowSec), []);
    const height = this.height;
    if (cfg.nextPeriod <= 0) {
      this.removeValidator(v, commit, height);
      return;
    }
    const compounded = commit ? (v.potentialReward * BigInt(cfg.autoCompoundRewardShares)) / 1_000_000n : 0n;
    if (commit) {
      this.rewardUtxosFor(v.txId, v.txIdStr, [
        { amount: v.potentialReward - compounded, owner: v.rewardOwner },
        { amount: v.accruedDelegateeReward, owner: v.delegationRewardOwner },
      ]);
    }
    v.accruedDelegateeReward = 0n;
    v.weight += compounded;
    v.start = v.end;
    v.end = v.start + cfg.nextPeriod;
    v.potentialReward = this.rewardFor(v.weight, cfg.nextPeriod);
    v.rev++;
    this.sortValidators();
    this.enqueueEnd(v);
    this.history.set(height, PRIMARY_NETWORK_ID, v.nodeIdStr, { weight: this.weightOf(v), publicKeyHex: v.signer?.publicKeyHex ?? null });
  }

  private removeValidator(v: Validator, commit: boolean, height: number): void {
    const stakeBack = (owner: Owner, amount: bigint) =>
      this.utxos.add({ txId: v.txId, outputIndex: 0, amount, kind: 0, locktime: 0n, addrs: owner.addrs, threshold: owner.threshold });
    stakeBack(v.stakeOwner, v.weight);
    if (commit) {
      this.minted += v.potentialReward;
      this.rewardUtxosFor(v.txId, v.txIdStr, [
        { amount: v.potentialReward, owner: v.rewardOwner },
        { amount: v.accruedDelegateeReward, owner: v.delegationRewardOwner },
      ]);
    } else this.rewardUtxos.set(v.txIdStr, []);
    // Delegators always end no later than their validator; any left are settled with it.
    for (const d of v.delegators) {
      this.endQueue = this.endQueue.filter((x) => x !== d);
      this.delegatorOwner.delete(d);
      stakeBack(d.stakeOwner, d.weight);
      if (commit) this.minted += d.potentialReward;
      this.rewardUtxosFor(d.txId, d.txIdStr, [{ amount: commit ? d.potentialReward : 0n, owner: d.rewardOwner }]);
    }
    this.validators = this.validators.filter((x) => x !== v);
    this.validatorsByNode.delete(v.nodeIdStr);
    this.history.set(height, PRIMARY_NETWORK_ID, v.nodeIdStr, undefined);
    for (const sub of this.subnets) {
      const before = sub.validators.length;
      sub.validators = sub.validators.filter((x) => x.nodeIdStr !== v.nodeIdStr);
      if (sub.validators.length !== before) this.history.set(height, sub.idStr, v.nodeIdStr, undefined);
    }
    const peer = this.peers.get(v.nodeIdStr);
    if (peer) peer.weight = 0n;
  }

  private standardStep(p: Prng, nowSec: number): void {
    const txs: SignedTx[] = [];
    const after: (() => void)[] = [];
    const issued = this.mempool.splice(0, 16);
    for (const m of issued) txs.push(m.tx);

    if (this.validators.length < this.targetValidators && p.chance(0.3)) {
      const nodeId = p.bytes(20);
      const duration = p.int(14 * DAY, 365 * DAY);
      const minStake = Number(this.consts.minValidatorStake / NAVAX);
      const weight = BigInt(Math.round(p.logUniform(minStake, this.stakeCeiling))) * NAVAX;
      const v = this.newValidator(p, nodeId, nowSec, nowSec + duration, weight);
      txs.push(this.lastTx());
      after.push(() => {
        this.validators.push(v);
        this.validatorsByNode.set(v.nodeIdStr, v);
        this.sortValidators();
        this.enqueueEnd(v);
        this.history.set(this.height, PRIMARY_NETWORK_ID, v.nodeIdStr, { weight: v.weight, publicKeyHex: v.signer?.publicKeyHex ?? null });
      });
    }
    if (this.validators.length > 0 && p.chance(0.25)) {
      const v = p.pick(this.validators);
      const room = v.weight * 4n - this.delegatorWeight(v);
      const dw = BigInt(Math.round(p.logUniform(25, 20_000))) * NAVAX;
      if (v.end - nowSec > 15 * DAY && dw <= room) {
        const end = Math.min(v.end, nowSec + p.int(14 * DAY, 180 * DAY));
        const d = this.newDelegator(p, v, nowSec, end, dw, true);
        txs.push(this.lastTx());
        after.push(() => {
          this.attachDelegator(v, d);
          this.history.set(this.height, PRIMARY_NETWORK_ID, v.nodeIdStr, { weight: this.weightOf(v), publicKeyHex: v.signer?.publicKeyHex ?? null });
        });
      }
    }
    if (this.profile.autoRenewedShare > 0 && p.chance(0.01)) {
      // An authority changes its auto-renewed validator's next cycle (0 now and then: it leaves at the cycle's end).
      const renewed = this.validators.filter((x) => x.autoRenew && x.autoRenew.nextPeriod > 0);
      if (renewed.length > 0) {
        const v = p.pick(renewed);
        const cfg = { autoCompoundRewardShares: p.pick([0, 250_000, 500_000, 1_000_000]), nextPeriod: p.chance(0.15) ? 0 : p.int(14 * DAY, 365 * DAY) };
        const tx = tf.setAutoRenewedValidatorConfigTx(p, this.ctx, { txId: v.txId, autoCompoundRewardShares: cfg.autoCompoundRewardShares, period: cfg.nextPeriod });
        this.registerTx(tx, 'Committed', true);
        txs.push(tx);
        after.push(() => {
          v.autoRenew = { ...v.autoRenew!, ...cfg };
          v.rev++;
        });
      }
    }
    if (p.chance(0.55) || txs.length === 0) {
      const outs = Array.from({ length: p.int(1, 3) }, () => ({
        amount: BigInt(Math.round(p.logUniform(0.01, 5_000) * 1e9)),
        owner: this.owner([p.chance(0.3) ? p.pick(this.wallets.slice(0, 3)).addr : p.pick(this.addrPool)]),
      }));
      const tx = tf.baseTransferTx(p, this.ctx, outs);
      const reg = this.registerTx(tx, 'Committed', true);
      txs.push(tx);
      after.push(() => this.addTxOutputs(reg.id, outs));
    }
    if (p.chance(0.2)) {
      const amount = BigInt(Math.round(p.logUniform(1, 20_000))) * NAVAX;
      const owner = this.owner([p.pick(this.addrPool)]);
      const other = parseId(p.chance(0.7) ? this.consts.cChainId : this.consts.xChainId);
      const tx = p.chance(0.5) ? tf.importTx(p, this.ctx, other, amount, owner) : tf.exportTx(p, this.ctx, other, amount, owner);
      const reg = this.registerTx(tx, 'Committed', true);
      txs.push(tx);
      if (tx.unsigned.typeId === 17) after.push(() => this.addTxOutputs(reg.id, [{ amount, owner }]));
    }
    if (this.profile.l1 && p.chance(0.08)) {
      const l1s = this.subnets.filter((s) => s.kind === 'l1' && s.l1Validators.length > 0);
      if (l1s.length > 0) {
        let val = p.pick(p.pick(l1s).l1Validators);
        // The low-l1-balance case's validation is left to run down.
        if (val === this.scenarioL1) val = l1s[0]!.l1Validators[l1s[0]!.l1Validators.length - 1]!;
        const add = BigInt(p.int(1, 10)) * NAVAX;
        const tx = tf.increaseL1BalanceTx(p, this.ctx, val.validationId, add);
        this.registerTx(tx, 'Committed', true);
        txs.push(tx);
        after.push(() => {
          val.balance += add;
        });
      }
    }
    for (const m of issued) {
      const rec = this.txs.get(m.id);
      if (rec) rec.status = 'Committed';
    }
    this.storeBlock(tf.standardBlock(this.lastBlock.id, this.height + 1, nowSec, txs), txs);
    for (const f of after) f();
  }

  private lastTx(): SignedTx {
    return this.lastRegistered!;
  }

  private addTxOutputs(txId: Uint8Array, outs: { amount: bigint; owner: Owner }[]): void {
    outs.forEach((o, i) =>
      this.utxos.add({ txId, outputIndex: i, amount: o.amount, kind: 0, locktime: 0n, addrs: o.owner.addrs, threshold: o.owner.threshold }),
    );
  }

  private driftUptimes(p: Prng): void {
    const n = this.validators.length;
    const touches = Math.max(1, Math.round(n * 0.03));
    for (let i = 0; i < touches; i++) {
      const v = this.validators[p.int(0, n - 1)];
      if (!v || v.nodeIdStr === this.nodeIdStr) continue;
      v.uptime = Math.min(100, Math.max(0, v.uptime + (p.next() - 0.45) * 0.6));
      if (!this.peers.has(v.nodeIdStr) && p.chance(0.05)) v.connected = !v.connected || p.chance(0.8);
      v.rev++;
    }
  }

  /** Primary-network weight of a node, 0 if it is not a validator. */
  nodeWeight(nodeIdStr: string): bigint {
    const v = this.validatorsByNode.get(nodeIdStr);
    return v ? this.weightOf(v) : 0n;
  }
}

