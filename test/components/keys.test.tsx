import { describe, expect, it } from 'vitest';
import { readFileSync, existsSync } from 'node:fs';
import { render } from 'ink-testing-library';
import { useState } from 'react';
import { Text } from 'ink';
import { COMMANDS, keyTableMarkdown } from '../../src/keys';
import { commandsFor, dispatchKey, makeKeyEvent, plainKey, splitKeys, type Registration } from '../../src/input/router';
import { KeyRouter, useKeyHandler } from '../../src/input/KeyRouter';
import { TextInput } from '../../src/components/TextInput';
import { untilListening, waitForFrame } from './helpers';

describe('command table', () => {
  it('has unique names and no key bound twice in one scope', () => {
    const names = new Set(COMMANDS.map((c) => c.name));
    expect(names.size).toBe(COMMANDS.length);
    const seen = new Map<string, string>();
    for (const c of COMMANDS) {
      for (const k of c.keys) {
        const id = `${c.scope}:${k}`;
        expect(seen.get(id), `${k} in ${c.scope} bound to ${seen.get(id)} and ${c.name}`).toBeUndefined();
        seen.set(id, c.name);
      }
    }
  });
  it('maps keys to commands', () => {
    expect(commandsFor('q', plainKey())).toEqual(['quit']);
    expect(commandsFor('c', plainKey({ ctrl: true }))).toEqual(['interrupt']);
    expect(commandsFor('', plainKey({ tab: true }))).toEqual(['pane.next']);
    expect(commandsFor('', plainKey({ tab: true, shift: true }))).toEqual(['pane.prev']);
    expect(commandsFor('G', plainKey({ shift: true }))).toEqual(['cursor.bottom']);
    expect(commandsFor('', plainKey({ downArrow: true }))).toEqual(['cursor.down']);
    expect(commandsFor('3', plainKey())).toEqual(['pane.validators']);
    expect(commandsFor('+', plainKey())).toEqual(['utxo.bigger']);
    expect(commandsFor('', plainKey({ escape: true, meta: true }))).toEqual(['back', 'prompt.cancel']);
  });
  it('renders the Markdown key table, and the README embeds it when present', () => {
    const md = keyTableMarkdown();
    expect(md).toMatch(/^\| Keys \| Command \| What it does \| Where \|/);
    for (const c of COMMANDS) expect(md).toContain(`\`${c.name}\``);
    expect(md).toContain('`Ctrl-c`');
    const readme = new URL('../../README.md', import.meta.url);
    if (existsSync(readme) && readFileSync(readme, 'utf8').includes('<!-- keys:start -->')) {
      const text = readFileSync(readme, 'utf8');
      const embedded = text.slice(text.indexOf('<!-- keys:start -->') + '<!-- keys:start -->'.length, text.indexOf('<!-- keys:end -->'));
      expect(embedded.trim()).toBe(md.trim());
    }
  });
});

describe('router', () => {
  it('offers keys to the topmost layer first and stops when one takes it', () => {
    const log: string[] = [];
    const reg = (layer: Registration['layer'], order: number, take: boolean): Registration => ({
      layer,
      order,
      handler: { current: () => (log.push(layer), take) },
    });
    const took = dispatchKey([reg('global', 0, true), reg('pane', 1, false), reg('prompt', 2, false), reg('overlay', 3, true)], makeKeyEvent('q', plainKey()));
    expect(took).toBe('overlay');
    expect(log).toEqual(['prompt', 'overlay']);
  });

  it('routes real keystrokes through the one useInput: typing goes to the prompt, not to the globals', async () => {
    function Demo() {
      const [text, setText] = useState('');
      const [typing, setTyping] = useState(false);
      const [log, setLog] = useState<string[]>([]);
      useKeyHandler('global', (ev) => {
        if (ev.is('filter')) setTyping(true);
        else if (ev.is('quit')) setLog((l) => [...l, 'quit']);
        else return false;
        return true;
      });
      return (
        <>
          {typing ? (
            <TextInput label="/" value={text} width={40} onChange={setText} onSubmit={() => setTyping(false)} onCancel={() => setTyping(false)} />
          ) : null}
          <Text>{`text=${text} typing=${typing} log=${log.join(',')}`}</Text>
        </>
      );
    }
    const { stdin, lastFrame } = render(
      <KeyRouter>
        <Demo />
      </KeyRouter>,
    );
    await waitForFrame(lastFrame, /typing=false/);
    await untilListening(stdin);
    stdin.write('/');
    await waitForFrame(lastFrame, /typing=true/);
    stdin.write('q');
    await waitForFrame(lastFrame, /text=q typing=true log=$/m);
    stdin.write('\r');
    await waitForFrame(lastFrame, /typing=false/);
    stdin.write('q');
    await waitForFrame(lastFrame, /log=quit/);
  });

  it('splits keys typed together into one chunk, except into a prompt', () => {
    expect(splitKeys('12', plainKey(), false).map((k) => k.input)).toEqual(['1', '2']);
    const enter = splitKeys('j\r', plainKey(), false);
    expect(enter.map((k) => [k.input, k.key.return])).toEqual([['j', false], ['', true]]);
    expect(splitKeys('Gg', plainKey(), false).map((k) => k.key.shift)).toEqual([true, false]);
    expect(splitKeys('12', plainKey(), true)).toEqual([{ input: '12', key: plainKey() }]);
    expect(splitKeys('ab', plainKey({ meta: true }), false)).toHaveLength(1);
    expect(splitKeys('a\x01', plainKey(), false)).toHaveLength(1);
  });

  it('acts on every key of a chunk, as a terminal delivers keys typed during a frame', async () => {
    function Demo() {
      const [log, setLog] = useState<string[]>([]);
      useKeyHandler('global', (ev) => {
        const name = ev.commands[0];
        if (!name) return false;
        setLog((l) => [...l, name]);
        return true;
      });
      return <Text>{`log=${log.join(',')}`}</Text>;
    }
    const { stdin, lastFrame } = render(
      <KeyRouter>
        <Demo />
      </KeyRouter>,
    );
    await waitForFrame(lastFrame, /log=$/m);
    await untilListening(stdin);
    stdin.write('23');
    await waitForFrame(lastFrame, /log=pane.peers,pane.validators$/m);
  });
});

