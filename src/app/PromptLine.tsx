// The open prompt in place of the key hints: the table filter (live, Esc restores it), the `:` go-to prompt, the
// UTXO pane's addresses, or any other prompt kind as plain text.
import { useAvatop, useAvatopStore } from '../ui/store-context';
import { TextInput } from '../components/TextInput';
import { GotoPrompt } from '../views/GotoPrompt';
import { closePrompt, setFilter, setPromptText, type PaneId } from '../state/ui';
import { addressesFrom, openUtxoQuery } from '../state/utxos';
import type { AvatopState } from '../state/store';
import { sanitize } from '../format/sanitize';

export function PromptLine({ width, pane }: { width: number; pane: PaneId }) {
  const store = useAvatopStore();
  const prompt = useAvatop((s) => s.ui.prompt);
  if (!prompt) return null;
  const update = (f: (s: AvatopState) => AvatopState) => store.setState(f(store.getState()), true);
  if (prompt.kind === 'filter') {
    return (
      <TextInput
        label="filter /"
        value={prompt.text}
        width={width}
        placeholder="type to filter; Enter keeps it, Esc cancels, Ctrl-U empties"
        onChange={(text) => update((s) => ({ ...s, ui: setFilter(setPromptText(s.ui, text), pane, text) }))}
        onSubmit={() => update((s) => ({ ...s, ui: closePrompt(s.ui) }))}
        // Esc cancels the edit: the filter goes back to what it was when / was pressed.
        onCancel={() => update((s) => ({ ...s, ui: setFilter(closePrompt(s.ui), pane, s.ui.prompt?.initial ?? '') }))}
      />
    );
  }
  if (prompt.kind === 'goto') return <GotoPrompt width={width} />;
  if (prompt.kind === 'utxo-addresses') {
    return (
      <TextInput
        label="addresses:"
        value={prompt.text}
        width={width}
        placeholder="P-avax1… P-avax1… (Enter to look up, Esc to cancel)"
        onChange={(text) => update((s) => ({ ...s, ui: setPromptText(s.ui, text) }))}
        onSubmit={(text) => {
          const addresses = addressesFrom(text);
          update((s) => ({ ...s, ui: closePrompt(s.ui), utxos: addresses.length ? openUtxoQuery(s.utxos, { addresses }) : s.utxos }));
        }}
        onCancel={() => update((s) => ({ ...s, ui: closePrompt(s.ui) }))}
      />
    );
  }
  return (
    <TextInput
      label={`${sanitize(prompt.kind)}:`}
      value={prompt.text}
      width={width}
      onChange={(text) => update((s) => ({ ...s, ui: setPromptText(s.ui, text) }))}
      onSubmit={() => update((s) => ({ ...s, ui: closePrompt(s.ui) }))}
      onCancel={() => update((s) => ({ ...s, ui: closePrompt(s.ui) }))}
    />
  );
}
