// POST and GET over HTTP/1.1 with a small keep-alive pool, written for what avatop asks of a node: one request at a
// time per connection, bodies framed by content-length, by chunks or by the close, no redirects, no compression.
// It replaced node:http (which had replaced undici for start-up time): node:http's request objects, agent
// bookkeeping, abort listeners and stream iterators cost about 1 ms of a core per request at idle, against about
// 0.3 ms here, and the monitor makes about 90 requests a minute (docs/performance.md). https is loaded only for
// https URLs.
import { connect as netConnect, isIP, type Socket } from 'node:net';
import { parseHead, ChunkedBody, type ResponseHead } from './http-wire';
import type { Cancel } from './request-failure';

export interface HttpPoolOptions {
  /** Most sockets open at once. */
  connections: number;
  tls?: { ca?: string | Buffer; rejectUnauthorized?: boolean };
}

export interface PostOptions {
  path: string;
  headers: Record<string, string>;
  body: string;
  signal: Cancel;
}

export interface GetOptions {
  path: string;
  headers: Record<string, string>;
  signal: Cancel;
}

export interface HttpReply {
  statusCode: number;
  /** Lower-case names; a repeated header's values joined with ", ". */
  headers: Readonly<Record<string, string>>;
  /**
   * Hands on each piece of the body, in order, as it arrives, and settles at its end. `onChunk` returning false
   * stops reading and closes the connection; a throw does the same and rejects with what it threw.
   */
  read(onChunk: (chunk: Buffer) => boolean | void): Promise<void>;
  /** Drops the reply unread and closes its connection. */
  destroy(): void;
}

export interface HttpPool {
  /** Resolves with the reply once its head is in; its body is read with `read`. */
  post(opts: PostOptions): Promise<HttpReply>;
  /** A GET on the same sockets (/ext/metrics). */
  get(opts: GetOptions): Promise<HttpReply>;
  destroy(): void;
}

/** The errors node:http gave for the same events, so request-failure.ts words them the same. */
function netError(message: string, code: string): Error {
  return Object.assign(new Error(message), { code });
}

function abortError(signal: Cancel): Error {
  return Object.assign(new Error('The operation was aborted', { cause: signal.reason }), { name: 'AbortError', code: 'ABORT_ERR' });
}

const TOKEN = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;
const BAD_VALUE = /[\r\n\0]/;

/** The request's head: a user's header cannot split it (no CR, LF or NUL) nor set its length. */
export function requestHead(method: string, path: string, host: string, headers: Record<string, string>, bodyBytes: number | undefined): string {
  let head = `${method} ${path} HTTP/1.1\r\n`;
  let hostSet = false;
  for (const name in headers) {
    const value = headers[name]!;
    if (!TOKEN.test(name)) throw Object.assign(new TypeError(`Header name must be a valid HTTP token ["${name}"]`), { code: 'ERR_INVALID_HTTP_TOKEN' });
    if (BAD_VALUE.test(value)) throw Object.assign(new TypeError(`Invalid character in header content ["${name}"]`), { code: 'ERR_INVALID_CHAR' });
    const lower = name.toLowerCase();
    if (lower === 'content-length' || lower === 'transfer-encoding') continue;
    if (lower === 'host') hostSet = true;
    head += `${name}: ${value}\r\n`;
  }
  if (!hostSet) head += `host: ${host}\r\n`;
  if (bodyBytes !== undefined) head += `content-length: ${bodyBytes}\r\n`;
  return head + '\r\n';
}

interface Waiter {
  resolve(s: Socket): void;
  reject(e: Error): void;
  signal: Cancel;
  onAbort(): void;
}

export function createHttpPool(origin: string, opts: HttpPoolOptions): HttpPool {
  const u = new URL(origin);
  const secure = u.protocol === 'https:';
  // URL keeps the brackets of an IPv6 host; a socket wants the bare address.
  const hostname = u.hostname.replace(/^\[(.*)\]$/, '$1');
  const port = u.port ? Number(u.port) : secure ? 443 : 80;
  const hostHeader = u.host;
  const max = Math.max(1, opts.connections);
  const idle: Socket[] = [];
  const all = new Set<Socket>();
  const waiting: Waiter[] = [];
  let open = 0;
  let destroyed = false;
  let tlsConnect: Promise<typeof import('node:tls').connect> | undefined;

  const newSocket = async (): Promise<Socket> => {
    open++;
    let socket: Socket;
    try {
      if (secure) {
        const connectTls = await (tlsConnect ??= import('node:tls').then((tls) => tls.connect));
        socket = connectTls({ host: hostname, port, servername: isIP(hostname) ? undefined : hostname, ...opts.tls });
      } else {
        socket = netConnect({ host: hostname, port });
      }
    } catch (err) {
      open--;
      throw err;
    }
    socket.setNoDelay(true);
    // An idle socket the node resets must not end the process: its error is only news to a request on it.
    socket.on('error', () => undefined);
    all.add(socket);
    socket.once('close', () => {
      open--;
      all.delete(socket);
      const i = idle.indexOf(socket);
      if (i >= 0) idle.splice(i, 1);
      wake();
    });
    return socket;
  };

  /** Gives a freed place to the first request waiting for one. */
  const wake = () => {
    while (waiting.length > 0 && (idle.length > 0 || open < max)) {
      const w = waiting.shift()!;
      w.signal.removeEventListener('abort', w.onAbort);
      const s = idle.pop();
      if (s) {
        s.ref();
        w.resolve(s);
      } else newSocket().then(w.resolve, w.reject);
    }
  };

  /** A socket for one request: an idle one (reused), a new one, or the next freed. */
  const acquire = (signal: Cancel): Promise<{ socket: Socket; reused: boolean }> => {
    const s = idle.pop();
    if (s) {
      s.ref();
      return Promise.resolve({ socket: s, reused: true });
    }
    if (open < max) return newSocket().then((socket) => ({ socket, reused: false }));
    return new Promise((resolve, reject) => {
      const w: Waiter = {
        resolve: (socket) => resolve({ socket, reused: !socket.connecting }),
        reject,
        signal,
        onAbort: () => {
          const i = waiting.indexOf(w);
          if (i >= 0) waiting.splice(i, 1);
          reject(abortError(signal));
        },
      };
      signal.addEventListener('abort', w.onAbort, { once: true });
      waiting.push(w);
    });
  };

  const release = (socket: Socket, reusable: boolean) => {
    if (!reusable || destroyed || socket.destroyed) {
      socket.destroy();
      return;
    }
    // An idle connection never keeps a one-shot command alive.
    socket.unref();
    idle.push(socket);
    wake();
  };

  const send = async (method: string, path: string, headers: Record<string, string>, body: string | undefined, signal: Cancel): Promise<HttpReply> => {
    if (signal.aborted) throw abortError(signal);
    if (destroyed) throw netError('the connection pool is closed', 'ECONNRESET');
    const head = requestHead(method, path, hostHeader, headers, body === undefined ? undefined : Buffer.byteLength(body));
    const wire = body === undefined ? head : head + body;
    const first = await acquire(signal);
    try {
      return await exchange(first.socket, wire, signal, release);
    } catch (err) {
      // A kept-alive socket the node closed while it sat idle fails before any byte of a reply: the request never
      // reached the node, so it is sent once more on a new connection (as browsers do).
      if (!first.reused || !(err as { beforeReply?: boolean }).beforeReply || signal.aborted) throw err;
      const retry = await acquire(signal);
      return exchange(retry.socket, wire, signal, release);
    }
  };

  return {
    post: ({ path, headers, body, signal }) => send('POST', path, headers, body, signal),
    get: ({ path, headers, signal }) => send('GET', path, headers, undefined, signal),
    destroy() {
      destroyed = true;
      // In flight too: a stalled reply must not keep the process alive.
      idle.length = 0;
      for (const s of all) s.destroy();
      for (const w of waiting.splice(0)) {
        w.signal.removeEventListener('abort', w.onAbort);
        w.reject(netError('the connection pool is closed', 'ECONNRESET'));
      }
    },
  };
}

type Framing = { kind: 'none' } | { kind: 'length'; left: number } | { kind: 'chunked'; body: ChunkedBody } | { kind: 'close' };

/**
 * One request on one socket: writes it, reads the reply's head (resolving with the reply), then its body as `read`
 * asks. The socket goes back to the pool when the body ended where its framing says and the node keeps it open.
 */
function exchange(socket: Socket, wire: string, signal: Cancel, release: (s: Socket, reusable: boolean) => void): Promise<HttpReply> {
  return new Promise<HttpReply>((resolveHead, rejectHead) => {
    let headBytes: Buffer | undefined;
    let head: ResponseHead | undefined;
    let framing: Framing = { kind: 'none' };
    let gotBytes = false;
    let finished = false;
    let failure: Error | undefined;
    let ended = false;
    // The body as it comes: held until `read` is called, then handed on at once.
    const held: Buffer[] = [];
    let consumer: ((chunk: Buffer) => boolean | void) | undefined;
    let settleRead: { resolve(): void; reject(e: Error): void } | undefined;

    const cleanup = () => {
      socket.off('data', onData);
      socket.off('error', onError);
      socket.off('close', onClose);
      signal.removeEventListener('abort', onAbort);
    };
    const fail = (err: Error) => {
      if (finished) return;
      finished = true;
      cleanup();
      socket.destroy();
      if (!head) {
        if (!gotBytes) (err as { beforeReply?: boolean }).beforeReply = true;
        rejectHead(err);
        return;
      }
      failure = err;
      held.length = 0;
      if (consumer) settleRead!.reject(err);
    };
    /** The body ended where its framing says. */
    const complete = (extra: boolean) => {
      if (finished) return;
      finished = true;
      ended = true;
      cleanup();
      release(socket, head!.keepAlive && framing.kind !== 'close' && !extra);
      if (consumer) settleRead!.resolve();
    };
    /** The reader is done with the body (it stopped or threw): a socket still reading it is closed. */
    const stopReading = () => {
      held.length = 0;
      consumer = undefined;
      if (finished) return;
      finished = true;
      cleanup();
      socket.destroy();
    };
    const deliver = (piece: Buffer): boolean => {
      if (piece.length === 0) return true;
      if (!consumer) {
        // Held until `read` (or dropped: a reader that stopped hears no more).
        if (!settleRead) held.push(piece);
        return !settleRead;
      }
      let more: boolean | void;
      try {
        more = consumer(piece);
      } catch (err) {
        stopReading();
        settleRead!.reject(err instanceof Error ? err : new Error(String(err)));
        return false;
      }
      if (more === false) {
        stopReading();
        settleRead!.resolve();
        return false;
      }
      return true;
    };
    const onBody = (chunk: Buffer) => {
      switch (framing.kind) {
        case 'length': {
          const take = Math.min(chunk.length, framing.left);
          framing.left -= take;
          if (!deliver(take === chunk.length ? chunk : chunk.subarray(0, take))) return;
          if (framing.left === 0) complete(take < chunk.length);
          return;
        }
        case 'chunked': {
          let r;
          try {
            r = framing.body.feed(chunk, deliver);
          } catch (err) {
            fail(err as Error);
            return;
          }
          if (r === 'stopped') return;
          if (r !== 'more') complete(r === 'extra');
          return;
        }
        case 'close':
          deliver(chunk);
          return;
        case 'none':
          complete(chunk.length > 0);
      }
    };
    const onData = (chunk: Buffer) => {
      gotBytes = true;
      if (head) return onBody(chunk);
      headBytes = headBytes ? Buffer.concat([headBytes, chunk]) : chunk;
      // A 1xx head (100 Continue, 103 Early Hints) is followed by the real one.
      for (;;) {
        let parsed;
        try {
          parsed = parseHead(headBytes);
        } catch (err) {
          fail(err as Error);
          return;
        }
        if (!parsed) return;
        const rest = headBytes.subarray(parsed.length);
        if (parsed.head.status >= 100 && parsed.head.status < 200) {
          if (parsed.head.status === 101) {
            fail(netError('the node switched protocols', 'HPE_INVALID_CONSTANT'));
            return;
          }
          headBytes = rest;
          continue;
        }
        head = parsed.head;
        headBytes = undefined;
        framing = framingOf(head);
        resolveHead(reply);
        if (framing.kind === 'none') complete(rest.length > 0);
        else if (rest.length > 0) onBody(rest);
        return;
      }
    };
    const onError = (err: Error) => fail(err);
    const onClose = () => {
      if (finished) return;
      if (head && framing.kind === 'close') {
        finished = true;
        ended = true;
        cleanup();
        if (consumer) settleRead!.resolve();
        return;
      }
      // node:http's words for a reply cut short.
      fail(netError(head ? 'aborted: the connection closed before the end of the reply' : 'socket hang up', 'ECONNRESET'));
    };
    const onAbort = () => fail(abortError(signal));

    const reply: HttpReply = {
      get statusCode() {
        return head!.status;
      },
      get headers() {
        return head!.headers;
      },
      read(onChunk) {
        return new Promise<void>((resolve, reject) => {
          if (settleRead) return reject(new Error('a reply is read once'));
          settleRead = { resolve, reject };
          if (failure) return reject(failure);
          consumer = onChunk;
          for (const piece of held.splice(0)) if (!deliver(piece)) return;
          if (ended) resolve();
        });
      },
      destroy() {
        if (finished && !ended) return;
        const wasEnded = ended;
        finished = true;
        cleanup();
        held.length = 0;
        if (!wasEnded) socket.destroy();
      },
    };

    socket.on('data', onData);
    socket.on('error', onError);
    socket.on('close', onClose);
    signal.addEventListener('abort', onAbort, { once: true });
    socket.write(wire);
  });
}

function framingOf(head: ResponseHead): Framing {
  // RFC 9112 6.3: no body for 204 and 304; chunked wins over a length; else the length; else until the close.
  if (head.status === 204 || head.status === 304) return { kind: 'none' };
  const te = head.headers['transfer-encoding'];
  if (te !== undefined && /(?:^|,)\s*chunked\s*$/i.test(te)) return { kind: 'chunked', body: new ChunkedBody() };
  if (te !== undefined) return { kind: 'close' };
  if (head.contentLength !== undefined) return head.contentLength === 0 ? { kind: 'none' } : { kind: 'length', left: head.contentLength };
  return { kind: 'close' };
}
