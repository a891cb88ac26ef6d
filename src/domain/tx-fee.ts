// What a P-chain tx burned as its fee: what it consumed minus what it produced, per asset. avalanchego checks the
// same flow (vms/platformvm/utxo/verifier.go VerifySpendUTXOs: consumed ≥ produced + fee, for the fee asset AVAX),
// and the node keeps no other record of the fee: it is the difference. Consumed: the inputs, an ImportTx's imported
// inputs. Produced: the outputs, a staking tx's stake, an ExportTx's exported outputs, and what moves into L1
// validators' balances (ConvertSubnetToL1Tx, RegisterL1ValidatorTx, IncreaseL1ValidatorBalanceTx). Pure: it reads
// the codec's decoded unsigned tx.
import { formatId } from '../codec/cb58';

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => v !== null && typeof v === 'object' && !(v instanceof Uint8Array) && !Array.isArray(v);

/** The amount inside an input or output, through stakeable locks. */
function amountOf(o: unknown): bigint {
  if (!isObj(o)) return 0n;
  if (typeof o.amount === 'bigint') return o.amount;
  return isObj(o.output) ? amountOf(o.output) : isObj(o.input) ? amountOf(o.input) : 0n;
}

function add(flow: Map<string, bigint>, asset: string, amount: bigint): void {
  flow.set(asset, (flow.get(asset) ?? 0n) + amount);
}

/** Each entry's asset and amount (inputs carry `input`, outputs `output`). */
function tally(flow: Map<string, bigint>, list: unknown, sign: 1n | -1n): void {
  if (!Array.isArray(list)) return;
  for (const x of list) {
    if (!isObj(x) || !(x.assetId instanceof Uint8Array)) continue;
    add(flow, formatId(x.assetId), sign * amountOf(isObj(x.input) ? x.input : x.output));
  }
}

export interface TxFee {
  /** nAVAX (or the one asset's units) burned. */
  readonly amount: bigint;
  /** The asset it was paid in. */
  readonly assetId: string;
}

/**
 * The fee a tx burned, when it can be told: the fee asset's (`feeAssetId`, the node's staking asset, AVAX) excess of
 * consumed over produced; without it, the one asset whose consumption exceeds its production. Undefined for a tx
 * that spends nothing (a reward or time tx) or whose asset cannot be told.
 */
export function txFee(unsigned: unknown, feeAssetId?: string): TxFee | undefined {
  if (!isObj(unsigned) || !Array.isArray(unsigned.inputs)) return undefined;
  const flow = new Map<string, bigint>();
  tally(flow, unsigned.inputs, 1n);
  tally(flow, unsigned.importedInputs, 1n);
  tally(flow, unsigned.outputs, -1n);
  tally(flow, unsigned.stake, -1n);
  tally(flow, unsigned.exportedOutputs, -1n);
  // L1 balances are paid in AVAX: the fee asset, or the only asset the tx moves.
  let toL1 = 0n;
  if (typeof unsigned.balance === 'bigint') toL1 += unsigned.balance;
  if (Array.isArray(unsigned.validators)) for (const v of unsigned.validators) if (isObj(v) && typeof v.balance === 'bigint') toL1 += v.balance;
  const positive = [...flow].filter(([, n]) => n > 0n).map(([a]) => a);
  const asset = feeAssetId ?? (flow.size === 1 ? [...flow.keys()][0] : positive.length === 1 ? positive[0] : undefined);
  if (asset === undefined) return undefined;
  const amount = (flow.get(asset) ?? 0n) - toL1;
  return amount >= 0n ? { amount, assetId: asset } : undefined;
}
