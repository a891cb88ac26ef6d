// P-chain methods on the chain itself: height, time, blocks, txs and issuing one.
import { decodeBlock, decodeSignedTx, toNodeJson } from '../../../codec';
import { decodeHex } from '../../wire';
import { MethodError, argsObject, encodingArg, idArg, stringArg, uintArg } from '../../params';
import type { Handler } from '../../jsonrpc';
import type { HandlerContext } from '../context';
import type { PlatformHelpers } from './shared';

/** getHeight, getTimestamp, getBlock(ByHeight), getTx(Status), issueTx, getProposedHeight. */
export function chainMethods(ctx: HandlerContext, m: Map<string, Handler>, shared: PlatformHelpers): void {
  const { net, profile } = ctx;
  m.set('GetHeight', () => ({ height: String(net.height) }));
  m.set('GetTimestamp', () => ({ timestamp: shared.chainTime() }));

  m.set('GetBlock', (params) => {
    const a = argsObject(params);
    const id = idArg(a, 'blockID');
    const enc = encodingArg(a);
    const b = net.blockById(id);
    if (!b) throw new MethodError(`couldn't get block with id ${id}: not found`);
    return { block: enc === 'json' ? toNodeJson(decodeBlock(b.bytes), net.networkId) : shared.blob(b.bytes, enc), encoding: enc };
  });

  m.set('GetBlockByHeight', (params) => {
    const a = argsObject(params);
    const h = uintArg(a, 'height', 64);
    const enc = encodingArg(a);
    const b = h <= BigInt(Number.MAX_SAFE_INTEGER) ? net.blockByHeight(Number(h)) : undefined;
    if (!b) throw new MethodError(`couldn't get block at height ${h}: not found`);
    return { block: enc === 'json' ? toNodeJson(decodeBlock(b.bytes), net.networkId) : shared.blob(b.bytes, enc), encoding: enc };
  });

  m.set('GetTx', (params) => {
    const a = argsObject(params);
    const id = idArg(a, 'txID');
    const enc = encodingArg(a);
    const rec = net.txs.get(id);
    if (!rec || (rec.status !== 'Committed' && rec.status !== 'Aborted')) throw new MethodError("couldn't get tx: not found");
    return { tx: enc === 'json' ? toNodeJson(decodeSignedTx(rec.bytes), net.networkId) : shared.blob(rec.bytes, enc), encoding: enc };
  });

  m.set('GetTxStatus', (params) => {
    const id = idArg(argsObject(params), 'txID');
    const rec = net.txs.get(id);
    if (!rec) return { status: 'Unknown' };
    return rec.status === 'Dropped' ? { status: rec.status, reason: rec.reason ?? '' } : { status: rec.status };
  });

  m.set('IssueTx', (params) => {
    const a = argsObject(params);
    const text = stringArg(a, 'tx');
    const enc = encodingArg(a);
    if (enc === 'json') throw new MethodError('problem decoding transaction: unsupported encoding in method');
    let bytes: Uint8Array;
    try {
      bytes = decodeHex(text, { checksum: enc !== 'hexnc' });
    } catch (err) {
      throw new MethodError(`problem decoding transaction: ${shared.codecReason(err)}`);
    }
    let tx;
    try {
      tx = decodeSignedTx(bytes);
    } catch (err) {
      throw new MethodError(`couldn't parse tx: couldn't parse tx: ${shared.codecReason(err)}`);
    }
    if (bytes.length > 256 * 1024) throw new MethodError("couldn't parse tx: couldn't parse tx: byte array exceeds maximum length");
    const u = tx.unsigned as { networkId?: number };
    if (u.networkId !== undefined && u.networkId !== net.networkId) {
      throw new MethodError(`couldn't issue tx: failed verification: expected networkID ${net.networkId} but got ${u.networkId}`);
    }
    return { txID: net.issue(bytes, tx) };
  });

  if (!profile.removed.has('platform.getProposedHeight')) {
    m.set('GetProposedHeight', () => ({ height: String(Math.max(0, net.height - 1)) }));
  }
}
