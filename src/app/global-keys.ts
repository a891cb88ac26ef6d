// The frame's keys: the global commands (quit, help, refresh, copy, pause, go to, panes), help taking every key
// but quitting while it is open, and Esc closing the top view. Returns whether help is shown.
import { useState } from 'react';
import { useAvatop, useAvatopStore } from '../ui/store-context';
import { useAppConfig } from '../ui/config';
import { useFlash } from '../ui/flash';
import { useKeyHandler } from '../input';
import { PANE_LIST } from '../keys/commands';
import { openHealthView, openPrompt, popView, setPane, togglePaused } from '../state/ui';
import type { AvatopState } from '../state/store';
import { osc52Copy } from '../terminal/copy';

export function useGlobalKeys(): { help: boolean } {
  const store = useAvatopStore();
  const config = useAppConfig();
  const { actions } = config;
  const flash = useFlash();
  const pane = useAvatop((s) => s.ui.pane);
  const nav = useAvatop((s) => s.ui.nav);
  const nodeId = useAvatop((s) => s.node.id);
  const [help, setHelp] = useState(false);
  const update = (f: (s: AvatopState) => AvatopState) => store.setState(f(store.getState()), true);
  const ui = (f: (u: AvatopState['ui']) => AvatopState['ui']) => update((s) => ({ ...s, ui: f(s.ui) }));

  useKeyHandler('global', (ev) => {
    if (ev.paste) {
      // Text pasted outside a prompt is most likely an ID to look at: it goes to the `:` prompt, never to commands.
      if (!ev.input) return true;
      setHelp(false);
      ui((u) => openPrompt(u, 'goto'));
      ev.opensText();
    } else if (ev.is('quit') || ev.is('interrupt')) actions.quit();
    else if (ev.is('help')) setHelp((h) => !h);
    else if (ev.is('refresh')) {
      // The scheduler holds every request while paused: say so rather than ignore the key.
      if (store.getState().ui.paused) flash.show('paused: nothing refreshes until p resumes polling');
      else actions.refresh();
    } else if (ev.is('copy')) {
      // Tables, views and the console copy their own lines; on the overview the node's ID is what one copies.
      const id = nodeId.data?.nodeID;
      flash.show(pane === 'overview' && nav.length === 0 && id ? osc52Copy(config, id) : 'nothing to copy here: y copies in tables, drill-down views and the console');
    }
    else if (ev.is('pause')) ui(togglePaused);
    else if (ev.is('goto')) {
      ui((u) => openPrompt(u, 'goto'));
      ev.opensText();
    } else if (ev.is('health')) ui(openHealthView);
    else if (ev.is('pane.console')) {
      setHelp(false);
      ui((u) => setPane(u, 'console'));
    }
    else if (ev.is('pane.next') || ev.is('pane.prev')) {
      const i = PANE_LIST.findIndex((p) => p.id === pane);
      const step = ev.is('pane.next') ? 1 : -1;
      ui((u) => setPane(u, PANE_LIST[(i + step + PANE_LIST.length) % PANE_LIST.length]!.id));
    } else {
      const target = PANE_LIST.find((p) => ev.is(`pane.${p.id}`));
      if (!target) return false;
      setHelp(false);
      ui((u) => setPane(u, target.id));
    }
    return true;
  });
  // Help takes every key but quitting, so nothing changes underneath it. Scrolling keys go on to the help text,
  // registered on the same layer before this handler (a child's effects run first), so it would never see them.
  useKeyHandler(
    'overlay',
    (ev) => {
      if (ev.is('quit') || ev.is('interrupt') || ev.commands.some((c) => c.startsWith('pane.'))) return false;
      if (ev.commands.some((c) => c.startsWith('cursor.') || c.startsWith('page.'))) return false;
      if (ev.is('back') || ev.is('help')) setHelp(false);
      return true;
    },
    help,
  );
  useKeyHandler(
    'view',
    (ev) => {
      if (!ev.is('back')) return false;
      ui(popView);
      return true;
    },
    nav.length > 0 && !help,
  );
  return { help };
}
