// Raw HTTP probes of the wire protocol's edges (wrong verb, content type, path, Host; malformed JSON-RPC; calls
// that fail), sent identically to a real node and to the simulator so their answers can be compared.
import { request } from 'node:http';

export interface Probe {
  name: string;
  method?: string;
  path: string;
  headers?: Record<string, string>;
  body?: string;
  /** Body built from facts of the node under test (the data must match for the answers to). */
  bodyFor?: (t: ProbeTarget) => string;
  /** Skip on versions where the call means something else. */
  onlyFrom?: string;
}

const rpc = (method: string, params: unknown = {}, id: unknown = 1): string => JSON.stringify({ jsonrpc: '2.0', id, method, params });
const JSON_CT = { 'content-type': 'application/json' };
const UNKNOWN_ID = '2JVSBoinj9C2J33VntvzYtVJNZdN2NKiwwKjcumHUWEb5DbBrm';

export const PROBES: readonly Probe[] = [
  { name: 'GET on the info route', method: 'GET', path: '/ext/info' },
  { name: 'POST without a content type', path: '/ext/info', body: rpc('info.getNetworkID') },
  { name: 'POST with text/plain', path: '/ext/info', headers: { 'content-type': 'text/plain' }, body: rpc('info.getNetworkID') },
  { name: 'unknown path', path: '/ext/nope', headers: JSON_CT, body: rpc('info.getNetworkID') },
  { name: 'Host header not allowed', path: '/ext/info', headers: { ...JSON_CT, host: 'example.com' }, body: rpc('info.getNetworkID') },
  { name: 'P-chain alias route /ext/bc/platform', path: '/ext/bc/platform', headers: JSON_CT, body: rpc('platform.getHeight') },
  { name: 'unknown method', path: '/ext/info', headers: JSON_CT, body: rpc('info.nope') },
  { name: 'malformed JSON', path: '/ext/info', headers: JSON_CT, body: '{"jsonrpc":' },
  { name: 'batch request', path: '/ext/info', headers: JSON_CT, body: `[${rpc('info.getNetworkID')}]` },
  { name: 'wrong jsonrpc version', path: '/ext/info', headers: JSON_CT, body: JSON.stringify({ jsonrpc: '1.0', id: 1, method: 'info.getNetworkID' }) },
  { name: 'notification (id null)', path: '/ext/info', headers: JSON_CT, body: rpc('info.getNetworkID', {}, null) },
  { name: 'params not an object', path: '/ext/bc/P', headers: JSON_CT, body: rpc('platform.getBlock', [1]) },
  { name: 'bad ID param', path: '/ext/bc/P', headers: JSON_CT, body: rpc('platform.getBlock', { blockID: 'abc' }) },
  { name: 'unknown block', path: '/ext/bc/P', headers: JSON_CT, body: rpc('platform.getBlock', { blockID: UNKNOWN_ID }) },
  { name: 'unknown block height', path: '/ext/bc/P', headers: JSON_CT, body: rpc('platform.getBlockByHeight', { height: 99999999 }) },
  { name: 'unknown tx', path: '/ext/bc/P', headers: JSON_CT, body: rpc('platform.getTx', { txID: UNKNOWN_ID }) },
  { name: 'unknown tx status', path: '/ext/bc/P', headers: JSON_CT, body: rpc('platform.getTxStatus', { txID: UNKNOWN_ID }) },
  { name: 'unknown alias', path: '/ext/info', headers: JSON_CT, body: rpc('info.getBlockchainID', { alias: 'nope' }) },
  { name: 'isBootstrapped without chain', path: '/ext/info', headers: JSON_CT, body: rpc('info.isBootstrapped', {}) },
  { name: 'isBootstrapped unknown chain', path: '/ext/info', headers: JSON_CT, body: rpc('info.isBootstrapped', { chain: 'Q' }) },
  { name: 'getSubnet of the primary network', path: '/ext/bc/P', headers: JSON_CT, body: rpc('platform.getSubnet', {}) },
  { name: 'getSubnet unknown', path: '/ext/bc/P', headers: JSON_CT, body: rpc('platform.getSubnet', { subnetID: UNKNOWN_ID }) },
  { name: 'getUTXOs without addresses', path: '/ext/bc/P', headers: JSON_CT, body: rpc('platform.getUTXOs', { addresses: [] }) },
  {
    name: 'getBalance with a mainnet address',
    path: '/ext/bc/P',
    headers: JSON_CT,
    body: rpc('platform.getBalance', { addresses: ['P-avax1jkjyvlwclyu42n4yuegpczpfgwrf8r9lyj0d3c'] }),
  },
  { name: 'sampleValidators larger than the set', path: '/ext/bc/P', headers: JSON_CT, body: rpc('platform.sampleValidators', { size: 5000 }) },
  { name: 'getBlockchainStatus without ID', path: '/ext/bc/P', headers: JSON_CT, body: rpc('platform.getBlockchainStatus', {}) },
  {
    name: 'getUTXOs with encoding json',
    path: '/ext/bc/P',
    headers: JSON_CT,
    bodyFor: (t) => rpc('platform.getUTXOs', { addresses: [t.address], encoding: 'json' }),
  },
  { name: 'issueTx without 0x', path: '/ext/bc/P', headers: JSON_CT, body: rpc('platform.issueTx', { tx: '00', encoding: 'hex' }) },
  { name: 'getValidatorsAt height "proposed"', path: '/ext/bc/P', headers: JSON_CT, body: rpc('platform.getValidatorsAt', { height: 'proposed' }) },
  { name: 'getValidatorsAt far future height', path: '/ext/bc/P', headers: JSON_CT, body: rpc('platform.getValidatorsAt', { height: 99999999 }) },
  { name: 'getBlock with an unknown encoding', path: '/ext/bc/P', headers: JSON_CT, bodyFor: (t) => rpc('platform.getBlockByHeight', { height: t.height, encoding: 'base64' }) },
  { name: 'getBlock with hexnc', path: '/ext/bc/P', headers: JSON_CT, bodyFor: (t) => rpc('platform.getBlockByHeight', { height: t.height, encoding: 'hexnc' }) },
  { name: 'getBlock with hexc', path: '/ext/bc/P', headers: JSON_CT, bodyFor: (t) => rpc('platform.getBlockByHeight', { height: t.height, encoding: 'hexc' }) },
  { name: 'height as a string', path: '/ext/bc/P', headers: JSON_CT, bodyFor: (t) => rpc('platform.getBlockByHeight', { height: String(t.height) }) },
  {
    name: 'getUTXOs with 1025 addresses',
    path: '/ext/bc/P',
    headers: JSON_CT,
    bodyFor: (t) => rpc('platform.getUTXOs', { addresses: Array.from({ length: 1025 }, () => t.address) }),
  },
  {
    name: 'getStake with 257 addresses',
    path: '/ext/bc/P',
    headers: JSON_CT,
    bodyFor: (t) => rpc('platform.getStake', { addresses: Array.from({ length: 257 }, () => t.address) }),
  },
  { name: 'peers filtered by an unknown node ID', path: '/ext/info', headers: JSON_CT, body: rpc('info.peers', { nodeIDs: ['NodeID-111111111111111111116DBWJs'] }) },
  { name: 'getCurrentValidators of an unknown subnet', path: '/ext/bc/P', headers: JSON_CT, body: rpc('platform.getCurrentValidators', { subnetID: UNKNOWN_ID }) },
  { name: 'getTotalStake of an unknown subnet', path: '/ext/bc/P', headers: JSON_CT, body: rpc('platform.getTotalStake', { subnetID: UNKNOWN_ID }) },
  { name: 'getMinStake of a permissioned or unknown subnet', path: '/ext/bc/P', headers: JSON_CT, body: rpc('platform.getMinStake', { subnetID: UNKNOWN_ID }) },
  { name: 'validatedBy unknown chain', path: '/ext/bc/P', headers: JSON_CT, body: rpc('platform.validatedBy', { blockchainID: UNKNOWN_ID }) },
  { name: 'removed method getPendingValidators', path: '/ext/bc/P', headers: JSON_CT, body: rpc('platform.getPendingValidators', {}), onlyFrom: 'v1.11.3' },
  { name: 'health GET', method: 'GET', path: '/ext/health' },
];

export interface ProbeTarget {
  /** An address that holds UTXOs. */
  address: string;
  /** The last accepted height (the simulator forgets its oldest blocks, so probes read recent ones). */
  height: number;
}

export interface ProbeResult {
  status: number;
  nodeIdHeader: boolean;
  /** The JSON-RPC error, when the body is one. */
  error?: { code: number; message: string };
  /** Whether a JSON-RPC result came back. */
  result?: boolean;
  /** The body when it is not JSON (trimmed), or '' when empty. */
  text?: string;
}

/** IDs, node IDs, addresses and numbers differ between the two networks; the sentence around them must not. */
export function normalizeMessage(s: string): string {
  return s
    .replace(/NodeID-[1-9A-HJ-NP-Za-km-z]+/g, '<nodeID>')
    .replace(/P-[a-z]+1[02-9ac-hj-np-z]+/g, '<address>')
    .replace(/\b[1-9A-HJ-NP-Za-km-z]{37,52}\b/g, '<id>')
    .replace(/\d+/g, '<n>');
}

export function sendProbe(baseUrl: string, p: Probe, target: ProbeTarget = { address: '', height: 0 }): Promise<ProbeResult> {
  const url = new URL(p.path, baseUrl);
  return new Promise((resolve, reject) => {
    const req = request(
      { host: url.hostname, port: url.port, path: url.pathname, method: p.method ?? 'POST', headers: p.headers ?? {}, timeout: 10_000 },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          const body = Buffer.concat(chunks).toString('utf8');
          const out: ProbeResult = { status: res.statusCode ?? 0, nodeIdHeader: typeof res.headers['node-id'] === 'string' };
          try {
            const j = JSON.parse(body) as { error?: { code: number; message: string }; result?: unknown };
            if (j.error) out.error = { code: j.error.code, message: normalizeMessage(j.error.message) };
            else out.result = 'result' in j;
          } catch {
            out.text = normalizeMessage(body.trim());
          }
          resolve(out);
        });
      },
    );
    req.on('timeout', () => req.destroy(new Error('probe timed out')));
    req.on('error', reject);
    const body = p.bodyFor ? p.bodyFor(target) : p.body;
    if (body !== undefined) req.write(body);
    req.end();
  });
}
