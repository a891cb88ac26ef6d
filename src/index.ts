// avatop as a library: a typed client for avalanchego's Info, P-Chain and health APIs, its errors, and the codec.
export { createClient, endpointForMethod } from './rpc/client';
export type { AvatopClient, CallArgs, CallEvent, CallListener, ClientCallOptions, ClientOptions, RawCallResult, ServiceSugar } from './rpc/client';
export { createTransport, endpointPaths, parseNodeUrl, DEFAULT_MAX_BYTES, DEFAULT_TIMEOUT_MS } from './rpc/transport';
export type { CallOptions, CallResult, Endpoint, Transport, TransportOptions } from './rpc/transport';
export {
  AvatopError,
  HttpError,
  MalformedResponseError,
  ParamsError,
  ResponseTooLargeError,
  RpcError,
  SchemaError,
  TransportError,
} from './rpc/errors';
export type { MalformedReason, TransportErrorKind } from './rpc/errors';
export { iterateUtxos, utxoRefFromHex } from './rpc/utxo-pages';
export { blobBytes, decodeBlockBlob, decodeStakedOutputBlob, decodeTxBlob, decodeUtxoBlob } from './rpc/blobs';
export type { IterateUtxosOptions, UtxoPage, UtxoRef } from './rpc/utxo-pages';
export * from './rpc/methods';
export * from './codec';
