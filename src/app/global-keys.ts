// The frame's keys: the global commands (what each does is global-actions.ts), help taking every key
// but quitting while it is open, and Esc closing the top view. Returns whether help is shown.
import { useState } from 'react';
import { useAvatop, useAvatopStore } from '../ui/store-context';
import { useAppConfig } from '../ui/config';
import { useFlash } from '../ui/flash';
import { useKeyHandler } from '../input';
import { openPrompt, popView } from '../state/ui';
import { globalActionFor } from './global-actions';
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
      return true;
    }
    const action = globalActionFor(ev.commands);
    if (!action) return false;
    action({
      ui,
      paused: store.getState().ui.paused,
      setHelp,
      opensText: () => ev.opensText(),
      flash: (m) => flash.show(m),
      quit: () => actions.quit(),
      refresh: () => actions.refresh(),
      repaint: () => actions.repaint?.(),
      copy: () => {
        // Tables, views and the console copy their own lines; on the overview the node's ID is what one copies.
        const id = nodeId.data?.nodeID;
        flash.show(pane === 'overview' && nav.length === 0 && id ? osc52Copy(config, id) : 'nothing to copy here: y copies in tables, drill-down views and the console');
      },
    });
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
