// Public API of the codec: text encodings (cb58, bech32 addresses, hex), big-integer JSON, and the P-chain codec.
export { CodecError, isCodecError } from './errors';
export {
  cb58Encode,
  cb58Decode,
  parseId,
  formatId,
  parseShortId,
  formatShortId,
  parseNodeId,
  formatNodeId,
  NODE_ID_PREFIX,
  EMPTY_ID,
} from './cb58';
export {
  hrpForNetwork,
  networkName,
  networkIdFromName,
  formatAddress,
  formatBech32,
  parseAddress,
  FALLBACK_HRP,
} from './address';
export { bech32Encode, bech32Decode, convertBits } from './bech32';
export { encodeHex, decodeHex, decodeHexDetailed, toHex, fromHex, type HexDecodeResult } from './hex';
export { sha256, checksum4 } from './sha256';
export { parseJsonBig, stringifyJsonBig, MAX_JSON_DEPTH, type JsonBig } from './json-big';
export { ByteReader } from './byte-reader';
export { ByteWriter } from './byte-writer';
export * from './pchain/index';
