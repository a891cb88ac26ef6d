// The root component: providers, the one key router, and the frame. Rendering starts here; data arrives through
// the store that the scheduler fills.
import { KeyRouter } from '../input';
import { ThemeProvider } from '../theme/ThemeContext';
import type { Theme } from '../theme/schema';
import type { AvatopStore } from '../state/store';
import { StoreProvider } from '../ui/store-context';
import { ConfigProvider, type AppConfig } from '../ui/config';
import { PaneMemoryProvider } from '../ui/pane-memory';
import { Frame } from './Frame';
import { FlashProvider } from '../ui/flash';
import type { Size } from '../terminal/use-terminal-size';

export interface AppProps {
  readonly store: AvatopStore;
  readonly theme: Theme;
  readonly config: AppConfig;
  /** Fixed size (tests); otherwise the terminal's, following resizes. */
  readonly size?: Size;
}

export function App({ store, theme, config, size }: AppProps) {
  return (
    <ThemeProvider theme={theme}>
      <ConfigProvider config={config}>
        <StoreProvider store={store}>
          <PaneMemoryProvider>
            <FlashProvider>
              <KeyRouter>
                <Frame size={size} />
              </KeyRouter>
            </FlashProvider>
          </PaneMemoryProvider>
        </StoreProvider>
      </ConfigProvider>
    </ThemeProvider>
  );
}
