// The keep-alive pool against raw TCP servers on 127.0.0.1 that send exactly the bytes a test writes: replies cut
// into pieces, bodies framed three ways, 1xx heads, sockets the server closes while they sit idle, and a full pool.
import { createServer, type Server, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { createHttpPool, requestHead, type HttpReply } from '../../src/rpc/http-pool';
import { startDeadline } from '../../src/rpc/request-failure';
import { track } from '../helpers/track';
import { until } from '../helpers/until';

interface RawServer {
  origin: string;
  /** Each request's bytes as the server read them, up to the blank line and its declared body. */
  requests: string[];
  sockets: Socket[];
  close(): Promise<void>;
}

/** A server that answers each complete request with what `answer` returns (written in `pieces`), or not at all. */
async function rawServer(answer: (request: string, socket: Socket, n: number) => string | string[] | undefined): Promise<RawServer> {
  const requests: string[] = [];
  const sockets: Socket[] = [];
  const server: Server = createServer((socket) => {
    sockets.push(socket);
    socket.on('error', () => undefined);
    let pending = '';
    socket.on('data', (d) => {
      pending += d.toString('latin1');
      for (;;) {
        const end = pending.indexOf('\r\n\r\n');
        if (end < 0) return;
        const length = Number(/content-length: (\d+)/i.exec(pending.slice(0, end))?.[1] ?? 0);
        if (pending.length < end + 4 + length) return;
        const request = pending.slice(0, end + 4 + length);
        pending = pending.slice(end + 4 + length);
        requests.push(request);
        const reply = answer(request, socket, requests.length);
        if (reply === undefined) continue;
        const pieces = typeof reply === 'string' ? [reply] : reply;
        // Each piece its own write, a tick apart, so the client meets every boundary.
        let i = 0;
        const next = () => {
          if (i >= pieces.length || socket.destroyed) return;
          socket.write(Buffer.from(pieces[i++]!, 'latin1'));
          setTimeout(next, 2);
        };
        next();
      }
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return {
    origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    requests,
    sockets,
    close: () =>
      new Promise<void>((r) => {
        for (const s of sockets) s.destroy();
        server.close(() => r());
      }),
  };
}

const ok = (body: string, extra = '') => `HTTP/1.1 200 OK\r\ncontent-type: application/json\r\n${extra}content-length: ${Buffer.byteLength(body)}\r\n\r\n${body}`;

async function bodyOf(reply: HttpReply): Promise<string> {
  const pieces: Buffer[] = [];
  await reply.read((c) => {
    pieces.push(Buffer.from(c));
  });
  return Buffer.concat(pieces).toString('utf8');
}

function post(pool: ReturnType<typeof createHttpPool>, body = '{"id":1}', signal = new AbortController().signal) {
  return pool.post({ path: '/ext/info', headers: { 'content-type': 'application/json' }, body, signal });
}

function pool(origin: string, connections = 2) {
  return track(createHttpPool(origin, { connections }), (p) => p.destroy());
}

describe('the request', () => {
  it('is one head with host and length, then the body', async () => {
    const srv = track(await rawServer(() => ok('{}')));
    await bodyOf(await post(pool(srv.origin), '{"é":1}'));
    expect(srv.requests[0]).toBe(`POST /ext/info HTTP/1.1\r\ncontent-type: application/json\r\nhost: ${srv.origin.slice(7)}\r\ncontent-length: 8\r\n\r\n{"é":1}`.replace('é', '\xc3\xa9'));
  });

  it('lets no header split the head or set the length', () => {
    expect(() => requestHead('GET', '/', 'h', { 'x-a': 'v\r\nx-evil: 1' }, undefined)).toThrow(expect.objectContaining({ code: 'ERR_INVALID_CHAR' }));
    expect(() => requestHead('GET', '/', 'h', { 'x a': 'v' }, undefined)).toThrow(expect.objectContaining({ code: 'ERR_INVALID_HTTP_TOKEN' }));
    expect(requestHead('POST', '/', 'h', { 'Content-Length': '1', Host: 'proxy.example' }, 3)).toBe('POST / HTTP/1.1\r\nHost: proxy.example\r\ncontent-length: 3\r\n\r\n');
  });
});

describe('the reply', () => {
  it('reads a body framed by its length, by chunks or by the close, cut into pieces', async () => {
    const body = JSON.stringify({ result: 'x'.repeat(3000), ü: 'ü' });
    const rest = body.slice(1000);
    const chunked = `HTTP/1.1 200 OK\r\ntransfer-encoding: chunked\r\n\r\n${(1000).toString(16)}\r\n${body.slice(0, 1000)}\r\n${Buffer.byteLength(rest).toString(16)}\r\n${rest}\r\n0\r\n\r\n`;
    const wires = [ok(body), chunked, `HTTP/1.0 200 OK\r\n\r\n${body}`].map((w) => Buffer.from(w, 'utf8').toString('latin1'));
    for (const wire of wires) {
      const cuts = [1, 17, wire.indexOf('\r\n\r\n') + 2, wire.indexOf('\r\n\r\n') + 5, 1500, 2500];
      const pieces = cuts.map((c, i) => wire.slice(i === 0 ? 0 : cuts[i - 1], c)).concat(wire.slice(cuts.at(-1)));
      const srv = track(
        await rawServer((_r, socket) => {
          if (wire.startsWith('HTTP/1.0')) setTimeout(() => socket.end(), 50);
          return pieces;
        }),
      );
      const reply = await post(pool(srv.origin));
      expect(reply.statusCode).toBe(200);
      expect(await bodyOf(reply)).toBe(body);
    }
  });

  it('skips a 100 Continue head and reads the real one', async () => {
    const srv = track(await rawServer(() => ['HTTP/1.1 100 Continue\r\n\r\n', ok('{"a":1}')]));
    const reply = await post(pool(srv.origin));
    expect(reply.statusCode).toBe(200);
    expect(await bodyOf(reply)).toBe('{"a":1}');
  });

  it('reuses the connection after a complete reply, and not after one that says close', async () => {
    const srv = track(await rawServer((_r, _s, n) => ok(`{"n":${n}}`, n === 3 ? 'connection: close\r\n' : '')));
    const p = pool(srv.origin);
    for (let i = 1; i <= 4; i++) expect(await bodyOf(await post(p))).toBe(`{"n":${i}}`);
    expect(srv.sockets.length).toBe(2);
  });

  it('sends again on a new connection when the node closed the idle one (and never twice otherwise)', async () => {
    // The node drops the kept-alive socket as the second request reaches it, as one whose idle timeout just ran out.
    const srv = track(await rawServer((_r, socket, n) => (n === 2 ? (socket.destroy(), undefined) : ok(`{"n":${n}}`))));
    const p = pool(srv.origin);
    expect(await bodyOf(await post(p))).toBe('{"n":1}');
    expect(await bodyOf(await post(p))).toBe('{"n":3}');
    expect(srv.sockets.length).toBe(2);

    // A new connection that fails is not tried again.
    const silent = track(await rawServer((_r, socket) => (socket.destroy(), undefined)));
    await expect(post(pool(silent.origin))).rejects.toMatchObject({ code: 'ECONNRESET' });
    expect(silent.requests.length).toBe(1);
  });

  it('fails a reply cut short, and one that is not HTTP, with node:http codes', async () => {
    const cut = track(await rawServer((_r, socket) => (setTimeout(() => socket.destroy(), 30), 'HTTP/1.1 200 OK\r\ncontent-length: 100\r\n\r\n{"a"')));
    const reply = await post(pool(cut.origin));
    await expect(bodyOf(reply)).rejects.toMatchObject({ code: 'ECONNRESET' });
    const tlsAlert = track(await rawServer(() => '\x15\x03\x01\x00\x02\x02\x46\r\n\r\n'));
    await expect(post(pool(tlsAlert.origin))).rejects.toMatchObject({ code: 'HPE_INVALID_CONSTANT' });
  });

  it('stops reading when the reader says so and closes that connection', async () => {
    const srv = track(await rawServer(() => ['HTTP/1.1 200 OK\r\ntransfer-encoding: chunked\r\n\r\n', '3\r\nabc\r\n', '3\r\ndef\r\n', '0\r\n\r\n']));
    const p = pool(srv.origin);
    const reply = await post(p);
    let seen = '';
    await reply.read((c) => {
      seen += c.toString();
      return false;
    });
    expect(seen).toBe('abc');
    await until('the server to see the close', () => (srv.sockets[0]!.destroyed || srv.sockets[0]!.readableEnded ? true : undefined), 5000, 10);
    await bodyOf(await post(p));
    expect(srv.sockets.length).toBe(2);
  });

  it('rejects the read with what the reader threw, even after the body was all in', async () => {
    const srv = track(await rawServer(() => ok('{"a":1}')));
    const p = pool(srv.origin);
    const reply = await post(p);
    await new Promise((r) => setTimeout(r, 20));
    await expect(
      reply.read(() => {
        throw new Error('bad element');
      }),
    ).rejects.toThrow('bad element');
    // The connection was complete: it serves the next request.
    expect(await bodyOf(await post(p))).toBe('{"a":1}');
    expect(srv.sockets.length).toBe(1);
  });
});

describe('the pool', () => {
  it('opens at most its connections and queues the rest', async () => {
    const srv = track(await rawServer((_r, _s, n) => ok(`{"n":${n}}`)));
    const p = pool(srv.origin, 2);
    const replies = await Promise.all(Array.from({ length: 6 }, () => post(p).then(bodyOf)));
    expect(replies.sort()).toEqual([1, 2, 3, 4, 5, 6].map((n) => `{"n":${n}}`).sort());
    expect(srv.sockets.length).toBeLessThanOrEqual(2);
  });

  it('cancels a request waiting for a socket, and one in flight, by its deadline or its caller', async () => {
    const srv = track(await rawServer(() => undefined));
    const p = pool(srv.origin, 1);
    const firstCaller = new AbortController();
    const first = startDeadline(60_000, firstCaller.signal);
    const inFlight = p.post({ path: '/', headers: {}, body: '{}', signal: first.signal });
    const second = startDeadline(40, undefined);
    const queued = p.post({ path: '/', headers: {}, body: '{}', signal: second.signal });
    await expect(queued).rejects.toMatchObject({ name: 'AbortError' });
    expect(second.timedOut()).toBe(true);
    const caller = new AbortController();
    const third = startDeadline(60_000, caller.signal);
    const late = p.post({ path: '/', headers: {}, body: '{}', signal: third.signal });
    caller.abort();
    await expect(late).rejects.toMatchObject({ name: 'AbortError' });
    expect(third.timedOut()).toBe(false);
    firstCaller.abort();
    await expect(inFlight).rejects.toMatchObject({ name: 'AbortError' });
    for (const d of [first, second, third]) d.dispose();
    expect(srv.requests.length).toBe(1);
  });

  it('keeps no idle socket from letting the process end, and closes them all on destroy', async () => {
    const srv = track(await rawServer(() => ok('{}')));
    const p = pool(srv.origin);
    await bodyOf(await post(p));
    p.destroy();
    await until('the server to see the close', () => (srv.sockets[0]!.destroyed || srv.sockets[0]!.readableEnded ? true : undefined), 5000, 10);
    await expect(post(p)).rejects.toMatchObject({ code: 'ECONNRESET' });
  });
});
