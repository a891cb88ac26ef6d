// The living network: validators and delegators that start, end and get rewarded, subnets and L1s, peers that come
// and go, blocks accepted every few seconds. Everything comes from one seed, and it only moves when `advanceTo` is
// called, so the same seed and the same clock give the same history.
// This class holds the state and answers queries; the work is in this folder's modules, one job each: genesis
// (generate.ts), the chain's record (ledger.ts), stakers (stakers.ts), time (evolve.ts) and rewards (rewards.ts),
// issueTx's mempool (mempool.ts), the keystore (keystore.ts) and `--scenario` (scenario.ts). Fields marked
// internal are theirs, not the handlers'.
import type { SignedTx } from '../../codec/pchain/types';
import { formatAddress, formatNodeId, parseId } from '../wire';
import { Prng } from '../prng';
import type { Profile } from '../profiles';
import { networkConstants, type NetworkConstants } from '../constants';
import type { BlockRecord, BlsSigner, Chain, Delegator, L1Validator, Owner, Peer, Subnet, TxRecord, Validator, StakerBase } from '../model';
import { UtxoStore, type UtxoView } from '../utxo-store';
import { ValidatorHistory } from '../validator-history';
import type { TxContext } from '../tx-factory';
import { GENESIS_SUPPLY_AVAX } from '../economy';
import { planOwnValidation, type OwnValidationPlan } from '../scenarios';
import { NAVAX, ZERO32, type NetworkOptions, type SubnetStakerFull } from './types';
import { createKeystore, type Keystore } from './keystore';
import { issueTx, type MempoolEntry } from './mempool';
import { makeSigner } from './stakers';
import { buildHistoryBlocks, buildPastRewards, buildPending, buildSubnets, buildValidators } from './generate';
import { buildPeers, createConnectionState, stallTimeMs, type ConnectionState } from './connections';
import { advanceTo } from './evolve';
import { applyScenario } from './scenario';
import { heliconSec, stakingParams, uptimeRequirementFor } from './staking-params';

export type { NetworkOptions, SubnetStakerFull } from './types';

export class SimNetwork {
  readonly profile: Profile;
  readonly networkId: number;
  readonly consts: NetworkConstants;
  readonly ctx: TxContext;
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
  /** @internal */ readonly blocksByHeight = new Map<number, BlockRecord>();
  /** @internal */ readonly blocksById = new Map<string, BlockRecord>();
  /** @internal */ readonly maxBlocks: number;
  readonly txs = new Map<string, TxRecord>();

  validators: Validator[] = [];
  readonly validatorsByNode = new Map<string, Validator>();
  readonly subnets: Subnet[] = [];
  readonly subnetsById = new Map<string, Subnet>();
  /** Extra data of elastic-subnet stakers keyed by subnet then node. */
  readonly subnetStakers = new Map<string, SubnetStakerFull[]>();
  readonly chains: Chain[] = [];
  /** This node's connections: the one set info.peers, `connected`, the health checks and info.uptime read. */
  readonly peers = new Map<string, Peer>();
  /** What decides who is in `peers`, and this node's up/down history (sim/network/connections.ts). */
  readonly conn: ConnectionState;
  readonly utxos: UtxoStore;
  readonly rewardUtxos = new Map<string, UtxoView[]>();
  readonly history = new ValidatorHistory();
  readonly wallets: { addr: Uint8Array; str: string; utxos: number }[] = [];
  /** @internal Txs issued through issueTx, waiting for the next block. */
  readonly mempool: MempoolEntry[] = [];
  readonly keystore: Keystore;

  feeState = { capacity: 1_000_000, excess: 0, price: 1 };
  validatorFeeState = { excess: 0, price: 512 };
  cChainHeight: number;
  xChainHeight: number;

  /** @internal */ readonly prng: Prng;
  /** @internal */ readonly stepPrng: Prng;
  /** @internal */ readonly peerPrng: Prng;
  /** @internal */ readonly addrPool: Uint8Array[] = [];
  /** @internal */ nextBlockAtMs: number;
  /** @internal */ targetValidators: number;
  /** @internal Stakers ordered by end time; the head is the next to be rewarded. */
  endQueue: StakerBase[] = [];
  /** @internal */ readonly delegatorOwner = new Map<StakerBase, Validator>();
  /** @internal Genesis appends to endQueue unsorted and sorts once at the end. */
  bulkLoading = false;
  /** @internal BLS pairs handed out so far (sim/bls-keys.ts). */
  signers = 0;
  /** @internal Names each lazily built delegator's PRNG stream. */
  delegatorSeq = 0;
  /** @internal The tx most recently registered, so a staker built by newValidator/newDelegator can be put into a block. */
  lastRegistered: SignedTx | null = null;
  /** @internal Txs for the pre-history blocks, in acceptance order. */
  historyTxs: SignedTx[] = [];
  /**
   * @internal Potential rewards of stakers added (and cycles begun) since the simulation started, less those aborted
   * (nAVAX): the node raises its supply by a reward when the staker is added and lowers it on abort.
   */
  minted = 0n;
  /** @internal Upper bound of validators' own stakes (AVAX), sized to the network (src/sim/economy.ts). */
  stakeCeiling = 0;

  /** Set by `--scenario`: this node's validation, the peers' view of it, and its L1 validation's balance. */
  readonly scenario: OwnValidationPlan | undefined;
  /** The L1 validation the low-l1-balance case runs down (`avatop sim` prints it to watch). */
  scenarioL1: L1Validator | undefined;
  /** The elastic subnet validation a scenario gives this node. */
  scenarioElastic: SubnetStakerFull | undefined;
  /** @internal The scenario's subnet and L1 validations are added once (sim/own-subnet-validations.ts). */
  ownSubnetsAdded = false;
  /** Stakers that ended before the simulation started, with their reward UTXOs (for getRewardUTXOs). */
  readonly pastRewardedTxs: string[] = [];
  /** v1.11 only: stakers whose start time is still ahead (pending stakers existed until ACP-41). */
  readonly pending: { validators: Validator[]; delegators: Delegator[] } = { validators: [], delegators: [] };

  private readonly addrText = new Map<Uint8Array, string>();

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
    this.conn = createConnectionState(opts.profile, opts.networkId, { connectedStake: opts.connectedStake, isolated: opts.isolated ?? false, nonValidatorPeers: Math.max(0, opts.peers) }, Math.max(this.timeMs, opts.clockMs ?? 0));
    this.conn.stallAtMs = stallTimeMs(this.conn, opts.profile, opts.networkId);
    this.nextBlockAtMs = this.timeMs + this.blockIntervalMs;
    this.targetValidators = Math.max(1, opts.validators);
    this.cChainHeight = 40_000_000 + this.prng.int(0, 5_000_000);
    this.xChainHeight = 400_000 + this.prng.int(0, 100_000);

    // Where in the key pool this seed starts: every seed began at pair 0, so seeds 1, 2 and 3 served this node (and
    // every validator in the same order) the same BLS key. A step of 101, prime to the pool's 256, gives 256 seeds
    // in a row 256 different starts.
    this.signers = (this.seed >>> 0) * 101;
    const g = this.prng.fork('genesis');
    this.nodeId = g.bytes(20);
    this.nodeIdStr = formatNodeId(this.nodeId);
    this.nodePop = makeSigner(this, g);
    this.nodeIp = `${g.int(20, 220)}.${g.int(0, 255)}.${g.int(0, 255)}.${g.int(1, 254)}:9651`;
    this.utxos = new UtxoStore(this.ctx.avaxAssetId, this.seed, Math.floor(this.timeMs / 1000));

    for (let i = 0; i < Math.max(16, Math.ceil(opts.validators / 2)); i++) this.addrPool.push(g.bytes(20));
    const walletSizes = [opts.utxos, Math.min(2_000, Math.max(0, Math.floor(opts.utxos / 10))), 37, 0];
    walletSizes.forEach((n, i) => {
      const addr = g.bytes(20);
      this.wallets.push({ addr, str: formatAddress(addr, this.networkId), utxos: n });
      if (n > 0) this.utxos.addLazyWallet(addr, n, `wallet:${i}`);
    });
    this.keystore = createKeystore(g, this.wallets);

    this.height = 20_000_000 + this.prng.int(0, 2_000_000);
    if (opts.ownValidation) this.scenario = opts.ownValidation;
    else if (opts.scenario) {
      // The node's own rule for a validation starting then: 90% from Helicon on, else 80% (ACP-267).
      const rules = { heliconSec: heliconSec(this), minCycleSec: stakingParams(this.networkId).heliconMinStakeDurationSec };
      this.scenario = planOwnValidation(opts.scenario, Math.floor(this.timeMs / 1000), (startSec) => 100 * uptimeRequirementFor(this, startSec), rules);
    }
    buildValidators(this, g, opts.validators);
    buildSubnets(this, g, opts.subnets, opts.trackedSubnets ?? 2);
    buildPastRewards(this, g);
    if (this.profile.name === 'v1.11') buildPending(this, g);
    buildPeers(this, this.peerPrng);
    this.applyScenario();
    buildHistoryBlocks(this, g);
  }

  /** The peers' view of this node under `--scenario` (sim/network/scenario.ts). */
  applyScenario(): void {
    applyScenario(this);
  }

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

  nowSec(): number {
    return Math.floor(this.timeMs / 1000);
  }

  /** A validator's own stake plus its delegators'. */
  weightOf(v: Validator): bigint {
    let w = v.weight;
    for (const d of v.delegators) w += d.weight;
    return w;
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

  /** Genesis-era supply plus the rewards minted since (`minted`): always above the total stake (src/sim/economy.ts). */
  currentSupply(): bigint {
    return BigInt(GENESIS_SUPPLY_AVAX) * NAVAX + this.minted;
  }


  /** Accepts an already-decoded tx into the mempool; it is committed in the next standard block. */
  issue(bytes: Uint8Array, tx: SignedTx): string {
    const { idStr, added } = issueTx(this.mempool, this.txs, bytes, tx);
    if (added) this.revision++;
    return idStr;
  }

  /**
   * Accepts every block due up to `ms` (simulated wall time). `maxCatchUpMs` bounds the work after a long pause
   * (a suspended laptop): older due blocks are skipped and the chain resumes from there.
   */
  advanceTo(ms: number, maxCatchUpMs = Number.POSITIVE_INFINITY): number {
    return advanceTo(this, ms, maxCatchUpMs);
  }

  /** Primary-network weight of a node, 0 if it is not a validator. */
  nodeWeight(nodeIdStr: string): bigint {
    const v = this.validatorsByNode.get(nodeIdStr);
    return v ? this.weightOf(v) : 0n;
  }
}

