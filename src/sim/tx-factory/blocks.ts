// Banff blocks: standard, proposal (one reward tx) and its commit or abort option.
import type { Block, SignedTx } from '../../codec/pchain/types';

export function standardBlock(parentId: Uint8Array, height: number, time: number, txs: SignedTx[]): Block {
  return { kind: 'block', typeId: 32, typeName: 'BanffStandardBlock', parentId, height: BigInt(height), time: BigInt(time), txs };
}

export function proposalBlock(parentId: Uint8Array, height: number, time: number, tx: SignedTx): Block {
  return {
    kind: 'block',
    typeId: 29,
    typeName: 'BanffProposalBlock',
    parentId,
    height: BigInt(height),
    time: BigInt(time),
    txs: [],
    tx,
  };
}

export function optionBlock(commit: boolean, parentId: Uint8Array, height: number, time: number): Block {
  return commit
    ? { kind: 'block', typeId: 31, typeName: 'BanffCommitBlock', parentId, height: BigInt(height), time: BigInt(time) }
    : { kind: 'block', typeId: 30, typeName: 'BanffAbortBlock', parentId, height: BigInt(height), time: BigInt(time) };
}
