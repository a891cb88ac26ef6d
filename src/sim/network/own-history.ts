// This node's up/down history and what each peer makes of it: the one source of info.peers `observedUptime`. A peer's
// uptime manager counts this node up while connected since its validation started (snow/uptime/manager.go lines
// 117-187) and sends that as a whole percent in every ping (network/peer/peer.go lines 779-794, getUptime:
// `uint32(primaryUptime * 100)`), the first ping one ping interval after the connection (peer.go line 606).
import { stableHash } from '../prng';
import type { Peer, Validator } from '../model';
import type { SimNetwork } from './index';

/**
 * constants.DefaultPingFrequency = 3/4 × DefaultPingPongTimeout (30 s): 22.5 s (utils/constants/networking.go lines
 * 18-19). A peer's view of this node arrives with its pings, so info.peers `observedUptime` is 0 until the first.
 */
export const PING_FREQUENCY_MS = 22_500;

/** A span of simulated time (ms) when this node was down: its peers saw it disconnected. */
export interface Outage {
  readonly fromMs: number;
  readonly toMs: number;
}

/** A share of validators' stake and the observed uptime (whole percent) their peers report of this node. */
export type PeerView = readonly [uptime: number, stakeShare: number];

/**
 * This node's up/down history at genesis: the outages a plan names, or one outage in the middle of the time
 * validated so far that leaves the plan's uptime (a well-run node's 99.5% without a plan).
 */
export function seedHistory(net: SimNetwork): void {
  const c = net.conn;
  const own = net.validatorsByNode.get(net.nodeIdStr);
  if (!own) return;
  const plan = net.scenario;
  if (plan?.outages) {
    c.outages = plan.outages.map((o) => ({ fromMs: o.fromSec * 1000, toMs: o.toSec * 1000 })).sort((a, b) => a.fromMs - b.fromMs);
    return;
  }
  const startMs = own.start * 1000;
  const elapsed = c.clockMs - startMs;
  const uptime = plan ? plan.peersUptime : DEFAULT_UPTIME;
  const down = Math.round(((100 - uptime) / 100) * Math.max(0, elapsed));
  if (down <= 0) {
    c.outages = [];
    return;
  }
  const mid = startMs + Math.floor(elapsed / 2);
  c.outages = [{ fromMs: mid - Math.floor(down / 2), toMs: mid - Math.floor(down / 2) + down }];
}

/** What this node's peers measure of it without a plan: a well-run validator's. */
const DEFAULT_UPTIME = 99.5;

/** Milliseconds of the outages within [fromMs, toMs). */
export function downWithin(outages: readonly Outage[], fromMs: number, toMs: number): number {
  let down = 0;
  for (const o of outages) down += Math.max(0, Math.min(o.toMs, toMs) - Math.max(o.fromMs, fromMs));
  return down;
}

/**
 * What a peer sends in its pings: its uptime manager's CalculateUptimePercent of this node (snow/uptime/manager.go
 * lines 168-187: up time over the time since this node's validation started; 1 when no time has passed), times
 * 100, truncated to a whole percent (network/peer/peer.go lines 779-794). Before the validation started the peer has
 * no record of it (an error, sent as 0).
 */
export function peerViewAt(net: SimNetwork, nodeIdStr: string, atMs: number): number {
  const own = net.validatorsByNode.get(net.nodeIdStr);
  if (!own) return 0;
  const startMs = own.start * 1000;
  if (atMs < startMs) return 0;
  const best = atMs - startMs;
  if (best === 0) return 100;
  const up = best - downWithin(net.conn.outages, startMs, atMs) - (net.conn.missed.get(nodeIdStr) ?? 0);
  const fraction = Math.min(1, Math.max(0, up / best));
  return Math.trunc(fraction * 100);
}

/** info.peers observedUptime: the view of the peer's last ping (network/peer/peer.go line 763), 0 before the first. */
export function observedUptime(net: SimNetwork, peer: Peer, nowMs: number): number {
  const since = nowMs - peer.connectedAtMs;
  if (since < PING_FREQUENCY_MS) return 0;
  const lastPing = peer.connectedAtMs + Math.floor(since / PING_FREQUENCY_MS) * PING_FREQUENCY_MS;
  return peerViewAt(net, peer.nodeIdStr, lastPing);
}

/**
 * Default views of this node: most peers measure the truth; some (15%) lost up to 2% of the period to a bad link.
 * A plan's views are its own (every peer the truth unless it names views).
 */
export function seedMissed(net: SimNetwork): void {
  const c = net.conn;
  c.missed.clear();
  if (net.scenario?.views) return setViewsMissed(net, net.scenario.views);
  if (net.scenario) return;
  const own = net.validatorsByNode.get(net.nodeIdStr);
  if (!own) return;
  const elapsed = Math.max(0, c.clockMs - own.start * 1000);
  for (const v of net.validators) {
    const h = stableHash(`missed:${v.nodeIdStr}`);
    if (h % 100 < 15) c.missed.set(v.nodeIdStr, Math.floor(((h >>> 8) % 1000) / 1000 * 0.02 * elapsed));
  }
}

/**
 * Views chosen outright: validators' stake split in a fixed order into the given shares, each group reporting its
 * whole percent from now on (the missed time is fixed, so the views drift with time as real ones do).
 */
export function setViewsMissed(net: SimNetwork, views: readonly PeerView[]): void {
  const c = net.conn;
  c.missed.clear();
  const own = net.validatorsByNode.get(net.nodeIdStr);
  if (!own || views.length === 0) return;
  const startMs = own.start * 1000;
  const elapsed = c.clockMs - startMs;
  if (elapsed <= 0) return;
  const up = elapsed - downWithin(c.outages, startMs, c.clockMs);
  const ordered = net.validators.filter((v) => v.nodeIdStr !== net.nodeIdStr).sort(byStableHash);
  const total = ordered.reduce((s, v) => s + Number(net.weightOf(v)), 0) || 1;
  const sum = views.reduce((s, [, share]) => s + share, 0) || 1;
  let i = 0;
  let acc = 0;
  let bound = 0;
  for (const [uptime, share] of views) {
    bound += (share / sum) * total;
    // Aim half a percent above the whole percent, so truncation gives it and the view holds for a while.
    const want = uptime >= 100 ? elapsed : (elapsed * (uptime + 0.5)) / 100;
    while (i < ordered.length && acc < bound) {
      const v = ordered[i++]!;
      c.missed.set(v.nodeIdStr, Math.round(up - want));
      acc += Number(net.weightOf(v));
    }
  }
  while (i < ordered.length) c.missed.set(ordered[i++]!.nodeIdStr, Math.round(up - (elapsed * (views[views.length - 1]![0] + 0.5)) / 100));
}

/** A fixed order of validators that no random draw can shift. */
export const byStableHash = (a: Validator, b: Validator): number => stableHash(a.nodeIdStr) - stableHash(b.nodeIdStr) || (a.nodeIdStr < b.nodeIdStr ? -1 : 1);
