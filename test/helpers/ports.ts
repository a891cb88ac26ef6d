// Loopback ports for tests: ports the OS says are free, and a URL with nothing behind it (a port that was just
// listened on and closed, so connecting to it is refused: never a host beyond loopback, never a port another test
// holds).
import { createServer, type AddressInfo, type Server } from 'node:net';

/** `count` distinct free TCP ports on 127.0.0.1 (all held at once while asking, so none repeats). */
export async function freePorts(count: number): Promise<number[]> {
  const servers = await Promise.all(
    Array.from(
      { length: count },
      () =>
        new Promise<Server>((resolve, reject) => {
          const s = createServer();
          s.once('error', reject);
          s.listen(0, '127.0.0.1', () => resolve(s));
        }),
    ),
  );
  const ports = servers.map((s) => (s.address() as AddressInfo).port);
  await Promise.all(servers.map((s) => new Promise((resolve) => s.close(resolve))));
  return ports;
}

export async function freePort(): Promise<number> {
  return (await freePorts(1))[0]!;
}

export async function deadUrl(): Promise<string> {
  return `http://127.0.0.1:${await freePort()}`;
}
