// A decoded P-chain transaction (from our codec) as detail lines: every tx type the codec knows, by walking its
// fields with a few rules by field name (amounts in AVAX, owners as addresses with the node's HRP, IDs as cb58,
// node IDs, times), so a type added to the codec later still renders field by field.
import { formatId, formatNodeId } from '../codec/cb58';
import { formatAddress } from '../codec/address';
import { toHex } from '../codec/hex';
import { formatAvax } from '../format/avax';
import { formatCount } from '../format/number';
import { weightIsAvax } from '../format/weight';
import { formatDuration, formatTimestamp } from '../format/time';
import { sanitize } from '../format/sanitize';
import { shortenHex } from '../format/ids';
import { PRIMARY_NETWORK_ID } from '../state/constants';
import { line, section, type DetailLine } from './detail-lines';
import { txFee } from '../domain/tx-fee';
import type { NodeNames } from '../state/names';

type Obj = Record<string, unknown>;

const isObj = (v: unknown): v is Obj => v !== null && typeof v === 'object' && !(v instanceof Uint8Array) && !Array.isArray(v);
const bytesOf = (v: unknown): Uint8Array | undefined => (v instanceof Uint8Array ? v : undefined);

/** Primary-network staking types whose weight is nAVAX; a subnet validator's weight is a bare number. */
const AVAX_WEIGHT_TYPES = new Set(['AddValidatorTx', 'AddDelegatorTx']);

export interface TxContext {
  /** The node's network ID: addresses are rendered with its HRP. */
  readonly networkId: number;
  /** AVAX's asset ID on this network (platform.getStakingAssetID), the fee's asset; undefined while not known. */
  readonly avaxAssetId?: string;
  /** Subnets and chains by name where the node knows them (state/names.ts). */
  readonly names?: NodeNames;
}

/** "ID (name)" where the node has a name for it. */
function withName(id: string, name: string | undefined): string {
  return name ? `${id} (${sanitize(name, { maxLength: 60 })})` : id;
}

/** "0.001000000 AVAX", or the amount and asset when a tx burned something other than AVAX. */
function feeLine(unsigned: Obj, ctx: TxContext): DetailLine[] {
  const fee = txFee(unsigned, ctx.avaxAssetId);
  if (!fee) return [];
  const text = ctx.avaxAssetId === undefined || fee.assetId === ctx.avaxAssetId ? avax(fee.amount) : `${formatCount(fee.amount)} of asset ${fee.assetId}`;
  return [line('fee', `${text} (burned: inputs less outputs)`, { tone: 'accent' })];
}

function nodeIdText(b: Uint8Array): string {
  return b.length === 20 ? formatNodeId(b) : `0x${toHex(b)}`;
}

function hexText(b: Uint8Array, full = false): string {
  const h = `0x${toHex(b)}`;
  return full ? h : shortenHex(h, 16);
}

function avax(n: bigint): string {
  return `${formatAvax(n, { decimals: 9 })} AVAX`;
}

/** Memo bytes: text when it is printable UTF-8, hex otherwise. */
export function memoText(b: Uint8Array): string {
  if (b.length === 0) return '(empty)';
  const text = new TextDecoder('utf-8', { fatal: false }).decode(b);
  const printable = !text.includes('\ufffd') && !/[\x00-\x08\x0b-\x1f\x7f]/.test(text);
  return printable ? JSON.stringify(sanitize(text)) : hexText(b, b.length <= 64);
}

function owners(label: string, o: unknown, ctx: TxContext, indent: string): DetailLine[] {
  if (!isObj(o)) return [];
  const addrs = Array.isArray(o.addresses) ? (o.addresses as unknown[]) : [];
  const lock = typeof o.locktime === 'bigint' && o.locktime > 0n ? `, locked until ${formatTimestamp(new Date(Number(o.locktime) * 1000))}` : '';
  const out: DetailLine[] = [line(`${indent}${label}`, `${o.threshold ?? 1} of ${addrs.length}${lock}`)];
  for (const a of addrs) {
    const b = bytesOf(a);
    if (!b) continue;
    const addr = formatAddress(b, ctx.networkId);
    out.push(line(`${indent}  owner`, addr, { copy: addr }));
  }
  return out;
}

/** secp256k1fx / stakeable outputs: the amount, its lock, and who owns it. */
function outputLines(out: unknown, ctx: TxContext, indent: string): DetailLine[] {
  if (!isObj(out)) return [line(indent, sanitize(String(out)))];
  if (out.typeName === 'stakeable.LockOut') {
    const lock = typeof out.locktime === 'bigint' ? formatTimestamp(new Date(Number(out.locktime) * 1000)) : '?';
    return [line(`${indent}stake-locked until`, lock), ...outputLines(out.output, ctx, indent)];
  }
  const lines: DetailLine[] = [];
  if (typeof out.amount === 'bigint') lines.push(line(`${indent}amount`, avax(out.amount), { tone: 'accent' }));
  lines.push(...owners('owners', out, ctx, indent));
  return lines;
}

function transferableOutputs(title: string, list: unknown, ctx: TxContext, assetId: string | undefined): DetailLine[] {
  const items = Array.isArray(list) ? list : [];
  const lines: DetailLine[] = [section(`${title} (${items.length})`)];
  let total = 0n;
  items.forEach((o, i) => {
    const to = isObj(o) ? o : {};
    const asset = bytesOf(to.assetId);
    const assetText = asset ? formatId(asset) : undefined;
    lines.push(line(`#${i}`, assetText && assetText !== assetId ? `asset ${assetText}` : 'AVAX'));
    lines.push(...outputLines(to.output, ctx, '  '));
    total += amountOf(to.output);
  });
  if (items.length > 1) lines.push(line('total', avax(total)));
  return lines;
}

function amountOf(o: unknown): bigint {
  if (!isObj(o)) return 0n;
  if (typeof o.amount === 'bigint') return o.amount;
  return isObj(o.output) ? amountOf(o.output) : isObj(o.input) ? amountOf(o.input) : 0n;
}

function inputLines(title: string, list: unknown, _ctx: TxContext): DetailLine[] {
  const items = Array.isArray(list) ? list : [];
  const lines: DetailLine[] = [section(`${title} (${items.length})`)];
  let total = 0n;
  items.forEach((x, i) => {
    const inp = isObj(x) ? x : {};
    const txId = bytesOf(inp.txId);
    const from = txId ? `${formatId(txId)}:${inp.outputIndex ?? '?'}` : '?';
    const amount = amountOf(inp.input);
    total += amount;
    const lock = isObj(inp.input) && inp.input.typeName === 'stakeable.LockIn' ? ' (stake-locked)' : '';
    lines.push(line(`#${i}`, `${avax(amount)}${lock}`, { tone: 'accent' }));
    lines.push(line('  spends', from, txId ? { link: { kind: 'tx', id: formatId(txId) }, copy: formatId(txId) } : {}));
  });
  if (items.length > 1) lines.push(line('total', avax(total)));
  return lines;
}

function signerLines(s: unknown): DetailLine[] {
  if (!isObj(s) || s.typeName === 'signer.Empty') return [line('BLS signer', 'none')];
  const pk = bytesOf(s.publicKey);
  const sig = bytesOf(s.signature ?? s.proofOfPossession);
  return [
    line('BLS public key', pk ? hexText(pk) : '—', pk ? { copy: `0x${toHex(pk)}` } : {}),
    line('BLS proof of possession', sig ? hexText(sig) : '—', sig ? { copy: `0x${toHex(sig)}` } : {}),
  ];
}

function validatorLines(v: unknown, typeName: string, subnetId: string | undefined, names: NodeNames | undefined): DetailLine[] {
  if (!isObj(v)) return [];
  const node = bytesOf(v.nodeId);
  const sub = bytesOf(v.subnetId) ? formatId(v.subnetId as Uint8Array) : subnetId;
  const avaxWeight = AVAX_WEIGHT_TYPES.has(typeName) || (typeName.startsWith('AddPermissionless') && sub !== undefined && weightIsAvax(sub));
  const lines: DetailLine[] = [section('Staking')];
  if (node) {
    const id = nodeIdText(node);
    lines.push(line('node ID', id, { link: { kind: 'validator', nodeId: id, ...(sub && sub !== PRIMARY_NETWORK_ID ? { subnetId: sub } : {}) }, copy: id }));
  }
  if (typeof v.start === 'bigint') lines.push(line('start', formatTimestamp(new Date(Number(v.start) * 1000))));
  if (typeof v.end === 'bigint') lines.push(line('end', formatTimestamp(new Date(Number(v.end) * 1000))));
  if (typeof v.weight === 'bigint') lines.push(line('weight', avaxWeight ? avax(v.weight) : formatCount(v.weight), { tone: 'accent' }));
  if (bytesOf(v.subnetId)) lines.push(subnetLine(bytesOf(v.subnetId)!, names));
  return lines;
}

function subnetLine(b: Uint8Array, names: NodeNames | undefined, label = 'subnet'): DetailLine {
  const id = formatId(b);
  return line(label, id === PRIMARY_NETWORK_ID ? `${id} (primary network)` : withName(id, names?.subnet(id)), { link: { kind: 'subnet', id }, copy: id });
}

function chainLine(label: string, b: Uint8Array, names: NodeNames | undefined): DetailLine {
  const id = formatId(b);
  return line(label, withName(id, names?.chain(id)), { link: { kind: 'chain', id }, copy: id });
}

function authLines(label: string, a: unknown): DetailLine[] {
  if (!isObj(a)) return [];
  const idx = Array.isArray(a.signatureIndices) ? a.signatureIndices.join(', ') : '';
  return [line(label, `signature indices [${idx}]`)];
}

function l1ValidatorLines(list: unknown, ctx: TxContext): DetailLine[] {
  const items = Array.isArray(list) ? list : [];
  const lines: DetailLine[] = [section(`L1 validators (${items.length})`)];
  items.forEach((x, i) => {
    const v = isObj(x) ? x : {};
    const node = bytesOf(v.nodeId);
    const id = node ? nodeIdText(node) : '?';
    lines.push(line(`#${i} node ID`, id, { copy: id }));
    if (typeof v.weight === 'bigint') lines.push(line('  weight', formatCount(v.weight)));
    if (typeof v.balance === 'bigint') lines.push(line('  balance', avax(v.balance)));
    if (isObj(v.signer)) lines.push(...signerLines(v.signer).map((l) => ({ ...l, label: `  ${l.label}` })));
    lines.push(...owners('remaining balance owner', v.remainingBalanceOwner, ctx, '  '));
    lines.push(...owners('deactivation owner', v.deactivationOwner, ctx, '  '));
  });
  return lines;
}

/** Fields shown in the header or handled as a group; the rest are walked generically. */
const HANDLED = new Set(['kind', 'typeId', 'typeName', 'networkId', 'blockchainId', 'outputs', 'inputs', 'memo', 'chainNameBytes']);

const OWNER_FIELDS: Record<string, string> = {
  rewardsOwner: 'reward owner',
  validationRewardsOwner: 'validation reward owner',
  delegationRewardsOwner: 'delegation reward owner',
  owner: 'subnet owner',
  newOwner: 'new owner',
  validatorAuthority: 'validator authority (may change its renewal)',
};

const pct = (millionths: number) => `${(millionths / 10_000).toFixed(4).replace(/\.?0+$/, '')}%`;

/** ACP-236 auto-renewed staking (types 40-42): what each field means, from avalanchego's txs/*auto_renewed*.go. */
function autoRenewedLines(key: string, v: unknown, typeName: string): DetailLine[] | undefined {
  if (!/AutoRenewed/.test(typeName)) return undefined;
  if (key === 'delegationShares' && typeof v === 'number') return [line('delegation fee', `${pct(v)} of delegators' rewards (${v} / 1,000,000)`)];
  if (key === 'autoCompoundRewardShares' && typeof v === 'number') {
    return [line('auto-compound', `${pct(v)} of each period's reward restaked, ${pct(1_000_000 - v)} paid out (${v} / 1,000,000)`)];
  }
  if (key === 'period' && typeof v === 'bigint') {
    const text = formatDuration(Number(v) * 1000);
    if (typeName === 'SetAutoRenewedValidatorConfigTx') {
      return [line('next period', v === 0n ? '0: stop at the end of the current period and unlock the stake' : `${text} (${formatCount(v)} s), from the end of the current period`)];
    }
    return [line('period', `${text} (${formatCount(v)} s); renews at each period's end until its authority sets 0`)];
  }
  if (key === 'txId' && v instanceof Uint8Array) {
    const id = formatId(v);
    const label = typeName === 'RewardAutoRenewedValidatorTx' ? 'rewarded validator tx' : 'auto-renewed validator tx';
    return [line(label, id, { link: { kind: 'tx', id }, copy: id })];
  }
  if (key === 'timestamp' && typeof v === 'bigint') return [line('period end', `${formatTimestamp(new Date(Number(v) * 1000))} (the cycle this reward closes)`)];
  if (key === 'auth') return authLines('authority auth', v);
  if (key === 'nodeId' && v instanceof Uint8Array && v.length === 20) {
    const id = nodeIdText(v);
    return [line('node ID', id, { link: { kind: 'validator', nodeId: id }, copy: id })];
  }
  return undefined;
}

const AVAX_FIELDS = /amount|stake$|Stake$|supply|Supply|balance|fee$/;

function genericLines(key: string, v: unknown, ctx: TxContext, indent = ''): DetailLine[] {
  const label = indent + key;
  if (v instanceof Uint8Array) {
    if (/nodeId$/i.test(key)) {
      const id = nodeIdText(v);
      return [line(label, id, { copy: id })];
    }
    if (v.length === 32) {
      const id = formatId(v);
      return [line(label, id, { copy: id })];
    }
    return [line(label, v.length === 0 ? '(empty)' : `${hexText(v)} (${v.length} bytes)`, { copy: `0x${toHex(v)}` })];
  }
  if (typeof v === 'bigint') {
    if (AVAX_FIELDS.test(key)) return [line(label, avax(v))];
    if (key === 'time') return [line(label, formatTimestamp(new Date(Number(v) * 1000)))];
    return [line(label, formatCount(v))];
  }
  if (typeof v === 'number' || typeof v === 'boolean') return [line(label, String(v))];
  if (typeof v === 'string') return [line(label, sanitize(v))];
  if (Array.isArray(v)) {
    if (v.length === 0) return [line(label, '(none)')];
    return [line(label, `${v.length} item${v.length === 1 ? '' : 's'}`), ...v.flatMap((x, i) => genericLines(`#${i}`, x, ctx, indent + '  '))];
  }
  if (isObj(v)) {
    const head = typeof v.typeName === 'string' ? sanitize(v.typeName) : '';
    return [
      line(label, head),
      ...Object.entries(v)
        .filter(([k]) => k !== 'typeId' && k !== 'typeName')
        .flatMap(([k, x]) => genericLines(k, x, ctx, indent + '  ')),
    ];
  }
  return [line(label, sanitize(String(v)))];
}

/** The body of an unsigned tx: its type-specific fields, then inputs and outputs, then the memo. */
export function unsignedTxLines(tx: Obj, ctx: TxContext): DetailLine[] {
  const typeName = String(tx.typeName ?? 'unknown');
  const lines: DetailLine[] = [];
  const subnetId = bytesOf(tx.subnetId) ? formatId(tx.subnetId as Uint8Array) : undefined;
  const fields: DetailLine[] = [];
  const rest: DetailLine[] = [];
  for (const [key, v] of Object.entries(tx)) {
    if (HANDLED.has(key)) continue;
    const renewed = autoRenewedLines(key, v, typeName);
    if (renewed) fields.push(...renewed);
    else if (key === 'validator' && isObj(v)) lines.push(...validatorLines(v, typeName, subnetId, ctx.names));
    else if (key === 'stake') rest.push(...transferableOutputs('Stake', v, ctx, undefined));
    else if (key === 'exportedOutputs') rest.push(...transferableOutputs('Exported outputs', v, ctx, undefined));
    else if (key === 'importedInputs') rest.push(...inputLines('Imported inputs', v, ctx));
    else if (OWNER_FIELDS[key]) fields.push(...owners(OWNER_FIELDS[key]!, v, ctx, ''));
    else if (key === 'shares' && typeof v === 'number') fields.push(line('delegation shares', `${(v / 10_000).toFixed(4).replace(/\.?0+$/, '')}% (${v} / 1,000,000)`));
    else if (key === 'signer') fields.push(...signerLines(v));
    else if (key === 'subnetId' && v instanceof Uint8Array) fields.push(subnetLine(v, ctx.names));
    else if ((key === 'chainId' || key === 'sourceChain' || key === 'destinationChain') && v instanceof Uint8Array)
      fields.push(chainLine(key === 'chainId' ? 'chain' : key === 'sourceChain' ? 'source chain' : 'destination chain', v, ctx.names));
    else if (key === 'txId' && v instanceof Uint8Array) {
      const id = formatId(v);
      fields.push(line('rewarded tx', id, { link: { kind: 'tx', id }, copy: id }));
    } else if (key === 'subnetAuth' || key === 'disableAuth') fields.push(...authLines(key === 'subnetAuth' ? 'subnet auth' : 'disable auth', v));
    else if (key === 'validators' && Array.isArray(v)) rest.push(...l1ValidatorLines(v, ctx));
    else if (key === 'chainName') fields.push(line('chain name', JSON.stringify(sanitize(String(v)))));
    else if (key === 'genesisData' && v instanceof Uint8Array) fields.push(line('genesis data', `${formatCount(v.length)} bytes`, { copy: `0x${toHex(v)}` }));
    else fields.push(...genericLines(key, v, ctx));
  }
  if (fields.length) lines.push(section('Fields'), ...fields);
  lines.push(...rest);
  if ('inputs' in tx) lines.push(...inputLines('Inputs', tx.inputs, ctx));
  if ('outputs' in tx) lines.push(...transferableOutputs('Outputs', tx.outputs, ctx, undefined));
  if (tx.memo instanceof Uint8Array) lines.push(section('Memo'), line('memo', memoText(tx.memo)));
  return lines;
}

export function credentialLines(creds: unknown): DetailLine[] {
  const items = Array.isArray(creds) ? creds : [];
  const lines: DetailLine[] = [section(`Credentials (${items.length})`)];
  items.forEach((c, i) => {
    const cred = isObj(c) ? c : {};
    const sigs = Array.isArray(cred.signatures) ? (cred.signatures as unknown[]) : [];
    lines.push(line(`#${i}`, `${sanitize(String(cred.typeName ?? 'credential'))}, ${sigs.length} signature${sigs.length === 1 ? '' : 's'}`));
    sigs.forEach((s, j) => {
      const b = bytesOf(s);
      if (b) lines.push(line(`  sig ${j}`, hexText(b), { copy: `0x${toHex(b)}` }));
    });
  });
  return lines;
}

/** The header facts of a tx: its type name, the unsigned tx, the credentials (when signed) and the ID. */
export function txParts(decoded: unknown): { typeName: string; unsigned: Obj | undefined; credentials: unknown; id: string | undefined } {
  const d = isObj(decoded) ? decoded : {};
  const unsigned = d.kind === 'signedTx' && isObj(d.unsigned) ? d.unsigned : d.kind === 'unsignedTx' ? d : undefined;
  const id = d.id instanceof Uint8Array ? formatId(d.id) : typeof d.id === 'string' ? d.id : undefined;
  return { typeName: String(unsigned?.typeName ?? 'unknown'), unsigned, credentials: d.kind === 'signedTx' ? d.credentials : undefined, id };
}

/** A decoded signed or unsigned tx as lines (without status: the view adds it). */
export function txLines(decoded: unknown, ctx: TxContext): DetailLine[] {
  const { typeName, unsigned, credentials, id } = txParts(decoded);
  const lines: DetailLine[] = [section('Transaction'), line('type', sanitize(typeName), { tone: 'accent' })];
  if (id) lines.push(line('ID', id, { copy: id }));
  // The tx's own ID names what it created.
  if (id && typeName === 'CreateSubnetTx') lines.push(line('created subnet', id, { link: { kind: 'subnet', id }, copy: id }));
  if (id && typeName === 'CreateChainTx') lines.push(line('created chain', id, { link: { kind: 'chain', id }, copy: id }));
  if (!unsigned) return lines;
  if (typeof unsigned.networkId === 'number') lines.push(line('network ID', String(unsigned.networkId)));
  if (unsigned.blockchainId instanceof Uint8Array) lines.push(line('blockchain', withName(formatId(unsigned.blockchainId), ctx.names?.chain(formatId(unsigned.blockchainId)))));
  lines.push(...feeLine(unsigned, ctx));
  lines.push(...unsignedTxLines(unsigned, ctx));
  if (credentials !== undefined) lines.push(...credentialLines(credentials));
  return lines;
}

/** Staking facts the view needs beyond lines: when the period ends (for reward UTXOs). */
export function stakingEnd(decoded: unknown): Date | undefined {
  const { unsigned } = txParts(decoded);
  const v = unsigned && isObj(unsigned.validator) ? unsigned.validator : undefined;
  return v && typeof v.end === 'bigint' ? new Date(Number(v.end) * 1000) : undefined;
}

/** A tx type that locks stake and earns a reward (reward UTXOs appear after the period ends). */
export function isRewardedStaking(typeName: string): boolean {
  return /^(AddValidatorTx|AddDelegatorTx|AddPermissionlessValidatorTx|AddPermissionlessDelegatorTx|AddAutoRenewedValidatorTx)$/.test(typeName);
}
