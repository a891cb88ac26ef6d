// HTTP to the node: JSON-RPC calls and streamed GETs over a small socket pool, each bounded in time and bytes. The
// URL (node-url.ts), the reply envelope (envelope.ts) and how a failed request is worded (request-failure.ts) live
// beside it.
import { StringDecoder } from 'node:string_decoder';
import { countValueMarks, createReplyCheck, fitsUncounted } from './value-budget';
import { createHttpPool } from './http-pool';
import { HttpError, ResponseTooLargeError, TransportError } from './errors';
import { parseNodeUrl } from './node-url';
import { cutReader, decodeCut, decodeCutRead, decodeEnvelope, PARSE_AT_MOST, readsWhole, skimEnvelope } from './envelope';
import type { SkimPlan } from '../codec/json-skim';
import { createListReader } from './streamed-list';
import { DEFAULT_TIMEOUT_MS, clampTimeout, requestFailure, startDeadline, withAccounting } from './request-failure';

export { parseNodeUrl } from './node-url';
export { classifyNetworkError, DEFAULT_TIMEOUT_MS } from './request-failure';

export type Endpoint = 'info' | 'P' | 'health';

export const endpointPaths: Readonly<Record<Endpoint, string>> = {
  info: '/ext/info',
  P: '/ext/bc/P',
  health: '/ext/health',
};

export const DEFAULT_MAX_BYTES = 32 * 1024 * 1024;
/** Non-200 bodies are plain text from the node; keep only the start. */
const MAX_ERROR_BODY = 64 * 1024;

export interface TransportOptions {
  /** Base URL of the node, e.g. http://127.0.0.1:9650 or https://user:pass@host/avax/ (a path is kept as a prefix). */
  url: string;
  headers?: Record<string, string>;
  timeoutMs?: number;
  /**
   * Epoch ms by which every request must be done, whatever its own timeout (asked at each request; undefined for
   * none): a one-shot check with a time limit of its own (check_nrpe gives a command 10 s) answers within it even
   * when each of its calls would wait the full timeout. A request started past it fails at once as timed out.
   */
  deadlineAt?: () => number | undefined;
  maxBytes?: number;
  /** Most sockets kept open to the node; the monitor is meant to be a light load. */
  connections?: number;
  /** TLS options for https URLs (e.g. a private CA). */
  tls?: { ca?: string | Buffer; rejectUnauthorized?: boolean };
  /**
   * A full garbage collection, run at most once per reply before one is refused for lack of heap (value-budget.ts).
   * Default: `globalThis.gc` when the process was started with `--expose-gc`, else none. The client never sets V8
   * flags itself; the CLI passes its own (runtime/gc.ts).
   */
  collectGarbage?: () => void;
}

export interface CallOptions {
  signal?: AbortSignal;
  timeoutMs?: number;
  /** Parse the body keeping integers above 2^53 exact (json-encoded blocks/txs, fee methods). */
  bigJson?: boolean;
  /**
   * Read only these values of the result (codec/json-skim.ts), from the body's bytes: nothing else of it is built,
   * not even its text. Takes the place of `list` when both are given.
   */
  skim?: SkimPlan;
  /**
   * A list in the result read as it arrives (streamed-list.ts), its count parsed in its place: for its length alone
   * (getBalance's `utxoIDs`, which the UTXOs pane only counts), or with `each`, handed over element by element.
   */
  list?: { key: string; each?: (text: string) => void };
}

export interface CallResult {
  result: unknown;
  /** Response body bytes. */
  bytes: number;
  requestBytes: number;
  latencyMs: number;
  /** avalanchego puts `node-id: NodeID-…` on every reply. */
  nodeId?: string;
}

export interface GetStreamOptions {
  signal?: AbortSignal;
  timeoutMs?: number;
  /** Most body bytes read; past it the reply is dropped with ResponseTooLargeError. */
  maxBytes: number;
  /** Each decoded piece of a 200 body, in order, as it arrives. */
  onText(text: string): void;
  accept?: string;
}

export interface GetStreamResult {
  bytes: number;
  latencyMs: number;
  nodeId?: string;
}

export interface Transport {
  readonly url: string;
  call(endpoint: Endpoint, method: string, params: unknown, options?: CallOptions): Promise<CallResult>;
  /** GET a path under the node URL (e.g. /ext/metrics), handing the body on piece by piece. Same errors as call. */
  getStream(path: string, options: GetStreamOptions): Promise<GetStreamResult>;
  close(): Promise<void>;
}



export function createTransport(options: TransportOptions): Transport {
  const parsed = parseNodeUrl(options.url);
  const defaultTimeout = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const withinDeadline = (ms: number): number => {
    const at = options.deadlineAt?.();
    return at === undefined ? ms : Math.max(1, Math.min(ms, Math.floor(at - Date.now())));
  };
  const maxBytes = options.maxBytes ?? DEFAULT_MAX_BYTES;
  const pool = createHttpPool(parsed.origin, { connections: options.connections ?? 4, tls: options.tls });
  const exposed = (globalThis as { gc?: unknown }).gc;
  const collectGarbage = options.collectGarbage ?? (typeof exposed === 'function' ? () => (exposed as () => void)() : undefined);

  const baseHeaders: Record<string, string> = {};
  for (const [k, v] of Object.entries(options.headers ?? {})) baseHeaders[k.toLowerCase()] = v;
  if (parsed.authorization && baseHeaders.authorization === undefined) baseHeaders.authorization = parsed.authorization;
  // The node answers 415 without it; no user header may replace it.
  baseHeaders['content-type'] = 'application/json';

  let nextId = 1;
  let closed = false;

  async function call(endpoint: Endpoint, method: string, params: unknown, callOptions: CallOptions = {}): Promise<CallResult> {
    const path = parsed.basePath + endpointPaths[endpoint];
    const url = parsed.display + endpointPaths[endpoint];
    const started = performance.now();
    const timeoutMs = withinDeadline(clampTimeout(callOptions.timeoutMs ?? defaultTimeout));
    const id = nextId++;
    const body = JSON.stringify({ jsonrpc: '2.0', id, method, params: params ?? {} }, bigintToString);
    const requestBytes = Buffer.byteLength(body);

    if (closed) throw withAccounting(new TransportError('aborted', url, undefined, 'client closed'), method, 0, 0);
    const userSignal = callOptions.signal;
    if (userSignal?.aborted) throw withAccounting(new TransportError('aborted', url), method, 0, 0);

    // One deadline for connect, headers and body together, so a body that trickles forever still times out.
    const deadline = startDeadline(timeoutMs, userSignal);

    let received = 0;
    const fail = requestFailure({ url, label: method, started, timeoutMs, deadline, userSignal, received: () => received });

    try {
      let res: Awaited<ReturnType<typeof pool.post>>;
      try {
        res = await pool.post({ path, headers: baseHeaders, body, signal: deadline.signal });
      } catch (err) {
        return fail(err);
      }

      const nodeId = res.headers['node-id'];

      const limit = res.statusCode === 200 ? maxBytes : MAX_ERROR_BODY;
      const declared = Number(res.headers['content-length']);
      if (res.statusCode === 200 && Number.isFinite(declared) && declared > maxBytes) {
        res.destroy();
        return fail(new ResponseTooLargeError(maxBytes, declared, url));
      }

      // Decoded chunk by chunk rather than gathered and concatenated: a 10,000-validator reply is 9 MB, and the
      // chunks plus their concatenation were 18 MB of native memory that the allocator kept after the reply.
      const decoder = new StringDecoder('utf8');
      let text = '';
      const skim = callOptions.skim !== undefined && res.statusCode === 200 ? callOptions.skim : undefined;
      // A reply to skim that this process reads whole (rpc/envelope.ts) is decoded as it arrives, as any other: its
      // chunks die young. Kept for the byte skim they were promoted and held, with their concatenation, until a full
      // collection: 1.3 MB of native memory for a mainnet peer list, the monitor's peak each minute.
      const whole = skim !== undefined && readsWhole(Number.isFinite(declared) ? declared : undefined);
      // A reply to skim as bytes is kept as bytes (skimJson reads them).
      const chunks: Buffer[] | undefined = skim !== undefined && !whole ? [] : undefined;
      // Read whole, a list of records (the peers' facts) is parsed an element at a time as the text comes.
      const cut = whole ? cutReader(skim) : undefined;
      let values = 0;
      let counted = 0;
      const fits = createReplyCheck(collectGarbage);
      const list = res.statusCode === 200 && callOptions.list && skim === undefined ? createListReader(callOptions.list.key, callOptions.list.each) : undefined;
      // Why the body was dropped before its end, if it was.
      let refused: Error | undefined;
      try {
        await res.read((chunk) => {
          received += chunk.length;
          if (received > limit) {
            if (res.statusCode === 200) {
              refused = new ResponseTooLargeError(maxBytes, received, url);
              return false;
            }
            // An error page only needs its start.
            text += decoder.write(chunk.subarray(0, chunk.length - (received - limit)));
            return false;
          }
          if (chunks) {
            // A skimmed reply's chunks are kept, so its values are counted only once they could matter: while even
            // a value in every byte fits, the count cannot refuse it (a mainnet peer list, 0.67 MB, is never counted).
            chunks.push(chunk);
            if (!fitsUncounted(received)) {
              while (counted < chunks.length) values += countValueMarks(chunks[counted++]!);
              if (!fits(values, received)) {
                refused = new ResponseTooLargeError(maxBytes, received, url, { values });
                return false;
              }
            }
            return true;
          }
          values += countValueMarks(chunk);
          if (res.statusCode === 200 && !fits(values, received)) {
            refused = new ResponseTooLargeError(maxBytes, received, url, { values });
            return false;
          }
          if (cut) cut.write(decoder.write(chunk));
          else text += list ? list.write(decoder.write(chunk)) : decoder.write(chunk);
          return true;
        });
      } catch (err) {
        return fail(err);
      }
      if (refused) return fail(refused);
      if (cut) cut.write(decoder.end());
      else text += list ? list.write(decoder.end()) : decoder.end();
      const latencyMs = performance.now() - started;

      if (res.statusCode !== 200) {
        return fail(new HttpError(res.statusCode, text, url, res.headers.location));
      }

      const result =
        skim === undefined
          ? decodeEnvelope(text, id, method, url, callOptions.bigJson === true)
          : cut
            ? decodeCutRead(cut, id, method, url)
            : chunks
              ? skimEnvelope(chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks, received), skim, id, method, url)
              : received <= PARSE_AT_MOST
                ? decodeCut(text, skim, id, method, url)
                : // Read whole while its size was not known, and too big to parse: skimmed after all.
                  skimEnvelope(Buffer.from(text, 'utf8'), skim, id, method, url);
      return { result, bytes: received, requestBytes, latencyMs, nodeId };
    } catch (err) {
      return fail(err);
    } finally {
      deadline.dispose();
    }
  }

  const getHeaders: Record<string, string> = { ...baseHeaders };
  delete getHeaders['content-type'];

  async function getStream(subPath: string, opts: GetStreamOptions): Promise<GetStreamResult> {
    const url = parsed.display + subPath;
    const label = `GET ${subPath}`;
    const started = performance.now();
    const timeoutMs = withinDeadline(clampTimeout(opts.timeoutMs ?? defaultTimeout));
    if (closed) throw withAccounting(new TransportError('aborted', url, undefined, 'client closed'), label, 0, 0);
    const userSignal = opts.signal;
    if (userSignal?.aborted) throw withAccounting(new TransportError('aborted', url), label, 0, 0);
    const deadline = startDeadline(timeoutMs, userSignal);
    let received = 0;
    const fail = requestFailure({ url, label, started, timeoutMs, deadline, userSignal, received: () => received });
    try {
      let res: Awaited<ReturnType<typeof pool.get>>;
      try {
        const headers = opts.accept ? { ...getHeaders, accept: opts.accept } : getHeaders;
        res = await pool.get({ path: parsed.basePath + subPath, headers, signal: deadline.signal });
      } catch (err) {
        return fail(err);
      }
      const nodeId = res.headers['node-id'];
      const ok = res.statusCode === 200;
      const limit = ok ? opts.maxBytes : MAX_ERROR_BODY;
      const declared = Number(res.headers['content-length']);
      if (ok && Number.isFinite(declared) && declared > limit) {
        res.destroy();
        return fail(new ResponseTooLargeError(limit, declared, url));
      }
      const decoder = new StringDecoder('utf8');
      let errorText = '';
      let refused: Error | undefined;
      try {
        await res.read((chunk) => {
          received += chunk.length;
          if (received > limit) {
            if (ok) {
              refused = new ResponseTooLargeError(limit, received, url);
              return false;
            }
            errorText += decoder.write(chunk.subarray(0, chunk.length - (received - limit)));
            return false;
          }
          const text = decoder.write(chunk);
          if (!ok) errorText += text;
          else if (text !== '') opts.onText(text);
          return true;
        });
      } catch (err) {
        return fail(err);
      }
      if (refused) return fail(refused);
      const rest = decoder.end();
      if (!ok) {
        return fail(new HttpError(res.statusCode, errorText + rest, url, res.headers.location));
      }
      if (rest !== '') opts.onText(rest);
      return { bytes: received, latencyMs: performance.now() - started, nodeId };
    } catch (err) {
      return fail(err);
    } finally {
      deadline.dispose();
    }
  }

  return {
    url: parsed.display,
    call,
    getStream,
    async close() {
      closed = true;
      // destroy, not close: a stalled body must not keep the process alive.
      pool.destroy();
    },
  };
}




function bigintToString(_key: string, value: unknown): unknown {
  return typeof value === 'bigint' ? value.toString() : value;
}

