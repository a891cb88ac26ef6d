import { beforeEach, describe, expect, it } from 'vitest';
import { createClient, type AvatopClient } from '../../src/rpc/client';
import { ParamsError } from '../../src/rpc/errors';
import { methods } from '../../src/rpc/methods';
import { replyResult, startTestServer, type TestServer } from '../helpers/test-server';
import { track } from '../helpers/track';

const ADDR = 'P-avax18jma8ppw3nhx5r4ap8clazz0dps7rv5ukulre5';
const TX = 'TAG9Ns1sa723mZy1GSoGqWipK6Mvpaj7CAswVJGM6MkVJDF9Q';
const BAD_CHECKSUM = '2nmH8LithVbdjaXsxVQCQfXtzN9hBbmebrsaEYnLM9T32Uy2Y5';

function issuePath(name: keyof typeof methods, params: unknown): PropertyKey[] | null {
  const r = methods[name].params.safeParse(params);
  return r.success ? null : r.error.issues[0]!.path;
}

describe('param rules', () => {
  it('getSubnet needs subnetID', () => {
    expect(issuePath('platform.getSubnet', {})).toEqual(['subnetID']);
    expect(issuePath('platform.getSubnet', { subnetID: TX })).toBeNull();
  });

  it('blob methods never take json; block and tx methods do', () => {
    expect(issuePath('platform.getUTXOs', { addresses: [ADDR], encoding: 'json' })).toEqual(['encoding']);
    expect(issuePath('platform.getRewardUTXOs', { txID: TX, encoding: 'json' })).toEqual(['encoding']);
    expect(issuePath('platform.getStake', { addresses: [ADDR], encoding: 'json' })).toEqual(['encoding']);
    expect(issuePath('platform.issueTx', { tx: '0x00', encoding: 'json' })).toEqual(['encoding']);
    for (const enc of ['hex', 'hexc', 'hexnc']) expect(issuePath('platform.getUTXOs', { addresses: [ADDR], encoding: enc })).toBeNull();
    for (const enc of ['hex', 'hexc', 'hexnc', 'json']) {
      expect(issuePath('platform.getBlock', { blockID: TX, encoding: enc })).toBeNull();
      expect(issuePath('platform.getBlockByHeight', { height: 1, encoding: enc })).toBeNull();
      expect(issuePath('platform.getTx', { txID: TX, encoding: enc })).toBeNull();
    }
    expect(issuePath('platform.getTx', { txID: TX, encoding: 'base64' })).toEqual(['encoding']);
  });

  it('getUTXOs clamps limit to 1024 and takes at most 1024 addresses', () => {
    const p = methods['platform.getUTXOs'].params;
    expect(p.parse({ addresses: [ADDR], limit: 5000 }).limit).toBe(1024);
    expect(p.parse({ addresses: [ADDR], limit: 0 }).limit).toBe(1024);
    expect(p.parse({ addresses: [ADDR], limit: '5' }).limit).toBe(5);
    expect(p.parse({ addresses: [ADDR] }).limit).toBeUndefined();
    expect(issuePath('platform.getUTXOs', { addresses: Array(1024).fill(ADDR) })).toBeNull();
    expect(issuePath('platform.getUTXOs', { addresses: Array(1025).fill(ADDR) })).toEqual(['addresses']);
    expect(issuePath('platform.getUTXOs', { addresses: [] })).toEqual(['addresses']);
    expect(issuePath('platform.getUTXOs', {})).toEqual(['addresses']);
  });

  it('getStake takes at most 256 addresses', () => {
    expect(issuePath('platform.getStake', { addresses: Array(256).fill(ADDR) })).toBeNull();
    expect(issuePath('platform.getStake', { addresses: Array(257).fill(ADDR) })).toEqual(['addresses']);
  });

  it('IDs must be valid cb58 with a checksum', () => {
    expect(issuePath('platform.getTx', { txID: BAD_CHECKSUM })).toEqual(['txID']);
    expect(issuePath('platform.getTx', { txID: 'notAnID' })).toEqual(['txID']);
    expect(issuePath('platform.getTx', { txID: '' })).toEqual(['txID']);
    expect(issuePath('platform.getSubnets', { ids: [TX, 'zzz'] })).toEqual(['ids', 1]);
  });

  it('node IDs carry NodeID-', () => {
    expect(issuePath('info.peers', { nodeIDs: ['NodeID-7Xhw2mDxuDS44j42TCB6U5579esbSt3Lg'] })).toBeNull();
    expect(issuePath('info.peers', { nodeIDs: ['7Xhw2mDxuDS44j42TCB6U5579esbSt3Lg'] })).toEqual(['nodeIDs', 0]);
    expect(issuePath('platform.getCurrentValidators', { nodeIDs: ['NodeID-garbage'] })).toEqual(['nodeIDs', 0]);
  });

  it('addresses are P-chain bech32 or bare short IDs', () => {
    expect(issuePath('platform.getBalance', { addresses: ['P-avax1notbech32'] })).toEqual(['addresses', 0]);
    expect(issuePath('platform.getBalance', { addresses: ['KNjXsaA1sZsaKCD1cd85YXauDuxshTes2'] })).toBeNull();
  });

  it('heights: numbers, decimal strings, bigint, or "proposed" where allowed', () => {
    expect(issuePath('platform.getValidatorsAt', { height: 'proposed' })).toBeNull();
    expect(issuePath('platform.getValidatorsAt', { height: -1 })).toEqual(['height']);
    expect(issuePath('platform.getBlockByHeight', { height: 'proposed' })).toEqual(['height']);
    expect(issuePath('platform.getBlockByHeight', { height: 18446744073709551615n })).toBeNull();
    expect(issuePath('platform.getBlockByHeight', { height: '12' })).toBeNull();
  });

  it('misc: issueTx needs 0x hex, sampleValidators size is a uint16, isBootstrapped needs a chain', () => {
    expect(issuePath('platform.issueTx', { tx: '00ff' })).toEqual(['tx']);
    expect(issuePath('platform.sampleValidators', { size: 70000 })).toEqual(['size']);
    expect(issuePath('info.isBootstrapped', {})).toEqual(['chain']);
    expect(issuePath('platform.getHeight', undefined)).toBeNull();
  });
});

describe('params are checked before any request', () => {
  let server: TestServer;
  let client: AvatopClient;
  beforeEach(async () => {
    server = track(await startTestServer(replyResult({})));
    client = track(createClient({ url: server.url }));
  });

  it('throws ParamsError with the method and path and sends nothing', async () => {
    const err = await client.platform.getUTXOs({ addresses: [ADDR], encoding: 'json' as 'hex' }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ParamsError);
    expect((err as ParamsError).method).toBe('platform.getUTXOs');
    expect((err as ParamsError).path).toEqual(['encoding']);
    expect((err as ParamsError).short).toMatch(/encoding/);
    await expect(client.call('platform.getSubnet', {} as { subnetID: string })).rejects.toBeInstanceOf(ParamsError);
    expect(server.requests).toHaveLength(0);
  });

  it('sends the checked (clamped) params on the wire', async () => {
    await client.platform.getUTXOs({ addresses: [ADDR], limit: 99999 }).catch(() => undefined);
    expect(server.requests[0]!.json?.params).toEqual({ addresses: [ADDR], limit: 1024 });
  });
});
