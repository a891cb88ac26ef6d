import { describe, expect, it } from 'vitest';
import { mkdirSync, writeFileSync} from 'node:fs';
import { join } from 'node:path';
import { resolveSettings } from '../../src/config/settings';
import { fleetNodes } from '../../src/config/nodes';
import { UsageError } from '../../src/config/flags';
import { tempDir, suiteTempDir } from '../helpers/temp-dir';

const noConfig = { XDG_CONFIG_HOME: suiteTempDir('noconf') };
const nodesOf = (argv: string[], env: NodeJS.ProcessEnv = noConfig) => fleetNodes(resolveSettings(argv, env).settings);

describe('which nodes a command watches', () => {
  it('the default URL alone when nothing names a node', () => {
    expect(nodesOf([])).toEqual([{ name: '127.0.0.1:9650', url: 'http://127.0.0.1:9650', headers: {} }]);
  });

  it('config nodes, then --node, then every --url; names default to host:port; headers merge per node', () => {
    const home = tempDir('conf');
    mkdirSync(join(home, 'avatop'));
    writeFileSync(join(home, 'avatop', 'config.json'), JSON.stringify({ nodes: [{ name: 'v1', url: 'http://10.0.0.5:9650', headers: { 'X-A': '1' } }] }));
    const nodes = nodesOf(['--node', 'backup=http://10.0.0.6:9650', '--url', 'http://10.0.0.7:9650', '--url', 'https://api.example/avax', '-H', 'X-All: 2'], { XDG_CONFIG_HOME: home });
    expect(nodes.map((n) => [n.name, n.url])).toEqual([
      ['v1', 'http://10.0.0.5:9650'],
      ['backup', 'http://10.0.0.6:9650'],
      ['10.0.0.7:9650', 'http://10.0.0.7:9650'],
      ['api.example:443/avax', 'https://api.example/avax'],
    ]);
    expect(nodes[0]!.headers).toEqual({ 'X-All': '2', 'X-A': '1' });
    expect(nodes[1]!.headers).toEqual({ 'X-All': '2' });
  });

  it('AVATOP_URL is a node when no --url is given; a name used twice is a usage error', () => {
    expect(nodesOf(['--node', 'a=http://10.0.0.1:9650'], { ...noConfig, AVATOP_URL: 'http://10.0.0.2:9650' }).map((n) => n.name)).toEqual(['a', '10.0.0.2:9650']);
    expect(() => nodesOf(['--url', 'http://10.0.0.1:9650', '--url', 'http://10.0.0.1:9650'])).toThrow(UsageError);
  });
});
