// The `:` prompt line: type any ID, height, node ID, address or pane name; Enter goes there.
import { useAvatop, useAvatopStore } from '../ui/store-context';
import { useAppConfig } from '../ui/config';
import { useFlash } from '../ui/flash';
import { TextInput } from '../components/TextInput';
import { closePrompt, pushView, setPane, setPromptText } from '../state/ui';
import { openUtxoQuery } from '../state/utxos';
import type { AvatopState, AvatopStore } from '../state/store';
import { resolveGoto, type GotoResult } from './goto';

export function applyGoto(store: AvatopStore, r: GotoResult): void {
  const s = store.getState();
  let next: AvatopState = s;
  if (r.kind === 'view') next = { ...s, ui: pushView(s.ui, r.view) };
  else if (r.kind === 'pane') next = { ...s, ui: setPane(s.ui, r.pane) };
  else if (r.kind === 'utxos') next = { ...s, ui: setPane(s.ui, 'utxos'), utxos: openUtxoQuery(s.utxos, { addresses: [r.address] }) };
  if (next !== s) store.setState(next, true);
}

export function GotoPrompt({ width }: { width: number }) {
  const store = useAvatopStore();
  const { client } = useAppConfig();
  const flash = useFlash();
  const text = useAvatop((s) => s.ui.prompt?.text ?? '');
  const update = (f: (s: AvatopState) => AvatopState) => store.setState(f(store.getState()), true);
  return (
    <TextInput
      label=":"
      value={text}
      width={width}
      placeholder="tx/block/subnet/chain ID, height, NodeID-…, address, or a pane name (Esc cancels)"
      onChange={(t) => update((s) => ({ ...s, ui: setPromptText(s.ui, t) }))}
      onSubmit={(t) => {
        update((s) => ({ ...s, ui: closePrompt(s.ui) }));
        flash.show(`looking up ${t.trim()}…`, 30_000);
        void resolveGoto(t, client).then((r) => {
          applyGoto(store, r);
          flash.show(r.note);
        });
      }}
      onCancel={() => update((s) => ({ ...s, ui: closePrompt(s.ui) }))}
    />
  );
}
