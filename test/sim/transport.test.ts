// avalanchego's HTTP and JSON-RPC behaviour, checked over real loopback HTTP.
import { describe, expect, it } from 'vitest';
import { raw, rpc } from '../helpers/rpc';
import { startSim } from './helpers';
import { shared } from '../helpers/track';

const ARG_ERROR =
  "couldn't unmarshal an argument. Ensure arguments are valid and properly formatted. See documentation for example calls";

describe('simulated node transport (v1.15)', () => {
  const node = shared(() => startSim());

  it('answers with the envelope keys in the node order and a node-id header', async () => {
    const r = await rpc(node().url, '/ext/info', 'info.getNetworkID');
    expect(r.status).toBe(200);
    expect(r.text).toBe('{"jsonrpc":"2.0","result":{"networkID":"1"},"id":1}\n');
    expect(r.headers['node-id']).toBe(node().nodeId);
    expect(r.headers['content-type']).toBe('application/json; charset=utf-8');
  });

  it('echoes string ids verbatim', async () => {
    const r = await rpc(node().url, '/ext/info', 'info.getNetworkName', {}, 'abc');
    expect(JSON.parse(r.text)).toEqual({ jsonrpc: '2.0', result: { networkName: 'mainnet' }, id: 'abc' });
  });

  it('refuses GET with 405 text, and a missing or wrong content type with 415', async () => {
    const get = await raw(node().url, '/ext/info', { method: 'GET' });
    expect(get.status).toBe(405);
    expect(get.text).toBe('rpc: POST method required, received GET');
    expect(get.headers['node-id']).toBe(node().nodeId);
    const none = await raw(node().url, '/ext/info', { body: '{}', headers: {} });
    expect(none.status).toBe(415);
    expect(none.text).toBe('rpc: unrecognized Content-Type: ');
    const textPlain = await raw(node().url, '/ext/info', { body: '{}', headers: { 'content-type': 'text/plain' } });
    expect(textPlain.text).toBe('rpc: unrecognized Content-Type: text/plain');
    const charset = await raw(node().url, '/ext/info', {
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'info.getNetworkID' }),
      headers: { 'content-type': 'application/json; charset=UTF-8' },
    });
    expect(charset.status).toBe(200);
  });

  it('answers 404 text for unknown paths, with the node-id header', async () => {
    for (const path of ['/ext/bc/Q', '/', '/ext/info/', '/ext/bc/X']) {
      const r = await rpc(node().url, path, 'info.getNodeID');
      expect(r.status).toBe(404);
      expect(r.text).toBe('404 page not found\n');
      expect(r.headers['node-id']).toBe(node().nodeId);
    }
  });

  it('serves the P-chain on all its aliases', async () => {
    for (const path of ['/ext/bc/P', '/ext/P', '/ext/platform', '/ext/bc/platform', '/ext/bc/11111111111111111111111111111111LpoYY']) {
      const r = await rpc(node().url, path, 'platform.getHeight');
      expect(JSON.parse(r.text).result.height).toBe(String(node().network.height));
    }
  });

  it('writes nothing for a notification, and -32700 for a batch or bad JSON', async () => {
    const note = await raw(node().url, '/ext/info', { body: JSON.stringify({ jsonrpc: '2.0', method: 'info.getNodeID' }) });
    expect(note.status).toBe(200);
    expect(note.text).toBe('');
    const batch = await raw(node().url, '/ext/info', { body: JSON.stringify([{ jsonrpc: '2.0', id: 1, method: 'info.getNodeID' }]) });
    expect(batch.status).toBe(200);
    expect(JSON.parse(batch.text)).toEqual({
      jsonrpc: '2.0',
      error: {
        code: -32700,
        message: 'json: cannot unmarshal array into Go value of type json2.serverRequest',
        data: { jsonrpc: '', method: '', params: null, id: null },
      },
      id: null,
    });
    const bad = JSON.parse((await raw(node().url, '/ext/info', { body: '{"jsonrpc":' })).text);
    expect(bad.error.code).toBe(-32700);
    expect(bad.id).toBeNull();
    const empty = JSON.parse((await raw(node().url, '/ext/info', { body: '' })).text);
    expect(empty.error.message).toBe('EOF');
  });

  it('gives -32600 for a wrong jsonrpc version', async () => {
    const r = await raw(node().url, '/ext/info', { body: JSON.stringify({ jsonrpc: '1.0', id: 7, method: 'info.getNodeID' }) });
    expect(JSON.parse(r.text)).toEqual({
      jsonrpc: '2.0',
      error: { code: -32600, message: 'jsonrpc must be 2.0', data: { jsonrpc: '1.0', method: 'info.getNodeID', params: null, id: 7 } },
      id: 7,
    });
  });

  it('words method errors as gorilla and avalanchego do', async () => {
    const cases: [string, string, string][] = [
      ['/ext/bc/P', 'platform.getFoo', 'rpc: can\'t find method "platform.GetFoo"'],
      ['/ext/bc/P', 'info.getNodeID', 'rpc: can\'t find service "info.GetNodeID"'],
      ['/ext/info', 'info.GetNodeID', 'method must start with a non-uppercase letter'],
      ['/ext/info', 'getNodeID', 'rpc: service/method request ill-formed: "getNodeID"'],
      ['/ext/bc/P', 'platform.getPendingValidators', 'rpc: can\'t find method "platform.GetPendingValidators"'],
      ['/ext/bc/P', 'platform.getMaxStakeAmount', 'rpc: can\'t find method "platform.GetMaxStakeAmount"'],
      ['/ext/bc/P', 'platform.exportKey', 'rpc: can\'t find method "platform.ExportKey"'],
      ['/ext/bc/P', 'platform.listAddresses', 'rpc: can\'t find method "platform.ListAddresses"'],
    ];
    for (const [path, method, message] of cases) {
      const r = await rpc(node().url, path, method);
      expect(r.status).toBe(200);
      expect(r.text).toBe(`{"jsonrpc":"2.0","error":{"code":-32000,"message":${JSON.stringify(message)},"data":null},"id":1}\n`);
    }
  });

  it('replaces every bad argument with the one generic message', async () => {
    const cases: [string, unknown][] = [
      ['platform.getTx', { txID: 'notAnID' }],
      ['platform.getTx', { txID: '' }],
      ['platform.getBlock', { blockID: node().network.lastBlock.idStr, encoding: 'base64' }],
      ['platform.getCurrentValidators', { nodeIDs: ['8vvo9YumuzuPeyWhjZLrmPVi1YfEYQUtH'] }],
      ['platform.getUTXOs', { addresses: 'P-avax1xyz' }],
      ['platform.getBlockByHeight', { height: -1 }],
      ['platform.getHeight', 'not an object'],
    ];
    for (const [method, params] of cases) {
      const r = JSON.parse((await rpc(node().url, '/ext/bc/P', method, params)).text);
      expect(r.error, method).toEqual({ code: -32000, message: ARG_ERROR, data: null });
    }
  });

  it('returns the per-method errors of methods.md', async () => {
    const cases: [string, string, unknown, string][] = [
      ['/ext/bc/P', 'platform.getSubnet', {}, "the primary network isn't a subnet"],
      ['/ext/bc/P', 'platform.getUTXOs', {}, 'no addresses provided'],
      ['/ext/bc/P', 'platform.issueTx', { tx: '00ff' }, 'problem decoding transaction: missing 0x prefix to hex encoding'],
      ['/ext/info', 'info.isBootstrapped', {}, "argument 'chain' not given"],
      ['/ext/info', 'info.getBlockchainID', { alias: 'Q' }, 'there is no ID with alias: Q'],
      [
        '/ext/bc/P',
        'platform.getTx',
        { txID: '2wiU5PnFTjTmoAXGZutHAsPF36qGGyLHYHj9G1Aucfmb3JFFGN' },
        "couldn't get tx: not found",
      ],
      [
        '/ext/bc/P',
        'platform.getBlock',
        { blockID: '2wiU5PnFTjTmoAXGZutHAsPF36qGGyLHYHj9G1Aucfmb3JFFGN' },
        "couldn't get block with id 2wiU5PnFTjTmoAXGZutHAsPF36qGGyLHYHj9G1Aucfmb3JFFGN: not found",
      ],
      ['/ext/bc/P', 'platform.getBalance', { addresses: ['P-fuji1qqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqq2nffjl'] }, 'couldn\'t parse address "P-fuji1qqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqq2nffjl": expected hrp "avax" but got "fuji"'],
    ];
    for (const [path, method, params, message] of cases) {
      const r = JSON.parse((await rpc(node().url, path, method, params)).text);
      expect(r.error, method).toEqual({ code: -32000, message, data: null });
    }
  });

  it('serves GET /ext/health with 200 when healthy and 503 while bootstrapping', async () => {
    const ok = await raw(node().url, '/ext/health', { method: 'GET', headers: {} });
    expect(ok.status).toBe(200);
    expect(JSON.parse(ok.text).healthy).toBe(true);
    for (const sub of ['health', 'readiness', 'liveness']) {
      expect((await raw(node().url, `/ext/health/${sub}`, { method: 'GET', headers: {} })).status).toBe(200);
    }
    node().faults.setBootstrapping(true);
    try {
      const bad = await raw(node().url, '/ext/health', { method: 'GET', headers: {} });
      expect(bad.status).toBe(503);
      expect(JSON.parse(bad.text).healthy).toBe(false);
      const viaRpc = await rpc(node().url, '/ext/health', 'health.health');
      expect(viaRpc.status).toBe(200);
      expect(JSON.parse(viaRpc.text).result.healthy).toBe(false);
    } finally {
      node().faults.setBootstrapping(false);
    }
  });
});

describe('simulated node transport (v1.11)', () => {
  const node = shared(() => startSim({ profile: 'v1.11' }));

  it('has the spec-era methods and lacks the later ones', async () => {
    const pending = JSON.parse((await rpc(node().url, '/ext/bc/P', 'platform.getPendingValidators')).text);
    expect(pending.result.validators.length).toBeGreaterThan(0);
    for (const [path, method] of [
      ['/ext/info', 'info.upgrades'],
      ['/ext/bc/P', 'platform.getFeeState'],
      ['/ext/bc/P', 'platform.getFeeConfig'],
      ['/ext/bc/P', 'platform.getL1Validator'],
      ['/ext/bc/P', 'platform.getAllValidatorsAt'],
      ['/ext/bc/P', 'platform.getProposedHeight'],
      ['/ext/bc/P', 'platform.getValidatorFeeState'],
    ] as const) {
      const r = JSON.parse((await rpc(node().url, path, method)).text);
      const go = method.replace(/\.(.)/, (_m, c: string) => '.' + c.toUpperCase());
      expect(r.error.message).toBe(`rpc: can't find method "${go}"`);
    }
  });

  it('checks keystore users and passwords', async () => {
    const w = node().network.wallets[0]!.str;
    const ok = JSON.parse((await rpc(node().url, '/ext/bc/P', 'platform.exportKey', { username: 'avatop', password: 'avatop-sim-password', address: w })).text);
    expect(ok.result.privateKey).toMatch(/^PrivateKey-/);
    const wrong = JSON.parse((await rpc(node().url, '/ext/bc/P', 'platform.listAddresses', { username: 'avatop', password: 'nope' })).text);
    expect(wrong.error.message).toBe('incorrect password: user "avatop"');
    const list = JSON.parse((await rpc(node().url, '/ext/bc/P', 'platform.listAddresses', { username: 'avatop', password: 'avatop-sim-password' })).text);
    expect(list.result.addresses).toContain(w);
  });
});
