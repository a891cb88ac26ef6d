// For `npm run bench -- --only=fleet`: 20 simulated nodes (alternating v1.14 and v1.11, each its own seed) in this
// one process, each behind a loopback TCP relay that counts the bytes both ways (HTTP headers included). Prints one
// JSON line with their URLs; each line "report" on stdin answers with the bytes per node; stdin's end stops it.
import { createServer, connect, type Server } from 'node:net';
import { createInterface } from 'node:readline';
import { createSimNode, type SimNode } from '../src/sim/index';

const COUNT = Number(process.argv[2] ?? 20);

async function relay(target: SimNode): Promise<{ url: string; bytes: () => number; server: Server }> {
  let bytes = 0;
  const server = createServer((client) => {
    const upstream = connect(target.port, '127.0.0.1');
    client.on('data', (d) => (bytes += d.length));
    upstream.on('data', (d) => (bytes += d.length));
    client.pipe(upstream).pipe(client);
    const end = () => {
      client.destroy();
      upstream.destroy();
    };
    client.on('error', end);
    upstream.on('error', end);
    client.on('close', end);
    upstream.on('close', end);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as { port: number };
  return { url: `http://127.0.0.1:${port}`, bytes: () => bytes, server };
}

const sims = await Promise.all(
  Array.from({ length: COUNT }, (_, i) =>
    createSimNode({ profile: i % 2 === 0 ? 'v1.14' : 'v1.11', seed: 100 + i, validators: 200, peers: 50, utxos: 50, subnets: 2 }),
  ),
);
const relays = await Promise.all(sims.map(relay));
process.stdout.write(`${JSON.stringify({ urls: relays.map((r) => r.url) })}\n`);
const lines = createInterface({ input: process.stdin });
lines.on('line', (l) => {
  if (l.trim() === 'report') process.stdout.write(`${JSON.stringify({ bytes: relays.map((r) => r.bytes()) })}\n`);
});
lines.on('close', async () => {
  for (const r of relays) r.server.close();
  await Promise.all(sims.map((s) => s.close()));
  process.exit(0);
});
