export * from './types';
export { TYPE_NAMES, TypeId, TX_TYPE_IDS, BLOCK_TYPE_IDS, typeName } from './type-ids';
export { TX_SPECS, BASE_TX_FIELDS, type FieldKind, type FieldSpec, type TxSpec } from './tx-specs';
export {
  CODEC_VERSION,
  decodeSignedTx,
  encodeSignedTx,
  decodeUnsignedTx,
  encodeUnsignedTx,
  txIdOf,
} from './txs';
export { decodeBlock, encodeBlock, blockIdOf } from './blocks';
export { txsInBlock } from './block-txs';
export { decodeUtxo, encodeUtxo, decodeTransferableOutput, encodeTransferableOutput, utxoIdOf } from './utxo';
export { toNodeJson, u64Json, SECP256K1FX_ID, DEFAULT_NETWORK_ID } from './node-json';
export { decodeAny, DECODE_KINDS, type DecodeKind, type DetectResult } from './detect';
