import { describe, expect, it } from 'vitest';
import { writeFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { parseDuration, resolveSettings } from '../../src/config/settings';
import { parseFlags, UsageError } from '../../src/config/flags';
import { tempDir } from '../helpers/temp-dir';

function home(config?: unknown): NodeJS.ProcessEnv {
  const dir = tempDir('cfg');
  if (config !== undefined) {
    mkdirSync(join(dir, 'avatop'));
    writeFileSync(join(dir, 'avatop', 'config.json'), typeof config === 'string' ? config : JSON.stringify(config));
  }
  return { XDG_CONFIG_HOME: dir };
}

describe('flags', () => {
  it('parses values, inline values, repeats, negation and positionals', () => {
    const { values, positionals } = parseFlags(
      ['--url=http://a:1', '-H', 'X: 1', '--header', 'Y: 2', '--no-color', 'get', 'peers', '--', '--raw'],
      [
        { name: 'url', kind: 'string', description: '' },
        { name: 'header', short: 'H', kind: 'list', description: '' },
        { name: 'color', kind: 'boolean', description: '' },
      ],
    );
    expect(values).toEqual({ url: 'http://a:1', header: ['X: 1', 'Y: 2'], color: false });
    expect(positionals).toEqual(['get', 'peers', '--raw']);
  });

  it('names the unknown or incomplete flag', () => {
    expect(() => parseFlags(['--bogus'], [])).toThrow(/unknown flag --bogus/);
    expect(() => parseFlags(['--url'], [{ name: 'url', kind: 'string', description: '' }])).toThrow(/--url needs a value/);
  });

  // parseArgs splits the words; these are the rules the table adds on top, each as the parser answered before it.
  it('keeps its own rules over parseArgs\'s tokens', () => {
    const specs = [
      { name: 'url', short: 'u', kind: 'string', value: 'URL', description: '' },
      { name: 'interval', short: 'i', kind: 'string', description: '' },
      { name: 'demo', short: 'd', kind: 'boolean', description: '' },
    ] as const;
    const parse = (argv: string[]) => {
      try {
        return parseFlags(argv, specs);
      } catch (e) {
        return (e as Error).message;
      }
    };
    expect(parse(['--url', '--demo'])).toBe('--url needs a value (URL)');
    expect(parse(['-i', '-5', '-u', '-'])).toEqual({ values: { interval: '-5', url: '-' }, positionals: [] });
    expect(parse(['-uhttp://a', '--interval=', '-d'])).toEqual({ values: { url: 'http://a', interval: '', demo: true }, positionals: [] });
    expect(parse(['-dfalse', '--demo=true'])).toEqual({ values: { demo: true }, positionals: [] });
    expect(parse(['-dx'])).toBe('-d takes no value (got "x")');
    expect(parse(['--demo=yes'])).toBe('--demo takes no value (got "yes")');
    expect(parse(['--no-url'])).toBe('unknown flag --no-url (see --help)');
    expect(parse(['-xd'])).toBe('unknown flag -x (see --help)');
    expect(parse(['--=x'])).toBe('unknown flag -- (see --help)');
    expect(parse(['a', '-', '--', '-d', '--x'])).toEqual({ values: {}, positionals: ['a', '-', '-d', '--x'] });
  });
});

describe('settings', () => {
  it('has defaults', () => {
    const { settings } = resolveSettings([], home());
    expect(settings.url).toBe('http://127.0.0.1:9650');
    expect(settings.intervalMs).toBe(2000);
    expect(settings.timeoutMs).toBe(10_000);
    expect(settings.noColor).toBe(false);
  });

  it('takes config file, then environment, then flags', () => {
    const env = { ...home({ url: 'http://file:1', interval: '5s', theme: 'light', headers: { 'X-Key': 'f' } }) };
    expect(resolveSettings([], env).settings).toMatchObject({ url: 'http://file:1', intervalMs: 5000, theme: 'light' });
    env.AVATOP_URL = 'http://env:2';
    expect(resolveSettings([], env).settings.url).toBe('http://env:2');
    const { settings } = resolveSettings(['--url', 'http://flag:3', '--interval', '750ms', '-H', 'X-Key: flag'], env);
    expect(settings).toMatchObject({ url: 'http://flag:3', intervalMs: 750, headers: { 'X-Key': 'flag' } });
  });

  it('honours NO_COLOR and --no-color', () => {
    expect(resolveSettings([], { ...home(), NO_COLOR: '1' }).settings.noColor).toBe(true);
    expect(resolveSettings(['--no-color'], home()).settings.noColor).toBe(true);
  });

  it('rejects bad values in one line that names them', () => {
    const bad: Array<[string[], NodeJS.ProcessEnv, RegExp]> = [
      [['--url', 'ftp://x'], home(), /--url: only http/],
      [['--interval', 'soon'], home(), /--interval: expected a duration/],
      // The value is there and negative: say that, not "needs a value".
      [['--interval', '-3'], home(), /--interval: must be positive, got "-3"/],
      [['--timeout', '-1s'], home(), /--timeout: must be positive/],
      [['--interval', '10ms'], home(), /--interval: at least 250ms/],
      [['--pane', 'nope'], home(), /--pane: unknown pane "nope"/],
      [['--header', 'novalue'], home(), /--header: expected 'Name: value'/],
      [[], home('{ not json'), /config .*config.json: not valid JSON/],
      [[], home({ interval: true }), /config .*config.json: interval/],
      [[], home({ colour: 'red' }), /unknown setting "colour"/],
      [['--config', '/nonexistent/avatop.json'], home(), /config \/nonexistent\/avatop.json: cannot read/],
    ];
    for (const [argv, env, re] of bad) {
      let error: unknown;
      try {
        resolveSettings(argv, env);
      } catch (err) {
        error = err;
      }
      expect(error).toBeInstanceOf(UsageError);
      expect((error as Error).message).toMatch(re);
      expect((error as Error).message).not.toContain('\n');
    }
  });

  it('parses durations', () => {
    expect(parseDuration('2s', 'x')).toBe(2000);
    expect(parseDuration('1m', 'x')).toBe(60_000);
    expect(parseDuration('1.5', 'x')).toBe(1500);
    expect(parseDuration(3, 'x')).toBe(3000);
  });
  it('--profile chooses the demo node\'s generation, and only with --demo', () => {
    expect(resolveSettings(['--demo', '--profile', 'v1.15'], home()).settings.demoProfile).toBe('v1.15');
    expect(() => resolveSettings(['--profile', 'v1.15'], home())).toThrow(/add --demo/);
    expect(() => resolveSettings(['--demo', '--profile', 'v2'], home())).toThrow(/--profile must be v1.15, v1.14 or v1.11/);
  });
});

describe('the state folder', () => {
  it('is $XDG_STATE_HOME/avatop, else ~/.local/state/avatop; --state-dir and the config move it; --no-state and "stateDir": false turn it off', () => {
    expect(resolveSettings([], { ...home(), XDG_STATE_HOME: '/var/lib/x' }).settings.stateDir).toBe('/var/lib/x/avatop');
    expect(resolveSettings([], { ...home(), HOME: '/home/op' }).settings.stateDir).toBe('/home/op/.local/state/avatop');
    // A relative XDG_STATE_HOME is ignored, as the XDG spec says.
    expect(resolveSettings([], { ...home(), XDG_STATE_HOME: 'rel', HOME: '/home/op' }).settings.stateDir).toBe('/home/op/.local/state/avatop');
    expect(resolveSettings(['--state-dir', '/srv/avatop'], { ...home(), XDG_STATE_HOME: '/var/lib/x' }).settings.stateDir).toBe('/srv/avatop');
    expect(resolveSettings([], { ...home({ stateDir: '/from/config' }), XDG_STATE_HOME: '/var/lib/x' }).settings.stateDir).toBe('/from/config');
    expect(resolveSettings(['--no-state'], home({ stateDir: '/from/config' })).settings.stateDir).toBeUndefined();
    expect(resolveSettings([], home({ stateDir: false })).settings.stateDir).toBeUndefined();
    // A flag beats the config's false.
    expect(resolveSettings(['--state-dir', '/srv/a'], home({ stateDir: false })).settings.stateDir).toBe('/srv/a');
    expect(() => resolveSettings(['--state-dir', ''], home())).toThrow(UsageError);
    expect(() => resolveSettings([], home({ stateDir: 3 }))).toThrow(/stateDir/);
  });
});
