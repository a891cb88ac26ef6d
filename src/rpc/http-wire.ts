// The bytes of an HTTP/1.1 reply (RFC 9112): its head and a chunked body, read without the socket (http-pool.ts
// owns that). Anything that is not HTTP is refused with the error codes node:http's parser used, so a request that
// meets it is worded the same way (request-failure.ts).

/** A head larger than this is not a node's (node:http refused above 16 KiB). */
export const MAX_HEAD_BYTES = 64 * 1024;
/** A chunk-size line or a trailer line longer than this is not HTTP. */
const MAX_LINE = 4096;

export interface ResponseHead {
  status: number;
  /** Lower-case names; a repeated header's values joined with ", ". */
  headers: Record<string, string>;
  /** The connection may carry another request after this reply. */
  keepAlive: boolean;
  contentLength?: number;
}

function parseError(message: string, code: string): Error {
  return Object.assign(new Error(`malformed HTTP reply: ${message}`), { code });
}

const STATUS_LINE = /^HTTP\/1\.([01]) (\d{3})(?: [^\r\n]*)?$/;
const HEADER_LINE = /^([!#$%&'*+.^_`|~0-9A-Za-z-]+):[ \t]*(.*?)[ \t]*$/;

/** The head at the start of `bytes` and its length with the blank line, or undefined while it is not all there. */
export function parseHead(bytes: Buffer): { head: ResponseHead; length: number } | undefined {
  const end = bytes.indexOf('\r\n\r\n');
  if (end < 0) {
    if (bytes.length > MAX_HEAD_BYTES) throw parseError(`a head longer than ${MAX_HEAD_BYTES} bytes`, 'HPE_HEADER_OVERFLOW');
    return undefined;
  }
  if (end > MAX_HEAD_BYTES) throw parseError(`a head longer than ${MAX_HEAD_BYTES} bytes`, 'HPE_HEADER_OVERFLOW');
  const lines = bytes.toString('latin1', 0, end).split('\r\n');
  const status = STATUS_LINE.exec(lines[0]!);
  if (!status) throw parseError('not an HTTP/1.x status line', 'HPE_INVALID_CONSTANT');
  const headers: Record<string, string> = {};
  for (let i = 1; i < lines.length; i++) {
    const m = HEADER_LINE.exec(lines[i]!);
    if (!m) throw parseError('a header line that is not "name: value"', 'HPE_INVALID_HEADER_TOKEN');
    const name = m[1]!.toLowerCase();
    const prev = headers[name];
    headers[name] = prev === undefined ? m[2]! : `${prev}, ${m[2]!}`;
  }
  const connection = headers.connection ?? '';
  const keepAlive = status[1] === '1' ? !/(?:^|,)\s*close\s*(?:,|$)/i.test(connection) : /(?:^|,)\s*keep-alive\s*(?:,|$)/i.test(connection);
  const head: ResponseHead = { status: Number(status[2]), headers, keepAlive };
  const length = headers['content-length'];
  if (length !== undefined) {
    // A repeated content-length is only HTTP when every copy says the same.
    const values = new Set(length.split(',').map((v) => v.trim()));
    const only = values.size === 1 ? [...values][0]! : '';
    if (!/^\d{1,15}$/.test(only)) throw parseError(`content-length "${length.slice(0, 40)}"`, 'HPE_INVALID_CONTENT_LENGTH');
    head.contentLength = Number(only);
  }
  return { head, length: end + 4 };
}

const CR = 13;
const LF = 10;

/**
 * A chunked body read as its bytes come: `feed` hands each piece of data on through `deliver` (a slice of the bytes
 * given, no copy) and says whether the body goes on ('more'), ended with this feed ('done'), ended with bytes after
 * it ('extra': the connection is not reused), or `deliver` asked to stop ('stopped').
 */
export class ChunkedBody {
  private state: 'size' | 'data' | 'data-end' | 'trailer' | 'done' = 'size';
  private line = '';
  private left = 0;

  feed(bytes: Buffer, deliver: (piece: Buffer) => boolean): 'more' | 'done' | 'extra' | 'stopped' {
    let i = 0;
    const n = bytes.length;
    while (i < n) {
      switch (this.state) {
        case 'data': {
          const take = Math.min(this.left, n - i);
          this.left -= take;
          const piece = take === n && i === 0 ? bytes : bytes.subarray(i, i + take);
          i += take;
          if (this.left === 0) {
            this.state = 'data-end';
            this.line = '';
          }
          if (!deliver(piece)) return 'stopped';
          break;
        }
        case 'size':
        case 'data-end':
        case 'trailer': {
          const lf = bytes.indexOf(LF, i);
          const stop = lf < 0 ? n : lf;
          this.line += bytes.toString('latin1', i, stop);
          if (this.line.length > MAX_LINE + 1) throw parseError('a chunk line too long', 'HPE_CHUNK_EXTENSIONS_OVERFLOW');
          i = lf < 0 ? n : lf + 1;
          if (lf < 0) break;
          const line = this.line.charCodeAt(this.line.length - 1) === CR ? this.line.slice(0, -1) : undefined;
          this.line = '';
          if (line === undefined) throw parseError('a bare LF in a chunked body', 'HPE_STRICT');
          if (this.lineDone(line)) return i < n ? 'extra' : 'done';
          break;
        }
        case 'done':
          return 'extra';
      }
    }
    return 'more';
  }

  /** True when the line ended the body. */
  private lineDone(line: string): boolean {
    if (this.state === 'data-end') {
      if (line !== '') throw parseError('a chunk longer than its size', 'HPE_STRICT');
      this.state = 'size';
      return false;
    }
    if (this.state === 'trailer') {
      if (line !== '') return false;
      this.state = 'done';
      return true;
    }
    // chunk-size [; ext] — the extensions mean nothing to avatop.
    const m = /^([0-9A-Fa-f]{1,12})[ \t]*(?:;.*)?$/.exec(line);
    if (!m) throw parseError('a chunk size that is not hex', 'HPE_INVALID_CHUNK_SIZE');
    this.left = Number.parseInt(m[1]!, 16);
    this.state = this.left === 0 ? 'trailer' : 'data';
    return false;
  }
}
