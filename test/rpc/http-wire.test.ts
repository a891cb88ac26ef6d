// The reply's bytes read without a socket: heads and chunked bodies as a node, a proxy or garbage sends them, cut at
// every byte so no boundary is special.
import { describe, expect, it } from 'vitest';
import { ChunkedBody, MAX_HEAD_BYTES, parseHead } from '../../src/rpc/http-wire';

const bytes = (s: string) => Buffer.from(s, 'latin1');

describe('parseHead', () => {
  it('reads the status, lower-cased headers joined when repeated, the length and keep-alive', () => {
    const text = 'HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nNode-ID: NodeID-1\r\nX-A: 1\r\nx-a: 2\r\nContent-Length: 12\r\n\r\n{"result":1}';
    const r = parseHead(bytes(text))!;
    expect(r.length).toBe(text.indexOf('{'));
    expect(r.head).toEqual({ status: 200, headers: { 'content-type': 'application/json', 'node-id': 'NodeID-1', 'x-a': '1, 2', 'content-length': '12' }, keepAlive: true, contentLength: 12 });
  });

  it('waits for the blank line, however the head is cut', () => {
    const text = 'HTTP/1.1 404 Not Found\r\ncontent-length: 0\r\n\r\n';
    for (let cut = 0; cut < text.length; cut++) expect(parseHead(bytes(text.slice(0, cut)))).toBeUndefined();
    expect(parseHead(bytes(text))!.head.status).toBe(404);
  });

  it('keeps a connection alive by the version and the connection header', () => {
    const alive = (version: string, connection?: string) =>
      parseHead(bytes(`HTTP/${version} 200 OK\r\n${connection === undefined ? '' : `Connection: ${connection}\r\n`}\r\n`))!.head.keepAlive;
    expect(alive('1.1')).toBe(true);
    expect(alive('1.1', 'close')).toBe(false);
    expect(alive('1.1', 'Upgrade, Close')).toBe(false);
    expect(alive('1.1', 'closed-caption')).toBe(true);
    expect(alive('1.0')).toBe(false);
    expect(alive('1.0', 'keep-alive')).toBe(true);
  });

  it('refuses what is not an HTTP/1.x head, with node:http parser codes', () => {
    const code = (text: string) => {
      try {
        parseHead(bytes(text));
      } catch (err) {
        return (err as { code?: string }).code;
      }
      return 'parsed';
    };
    expect(code('\x16\x03\x01\x02\x00\r\n\r\n')).toBe('HPE_INVALID_CONSTANT');
    expect(code('HTTP/2 200\r\n\r\n')).toBe('HPE_INVALID_CONSTANT');
    expect(code('HTTP/1.1 2000 OK\r\n\r\n')).toBe('HPE_INVALID_CONSTANT');
    expect(code('HTTP/1.1 200 OK\r\nno colon here\r\n\r\n')).toBe('HPE_INVALID_HEADER_TOKEN');
    expect(code('HTTP/1.1 200 OK\r\nbad name: x\r\n\r\n')).toBe('HPE_INVALID_HEADER_TOKEN');
    expect(code('HTTP/1.1 200 OK\r\ncontent-length: -1\r\n\r\n')).toBe('HPE_INVALID_CONTENT_LENGTH');
    expect(code('HTTP/1.1 200 OK\r\ncontent-length: 5\r\ncontent-length: 6\r\n\r\n')).toBe('HPE_INVALID_CONTENT_LENGTH');
    expect(code('HTTP/1.1 200 OK\r\ncontent-length: 5\r\ncontent-length: 5\r\n\r\n')).toBe('parsed');
    expect(code(`HTTP/1.1 200 OK\r\nx: ${'a'.repeat(MAX_HEAD_BYTES)}`)).toBe('HPE_HEADER_OVERFLOW');
    expect(code(`HTTP/1.1 200 OK\r\nx: ${'a'.repeat(MAX_HEAD_BYTES)}\r\n\r\n`)).toBe('HPE_HEADER_OVERFLOW');
  });
});

/** Feeds `wire` to a ChunkedBody in pieces cut at `cuts`, gathering the data and the last verdict. */
function feedCut(wire: string, cuts: number[]): { data: string; verdicts: string[] } {
  const body = new ChunkedBody();
  const out: Buffer[] = [];
  const verdicts: string[] = [];
  let from = 0;
  for (const to of [...cuts, wire.length]) {
    if (to <= from) continue;
    verdicts.push(body.feed(bytes(wire.slice(from, to)), (p) => (out.push(Buffer.from(p)), true)));
    from = to;
  }
  return { data: Buffer.concat(out).toString('latin1'), verdicts };
}

describe('ChunkedBody', () => {
  const wire = '5\r\nhello\r\n1;name=value\r\n \r\nA\r\n0123456789\r\n0\r\nx-trailer: 1\r\n\r\n';

  it('gives the data and ends after the trailer, cut anywhere', () => {
    for (let a = 0; a <= wire.length; a++) {
      for (let b = a; b <= wire.length; b += 3) {
        const r = feedCut(wire, [a, b]);
        expect(r.data).toBe('hello 0123456789');
        expect(r.verdicts.at(-1)).toBe('done');
        expect(r.verdicts.slice(0, -1).every((v) => v === 'more')).toBe(true);
      }
    }
  });

  it('says so when bytes follow the end (the connection is not reused)', () => {
    expect(feedCut(`${wire}HTTP/1.1 200`, []).verdicts).toEqual(['extra']);
  });

  it('stops when the reader asks to', () => {
    const body = new ChunkedBody();
    let calls = 0;
    expect(body.feed(bytes(wire), () => (calls++, false))).toBe('stopped');
    expect(calls).toBe(1);
  });

  it('refuses a size that is not hex, data longer than its size and bare line feeds', () => {
    const refuse = (text: string) => expect(() => new ChunkedBody().feed(bytes(text), () => true)).toThrow(/malformed HTTP reply/);
    refuse('zz\r\nhello\r\n');
    refuse('2\r\nhello\r\n');
    refuse('5\nhello\n');
    refuse(`${'1'.repeat(5000)}`.replace(/$/, '\n'));
  });

  it('hands data on as slices of what it was given, not copies', () => {
    const given = bytes('5\r\nhello\r\n0\r\n\r\n');
    const pieces: Buffer[] = [];
    new ChunkedBody().feed(given, (p) => (pieces.push(p), true));
    expect(pieces).toHaveLength(1);
    expect(pieces[0]!.buffer).toBe(given.buffer);
  });
});
