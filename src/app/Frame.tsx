// The whole screen: header, tabs, the pane (or the view on top of it, or help), status line and key hints.
// Never taller than rows - 1: Ink 6 clears the terminal and scrollback on every frame that reaches the last row.
import { Box, Text } from 'ink';
import { useAvatop } from '../ui/store-context';
import { Header } from './Header';
import { hintScopes, hintsWithout } from './hints';
import { useGlobalKeys } from './global-keys';
import { PromptLine } from './PromptLine';
import { StatusLine } from './StatusLine';
import { HelpOverlay } from './HelpOverlay';
import { useTerminalSize, type Size } from '../terminal/use-terminal-size';
import { TabBar } from '../components/TabBar';
import { Crumbs } from '../components/Crumbs';
import { KeyHints } from '../components/KeyHints';
import { ErrorBanner } from '../components/ErrorBanner';
import { PANE_COMPONENTS } from '../panes';
import { viewEntry } from './view-table';
import { textProps, useTheme } from '../theme/ThemeContext';
import { fit } from '../format/width';
import { shortenId } from '../format/ids';
import { sanitize } from '../format/sanitize';
import { selectLiveness, type Liveness } from '../state/liveness';
import type { AvatopState } from '../state/store';
import { paneEntry, TAB_PANES } from '../state/panes';

export const MIN_COLUMNS = 60;
export const MIN_ROWS = 15;

export function Frame({ size: override }: { size?: Size }) {
  const size = useTerminalSize(override);
  const theme = useTheme();
  const pane = useAvatop((s) => s.ui.pane);
  const nav = useAvatop((s) => s.ui.nav);
  const prompt = useAvatop((s) => s.ui.prompt);
  // The height's state, not the height: the frame (and so every child) would otherwise render again at each block.
  const heightStatus = useAvatop((s) => s.pchain.height.status);
  const heightError = useAvatop((s) => s.pchain.height.error);
  const bootstrapping = useAvatop((s) => s.pchain.height.bootstrapping);
  const nodeId = useAvatop((s) => s.node.id);
  // The liveness only while the node is down: while it is up it is a new object at each probe.
  const downLive = useAvatop(selectDown);
  // When the height was last read matters only to the banner of a node that cannot be reached.
  const staleSince = useAvatop((s) => (selectDown(s) || s.pchain.height.status === 'error' ? s.pchain.height.updatedAt : undefined));
  const { help } = useGlobalKeys();

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
  const down = downLive ? downLive.error : nodeId.status === 'error' && heightStatus === 'error' && !bootstrapping ? (heightError ?? nodeId.error) : undefined;
  const bannerLines = down ? (down.hint ? 2 : 1) : bootstrapping ? 2 : 0;
  const crumbs = nav.length > 0;
  const chrome = 2 /* header */ + 1 /* tabs */ + (crumbs ? 1 : 0) + bannerLines + 2; /* status + hints */
  const bodyHeight = Math.max(3, rows - 1 - chrome);
  const Pane = PANE_COMPONENTS[pane];
  const paneTitle = paneEntry(pane).title;
  const top = nav[nav.length - 1];
  const View = top && viewEntry(top).component;

  return (
    <Box flexDirection="column" width={width} height={rows - 1}>
      <Header width={width} />
      <TabBar tabs={TAB_PANES} active={pane} width={width} />
      {down ? <ErrorBanner width={width} title={!downLive ? 'Node API error' : downLive.kind === 'refused' ? 'Node refuses avatop' : 'Node unreachable'} error={down} staleSince={staleSince} now={Date.now()} /> : null}
      {!down && bootstrapping ? (
        <ErrorBanner
          width={width}
          tone="warn"
          error={{ short: 'the node is still bootstrapping the P-chain', hint: 'P-chain panes fill in once it is done; node identity, peers and versions work meanwhile.' }}
        />
      ) : null}
      {crumbs ? <Crumbs path={[paneTitle, ...nav.map((v) => shortenCrumb(viewEntry(v).title(v)))]} width={width} /> : null}
      <Box height={bodyHeight} width={width} flexDirection="column" overflow="hidden">
        {help ? (
          <HelpOverlay width={width} height={bodyHeight} />
        ) : top && View ? (
          <View key={nav.length} view={top} width={width} height={bodyHeight} active={!help} />
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

function selectDown(s: AvatopState): Extract<Liveness, { state: 'down' }> | undefined {
  const l = selectLiveness(s);
  return l.state === 'down' ? l : undefined;
}

function shortenCrumb(s: string): string {
  return sanitize(s).replace(/(NodeID-)?[1-9A-HJ-NP-Za-km-z]{30,}/g, (m) => shortenId(m));
}
