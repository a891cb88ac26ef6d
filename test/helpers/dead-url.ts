// A URL with nothing behind it: a port on 127.0.0.1 that was just listened on and closed, so connecting to it is
// refused (never a host beyond loopback, never a port another test holds).
import { createServer } from 'node:net';

export async function deadUrl(): Promise<string> {
  const srv = createServer();
  await new Promise<void>((r) => srv.listen(0, '127.0.0.1', r));
  const { port } = srv.address() as { port: number };
  await new Promise<void>((r) => srv.close(() => r()));
  return `http://127.0.0.1:${port}`;
}
