// Settings the UI needs from the command line, passed down once.
import { createContext, useContext, type ReactNode } from 'react';
import type { MethodName, ParamsOf, ResultOf } from '../rpc/methods';
import type { EventBook } from '../domain/events/book';

/**
 * What the command line says about the reward threshold. The rule itself (the node's Helicon time, elastic subnets'
 * requirements) lives in domain/reward/threshold.ts; this only carries --uptime-threshold to it.
 */
export interface RewardThreshold {
  /** --uptime-threshold: replaces the rule for every rewarded validation. */
  readonly override?: number;
  /** The config file it came from; undefined: the flag. */
  readonly overrideFrom?: string;
}

export const DEFAULT_REWARD_THRESHOLD: RewardThreshold = {};

export interface AppActions {
  /** Leave the UI: the caller restores the terminal. */
  quit(): void;
  /** Poll what is visible now. */
  refresh(): void;
  /** Redraw the whole screen (Ctrl-L); absent where there is no terminal. */
  repaint?(): void;
  /**
   * Put text on the user's clipboard (OSC 52 to the terminal); absent where there is no terminal to write to.
   * Returns why the copy cannot reach the clipboard (tmux set to drop it), for the status line.
   */
  copy?(text: string): string | void;
}

/** What the `:` prompt and the RPC console call the node with (the typed client from rpc/client satisfies it). */
export interface AppClient {
  call<N extends MethodName>(name: N, params?: ParamsOf<N>, opts?: { signal?: AbortSignal }): Promise<ResultOf<N>>;
  /** The console's call: params already checked by the method's schema, the reply as the node sent it. */
  callRaw(name: MethodName, params?: unknown, opts?: { signal?: AbortSignal }): Promise<{ result: unknown; bytes: number; latencyMs: number }>;
}

export interface AppConfig {
  readonly url: string;
  readonly rewardThreshold: RewardThreshold;
  readonly actions: AppActions;
  /** Direct calls outside the scheduler (prompt look-ups, the console); absent in pure screen tests. */
  readonly client?: AppClient;
  /** --readonly: the console hides issueTx and the keystore methods. */
  readonly readonly?: boolean;
  /** Validators to follow (--watch-node, config watch): the validators pane shows their downtime budget. */
  readonly watch?: readonly string[];
  /** The event log's book (src/events/keeper.ts): the Events pane, the header's count, the History view. */
  readonly events?: EventBook;
  /** --interval: data younger than one poll and a second reads "just now" in the header. */
  readonly intervalMs?: number;
}

const ConfigContext = createContext<AppConfig>({
  url: '',
  rewardThreshold: DEFAULT_REWARD_THRESHOLD,
  actions: { quit() {}, refresh() {} },
});

export function ConfigProvider({ config, children }: { config: AppConfig; children: ReactNode }) {
  return <ConfigContext.Provider value={config}>{children}</ConfigContext.Provider>;
}

export function useAppConfig(): AppConfig {
  return useContext(ConfigContext);
}
