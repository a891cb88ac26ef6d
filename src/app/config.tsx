// Settings the UI needs from the command line, passed down once.
import { createContext, useContext, type ReactNode } from 'react';

export interface RewardThreshold {
  /** Minimum uptime percent for rewards, for validations that started before `cutover`. */
  readonly before: number;
  /** The ACP-267 threshold for validations starting on or after `cutover`. */
  readonly after: number;
  readonly cutover: number;
}

/** ACP-267: 80% before 2026-04-01, 90% for validations starting on or after it. */
export const DEFAULT_REWARD_THRESHOLD: RewardThreshold = {
  before: 80,
  after: 90,
  cutover: Date.parse('2026-04-01T00:00:00Z'),
};

export function thresholdFor(t: RewardThreshold, startMs: number | undefined, now: number): number {
  return (startMs ?? now) >= t.cutover ? t.after : t.before;
}

export interface AppActions {
  /** Leave the UI: the caller restores the terminal. */
  quit(): void;
  /** Poll what is visible now. */
  refresh(): void;
  /**
   * Put text on the user's clipboard (OSC 52 to the terminal); absent where there is no terminal to write to.
   * Returns why the copy cannot reach the clipboard (tmux set to drop it), for the status line.
   */
  copy?(text: string): string | void;
}

/** What the `:` prompt and the RPC console call the node with (the typed client from rpc/client satisfies it). */
export interface AppClient {
  call(name: string, params?: unknown, opts?: { signal?: AbortSignal }): Promise<unknown>;
  callRaw(name: string, params?: unknown, opts?: { signal?: AbortSignal }): Promise<{ result: unknown; bytes: number; latencyMs: number }>;
}

export interface AppConfig {
  readonly url: string;
  readonly rewardThreshold: RewardThreshold;
  readonly actions: AppActions;
  /** Direct calls outside the scheduler (prompt look-ups, the console); absent in pure screen tests. */
  readonly client?: AppClient;
  /** --readonly: the console hides issueTx and the keystore methods. */
  readonly readonly?: boolean;
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
