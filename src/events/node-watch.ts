// One node watched for events: the store it is polled into, the tracker run over its facts after every change that
// matters, and the node's journal written on a timer, never from the poll or render path. Whichever process watches
// the node (monitor or exporter) runs this; only the holder of the node's writer lock writes (writer-lock.ts), the
// other reads what it wrote. The reward guard's memory of each validation's last trustworthy budget (the store's
// `reward.last`) is saved with the tracker's state and given back to the store when the node is known again, so a
// countdown survives a restart of avatop or the exporter.
import type { AvatopState, AvatopStore } from '../state/store';
import { PRIMARY_NETWORK_ID } from '../state/constants';
import { nodeFacts, type NodeFacts } from '../domain/events/facts';
import { observe, rewardsToAsk, INITIAL_TRACKER, type TrackerState } from '../domain/events/tracker';
import { historySample, SAMPLE_EVERY_MS, type HistorySample } from '../domain/events/history';
import { restoreLastBudgets } from '../domain/reward/projection';
import type { LastBudget } from '../state/reward-memory';
import type { EventLine, NodeRef } from '../domain/events/record';
import { NodeJournal, type JournalOptions } from './node-journal';
import { redact } from './redact';

/** How often pending writes go to disk (and a reader looks at what the writer wrote). */
export const FLUSH_EVERY_MS = 5_000;
/** node.json is rewritten at most this often while nothing happens. */
const STATE_EVERY_MS = 60_000;
/** A reader re-reads the writer's log this often. */
const READ_EVERY_MS = 15_000;
/** The log is pruned to its bounds this often. */
const PRUNE_EVERY_MS = 3_600_000;
/** Events kept in memory while the disk refuses them. */
const MAX_QUEUED = 2_000;
/** The chain is asked about a reward again after this long without an answer. */
const REWARD_ASK_EVERY_MS = 5 * 60_000;

export interface RewardAnswer {
  readonly paid: boolean;
  readonly utxos: number;
}

/** What a watch tells the keeper (keeper.ts), which holds the book the screens read. */
export interface WatchSink {
  /** The node behind this watch is known (or changed): load what its log holds. */
  known(ref: NodeRef, journal: NodeJournal | undefined): void;
  add(lines: readonly EventLine[]): void;
  /** Lines read back from the log another process writes. */
  merge(lines: readonly EventLine[]): void;
  sample(ref: NodeRef, s: HistorySample): void;
  note(text: string): void;
  /** Where a node last answered from this address, for a node down when avatop starts. */
  remembered(): NodeRef | undefined;
  remember(ref: NodeRef): void;
}

export interface WatchOptions {
  readonly name: string;
  /** Where the log lives; undefined: events are tracked for this run only. */
  readonly stateDir: string | undefined;
  /** Never written: the URL's credentials, the headers' values (redact.ts). */
  readonly secrets: readonly string[];
  /** --uptime-threshold. */
  readonly override?: number;
  /** Asks the chain whether a staking tx's reward was paid (platform.getRewardUTXOs). */
  readonly rewards?: (txId: string) => Promise<RewardAnswer>;
  readonly journal?: JournalOptions;
  readonly flushEveryMs?: number;
  readonly sampleEveryMs?: number;
  readonly now?: () => number;
}

export interface NodeWatch {
  /** Writes what is pending now (synchronously). */
  flush(): void;
  /** Stops watching: a last flush, the lock given back. */
  stop(): void;
  /** The tracker's state (tests). */
  tracker(): TrackerState | undefined;
  /** This watch writes the node's log. */
  readonly writer: boolean;
  readonly ref: NodeRef | undefined;
}

/** The pieces of the store facts and samples are read from: a look is taken when one of them changed. */
function inputsOf(s: AvatopState): readonly unknown[] {
  const id = s.node.id.data?.nodeID;
  return [
    s.pchain.height,
    s.node.health,
    s.node.bootstrapped.P,
    s.node.bootstrapped.X,
    s.node.bootstrapped.C,
    s.node.version,
    s.node.uptime,
    s.node.id,
    s.node.networkName,
    s.metrics.series,
    s.versions.upgrades,
    id ? s.validators.detail[`${PRIMARY_NETWORK_ID}/${id}`] : undefined,
    s.validators.bySubnet[PRIMARY_NETWORK_ID],
    s.views.data.ownValidations,
  ];
}

/** The facts with every word that came from the node or an error cleaned (the tracker keeps them in node.json). */
function withoutSecrets(f: NodeFacts, secrets: readonly string[]): NodeFacts {
  const reach = f.reach.why !== undefined ? { ...f.reach, why: redact(f.reach.why, secrets) } : f.reach;
  const checks = f.checks && Object.fromEntries(Object.entries(f.checks).map(([name, c]) => [redact(name, secrets), c.error !== undefined ? { ...c, error: redact(c.error, secrets) } : c]));
  return { ...f, reach, ...(checks ? { checks } : {}) };
}

/** The store's budgets of this node only (another node may have answered at the address before). */
function budgetsOf(last: Readonly<Record<string, LastBudget>>, nodeId: string): Readonly<Record<string, LastBudget>> {
  return Object.values(last).every((b) => b.nodeId === nodeId) ? last : Object.fromEntries(Object.entries(last).filter(([, b]) => b.nodeId === nodeId));
}

export function watchNode(store: AvatopStore, sink: WatchSink, opts: WatchOptions): NodeWatch {
  const now = opts.now ?? Date.now;
  let ref: NodeRef | undefined;
  let journal: NodeJournal | undefined;
  let writer = false;
  let tracker: TrackerState | undefined;
  /** The store's budgets as last saved: a new figure marks the state for the next write. */
  let savedBudgets: Readonly<Record<string, LastBudget>> | undefined;
  /** The primary validation's budget at the last look, for the history's minute sample. */
  let primaryBudget: { readonly ms: number; readonly at: number } | undefined;
  let queue: EventLine[] = [];
  let samples: HistorySample[] = [];
  let stateDirty = false;
  let stateWrittenAt = 0;
  let readAt = 0;
  let prunedAt = 0;
  let lastInputs: readonly unknown[] = [];
  let lastProbe: unknown;
  let latencies: number[] = [];
  let prevSample: HistorySample | undefined;
  let pending: ReturnType<typeof setImmediate> | undefined;
  let stopped = false;
  let failing: string | undefined;
  const rewardAnswers: Record<string, RewardAnswer> = {};
  const rewardAskedAt: Record<string, number> = {};

  /** What an earlier run kept, given back to the guard (a record older than the store's own is ignored there). */
  const restoreBudgets = (kept: Readonly<Record<string, LastBudget>> | undefined) => {
    const records = Object.values(kept ?? {});
    if (records.length === 0) return;
    store.setState((s) => {
      const reward = restoreLastBudgets(s.reward, records);
      return reward === s.reward ? s : { ...s, reward };
    }, true);
  };

  const clean = (l: EventLine): EventLine => ({ ...l, text: redact(l.text, opts.secrets), node: redact(l.node, opts.secrets) });

  /**
   * Becomes the node's writer, continuing from the tracker state the last writer saved. A folder that cannot be
   * written at all (read-only, no permission) leaves this process tracking in memory, as with --no-state, and saying
   * so; it tries the folder again at every flush.
   */
  let memoryOnly = false;
  const takeOver = () => {
    if (!journal || (writer && !memoryOnly)) return;
    if (!journal.lock.acquire()) {
      if (journal.lock.error && !writer) {
        writer = true;
        memoryOnly = true;
        tracker = INITIAL_TRACKER;
        problem(`cannot write the event log in ${journal.dir} (${journal.lock.error}): events are kept for this run only`);
      }
      return;
    }
    const saved = journal.readState();
    if (!writer || memoryOnly) {
      // From memory to the folder: what was seen meanwhile is written; the saved state is older than it.
      if (!memoryOnly || !tracker) tracker = saved?.tracker ?? INITIAL_TRACKER;
    }
    writer = true;
    memoryOnly = false;
  };

  const resolve = (s: AvatopState): boolean => {
    const nodeId = s.node.id.data?.nodeID;
    const network = s.node.networkName.data;
    const seen: NodeRef | undefined = nodeId && network ? { network, nodeId, name: opts.name } : ref ? undefined : sink.remembered();
    if (!seen || (ref && seen.network === ref.network && seen.nodeId === ref.nodeId)) return ref !== undefined;
    // First known, or another node answers at this address now: its own log from here on.
    if (ref) flush();
    journal?.lock.release();
    ref = seen;
    writer = false;
    tracker = undefined;
    savedBudgets = undefined;
    primaryBudget = undefined;
    journal = opts.stateDir ? new NodeJournal(opts.stateDir, ref, opts.journal) : undefined;
    if (journal) {
      restoreBudgets(journal.readState()?.budgets);
      takeOver();
    } else {
      writer = true;
      tracker = INITIAL_TRACKER;
    }
    if (nodeId && network) sink.remember(ref);
    sink.known(ref, journal);
    return true;
  };

  const look = () => {
    pending = undefined;
    if (stopped) return;
    const s = store.getState();
    if (!resolve(s) || !writer || !tracker || !ref) return;
    const at = now();
    let facts: NodeFacts = withoutSecrets(nodeFacts(s, at, { override: opts.override }), opts.secrets);
    if (Object.keys(rewardAnswers).length > 0) facts = { ...facts, rewards: { ...rewardAnswers } };
    const r = observe(tracker, facts, ref);
    tracker = r.state;
    stateDirty = true;
    for (const tx of Object.keys(rewardAnswers)) if (!tracker.pendingRewards[tx]) delete rewardAnswers[tx];
    if (r.lines.length > 0) {
      const lines = r.lines.map(clean);
      queue.push(...lines);
      if (queue.length > MAX_QUEUED) queue = queue.slice(-MAX_QUEUED);
      sink.add(lines);
    }
    const primary = facts.validations?.find((v) => v.key === 'primary');
    if (primary?.budgetRemainingMs !== undefined) primaryBudget = { ms: primary.budgetRemainingMs, at };
    askRewards(at);
  };

  const askRewards = (at: number) => {
    if (!opts.rewards || !tracker) return;
    for (const tx of rewardsToAsk(tracker)) {
      if (rewardAnswers[tx] || at - (rewardAskedAt[tx] ?? -Infinity) < REWARD_ASK_EVERY_MS) continue;
      rewardAskedAt[tx] = at;
      opts.rewards(tx).then(
        (answer) => {
          rewardAnswers[tx] = answer;
          schedule();
        },
        () => {
          // asked again later
        },
      );
    }
  };

  const schedule = () => {
    if (pending === undefined && !stopped) pending = setImmediate(look);
  };

  const unsubscribe = store.subscribe((s) => {
    const probe = s.pchain.height;
    if (probe !== lastProbe) {
      lastProbe = probe;
      if (probe.status === 'ok' && probe.latencyMs !== undefined) latencies.push(probe.latencyMs);
      if (latencies.length > 200) latencies = latencies.slice(-200);
    }
    const inputs = inputsOf(s);
    if (inputs.length === lastInputs.length && inputs.every((x, i) => x === lastInputs[i])) return;
    lastInputs = inputs;
    schedule();
  });

  const takeSample = () => {
    if (!ref || !writer) return;
    const s = store.getState();
    const sample = historySample(s, { now: now(), prev: prevSample, latencies, budgetMs: primaryBudget && now() - primaryBudget.at < 2 * SAMPLE_EVERY_MS ? primaryBudget.ms : undefined });
    if (!sample) return;
    prevSample = sample;
    latencies = [];
    if (journal) samples.push(sample);
    sink.sample(ref, sample);
  };

  function flush(final = false) {
    if (!journal || !ref) return;
    const at = now();
    if (memoryOnly) {
      takeOver();
      if (memoryOnly) return;
    }
    if (!writer) {
      takeOver();
      if (!writer) {
        if (at - readAt >= READ_EVERY_MS) {
          readAt = at;
          sink.merge(journal.readEvents(at - 2 * READ_EVERY_MS - 60_000).events);
        }
        return;
      }
    }
    // Another process broke the lock (this one looked gone): it writes from now on.
    if ((queue.length > 0 || samples.length > 0 || stateDirty) && !journal.lock.acquire()) {
      writer = false;
      queue = [];
      samples = [];
      return;
    }
    const wrote = queue.length > 0;
    if (queue.length > 0) {
      const r = journal.appendEvents(queue, at);
      if (r.ok) queue = [];
      else problem(`cannot write the event log (${r.code}): ${queue.length} event${queue.length === 1 ? '' : 's'} kept in memory, tried again every ${Math.round((opts.flushEveryMs ?? FLUSH_EVERY_MS) / 1000)} s`);
    }
    if (samples.length > 0) {
      const r = journal.appendSamples(samples, at);
      if (r.ok) samples = [];
      else {
        samples = samples.slice(-60);
        problem(`cannot write the history (${r.code})`);
      }
    }
    // The guard's memory changes with every trustworthy reading: saved with the state, at most once a minute.
    const last = store.getState().reward.last;
    if (last !== savedBudgets) stateDirty = true;
    if (stateDirty && tracker && (wrote || final || at - stateWrittenAt >= STATE_EVERY_MS)) {
      const budgets = budgetsOf(last, ref.nodeId);
      const r = journal.writeState({ v: 1, name: opts.name, network: ref.network, nodeId: ref.nodeId, savedAt: at, tracker, budgets });
      if (r.ok) {
        savedBudgets = last;
        stateDirty = false;
        stateWrittenAt = at;
      } else problem(`cannot save the event tracker's state (${r.code})`);
    }
    if (queue.length === 0 && samples.length === 0 && !stateDirty && failing) {
      sink.note(`the event log is written again (${failing.replace(/^cannot /, 'it could not ')})`);
      failing = undefined;
    }
    if (at - prunedAt >= PRUNE_EVERY_MS) {
      prunedAt = at;
      journal.prune(at);
    }
  }

  function problem(text: string) {
    if (failing === text) return;
    failing = text;
    sink.note(text);
  }

  const flushTimer = setInterval(() => flush(), opts.flushEveryMs ?? FLUSH_EVERY_MS);
  flushTimer.unref?.();
  const sampleTimer = setInterval(takeSample, opts.sampleEveryMs ?? SAMPLE_EVERY_MS);
  sampleTimer.unref?.();
  // The first sample as soon as the node has answered (or failed): a History view opened in the first minute shows it.
  const firstSample = setInterval(() => {
    if (prevSample) clearInterval(firstSample);
    else takeSample();
  }, 2_000);
  firstSample.unref?.();
  schedule();

  return {
    flush: () => flush(),
    stop() {
      if (stopped) return;
      if (pending !== undefined) {
        clearImmediate(pending);
        look();
      }
      stopped = true;
      unsubscribe();
      clearInterval(flushTimer);
      clearInterval(sampleTimer);
      clearInterval(firstSample);
      flush(true);
      journal?.lock.release();
    },
    tracker: () => tracker,
    get writer() {
      return writer;
    },
    get ref() {
      return ref;
    },
  };
}
