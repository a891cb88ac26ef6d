// The whole screen: header, tabs, the pane (or the view on top of it, or help), status line and key hints.
// Never taller than rows - 1: Ink 6 clears the terminal and scrollback on every frame that reaches the last row.
import { useState } from 'react';
import { Box, Text } from 'ink';
import { useAvatop, useAvatopStore } from '../ui/store-context';
import { useAppConfig } from '../ui/config';
import { Header } from './Header';
import { HelpOverlay } from './HelpOverlay';
import { useTerminalSize, type Size } from '../terminal/use-terminal-size';
import { TabBar } from '../components/TabBar';
import { Crumbs } from '../components/Crumbs';
import { KeyHints } from '../components/KeyHints';
import { ErrorBanner } from '../components/ErrorBanner';
import { StatusBar } from '../components/StatusBar';
import { TextInput } from '../components/TextInput';
import { useKeyHandler } from '../input';
import { PANE_LIST, type Scope } from '../keys/commands';
import { PANE_COMPONENTS } from '../panes';
import { ViewHost } from '../views/RowView';
import { viewTitle } from '../views/registry';
import { closePrompt, openHealthView, openPrompt, popView, setFilter, setPane, setPromptText, togglePaused, type NavView, type PaneId } from '../state/ui';
import { GotoPrompt } from '../views/GotoPrompt';
import { useFlash } from '../ui/flash';
import { osc52Copy } from '../terminal/copy';
import { openUtxoQuery } from '../state/utxos';
import type { AvatopState } from '../state/store';
import { textProps, useTheme } from '../theme/ThemeContext';
import { fit } from '../format/width';
import { shortenId } from '../format/ids';
import { sanitize } from '../format/sanitize';
import { formatBytes } from '../format/number';
import { ratesPerMinute } from '../state/accounting';
import { selectLiveness } from '../state/liveness';

export const MIN_COLUMNS = 60;
export const MIN_ROWS = 15;

const TABLE_PANES: PaneId[] = ['peers', 'validators', 'pending', 'subnets', 'blocks', 'utxos'];

/** Hinted commands that do nothing on this screen: the help overlay only scrolls and closes; only a tx has a raw view. */
export function hintsWithout(top: NavView | undefined, help: boolean): string[] {
  if (help) return ['copy', 'raw'];
  return top?.kind === 'tx' ? [] : ['raw'];
}

function hintScopes(pane: PaneId, hasView: boolean, help: boolean): Scope[] {
  if (help) return ['view'];
  if (hasView) return ['view', 'global'];
  const scopes: Scope[] = ['global'];
  if (TABLE_PANES.includes(pane)) scopes.unshift('table');
  if (pane === 'validators') scopes.unshift('validators');
  if (pane === 'utxos') scopes.unshift('utxos');
  if (pane === 'console') scopes.unshift('console');
  return scopes;
}

export function Frame({ size: override }: { size?: Size }) {
  const size = useTerminalSize(override);
  const store = useAvatopStore();
  const theme = useTheme();
  const config = useAppConfig();
  const { actions } = config;
  const flash = useFlash();
  const pane = useAvatop((s) => s.ui.pane);
  const nav = useAvatop((s) => s.ui.nav);
  const prompt = useAvatop((s) => s.ui.prompt);
  const height = useAvatop((s) => s.pchain.height);
  const nodeId = useAvatop((s) => s.node.id);
  const live = useAvatop(selectLiveness);
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

  const { columns: width, rows } = size;
  if (width < MIN_COLUMNS || rows < MIN_ROWS) {
    return (
      <Box flexDirection="column" width={width}>
        <Text {...textProps(theme.status.warn)} wrap="wrap">
          {`avatop needs a terminal of at least ${MIN_COLUMNS}×${MIN_ROWS}; this one is ${width}×${rows}. Enlarge the window, or press q to quit.`}
        </Text>
      </Box>
    );
  }

  // Connection trouble in words, above the pane, when the node cannot be reached at all.
  // Unreachable as soon as the liveness probe says so, over every pane and view.
  const down =
    live.state === 'down' ? live.error : nodeId.status === 'error' && height.status === 'error' && !height.bootstrapping ? (height.error ?? nodeId.error) : undefined;
  const bootstrapping = height.bootstrapping;
  const bannerLines = down ? (down.hint ? 2 : 1) : bootstrapping ? 2 : 0;
  const crumbs = nav.length > 0;
  const chrome = 2 /* header */ + 1 /* tabs */ + (crumbs ? 1 : 0) + bannerLines + 2; /* status + hints */
  const bodyHeight = Math.max(3, rows - 1 - chrome);
  const Pane = PANE_COMPONENTS[pane];
  const paneTitle = PANE_LIST.find((p) => p.id === pane)?.title ?? (pane === 'console' ? 'Console' : pane);
  const top = nav[nav.length - 1];

  return (
    <Box flexDirection="column" width={width} height={rows - 1}>
      <Header width={width} />
      <TabBar tabs={PANE_LIST} active={pane} width={width} />
      {down ? <ErrorBanner width={width} title={live.state === 'down' ? 'Node unreachable' : 'Node API error'} error={down} staleSince={height.updatedAt} now={Date.now()} /> : null}
      {!down && bootstrapping ? (
        <ErrorBanner
          width={width}
          tone="warn"
          error={{ short: 'the node is still bootstrapping the P-chain', hint: 'P-chain panes fill in once it is done; node identity, peers and versions work meanwhile.' }}
        />
      ) : null}
      {crumbs ? <Crumbs path={[paneTitle, ...nav.map((v) => shortenCrumb(viewTitle(v)))]} width={width} /> : null}
      <Box height={bodyHeight} width={width} flexDirection="column" overflow="hidden">
        {help ? (
          <HelpOverlay width={width} height={bodyHeight} />
        ) : top ? (
          <ViewHost key={nav.length} view={top} width={width} height={bodyHeight} active={!help} />
        ) : Pane ? (
          <Pane width={width} height={bodyHeight} active={!help && !top} />
        ) : (
          <Text>{fit(`${paneTitle}: not built yet`, width)}</Text>
        )}
      </Box>
      <StatusLine width={width} pane={pane} />
      {prompt ? <PromptLine width={width} pane={pane} /> : <KeyHints scopes={hintScopes(pane, crumbs, help)} without={hintsWithout(top, help)} width={width} />}
    </Box>
  );
}

function shortenCrumb(s: string): string {
  return sanitize(s).replace(/(NodeID-)?[1-9A-HJ-NP-Za-km-z]{30,}/g, (m) => shortenId(m));
}

function StatusLine({ width, pane }: { width: number; pane: PaneId }) {
  const { url } = useAppConfig();
  const filter = useAvatop((s) => s.ui.panes[pane].filter);
  const accounting = useAvatop((s) => s.accounting);
  const paused = useAvatop((s) => s.ui.paused);
  const flash = useFlash().message;
  const rates = ratesPerMinute(accounting, Date.now());
  const left = `${flash ? `${sanitize(flash)} · ` : ''}${paused ? 'PAUSED (p resumes) · ' : ''}${filter ? `filter "${filter}" (Esc clears) · ` : ''}${sanitize(url)}`;
  const right = accounting.requests > 0 ? `${rates.requests.toFixed(0)} req/min · ${formatBytes(rates.bytes)}/min` : '';
  return <StatusBar left={left} right={right} width={width} />;
}

function PromptLine({ width, pane }: { width: number; pane: PaneId }) {
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
          const addresses = text.split(/[\s,]+/).filter(Boolean).slice(0, 1024);
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
