// One info.peers element read by hand: what the zod schema of a peer (peers.ts `peerFields`) gives, for an element it
// accepts, without its per-field passes. Opening the peers pane of a node with 10,723 peers ran each through zod's
// object schema every tick, about 25 MB allocated a reading (the big scenario's second-highest memory,
// docs/performance.md). The reader is sure or says nothing: anything it does not read plainly (a wrong type, an old
// node's subnet uptimes, an object that JSON does not make) returns undefined, and the zod schema reads that element,
// so a bad element is refused with zod's own words at the same path. test/rpc/peer-reader.test.ts holds the two
// together on the node captures and on mutated elements.
import { wirePercent, wireRfc3339Ms, wireUnixTimeMs, wireUnsigned } from '../common';
import type { Peer } from './peers';

const hasOwn = Object.prototype.hasOwnProperty;

/** A plain object as JSON.parse makes it (what zod's object and record schemas read as one); anything else is left to zod. */
function plainObject(v: unknown): v is Record<string, unknown> {
  if (v === null || typeof v !== 'object' || Array.isArray(v)) return false;
  const proto = Object.getPrototypeOf(v) as unknown;
  return proto === Object.prototype || proto === null;
}

/** `list(z.string())`: null or absent is empty; the array itself when every item is a string. */
function strings(v: unknown): string[] | undefined {
  if (v === null || v === undefined) return [];
  if (!Array.isArray(v)) return undefined;
  for (let i = 0; i < v.length; i++) if (typeof v[i] !== 'string') return undefined;
  return v as string[];
}

/** `list(u32)`: null or absent is empty; the array itself when every item is already a number in the domain. */
function unsigneds(v: unknown): number[] | undefined {
  if (v === null || v === undefined) return [];
  if (!Array.isArray(v)) return undefined;
  let out: number[] | undefined;
  for (let i = 0; i < v.length; i++) {
    const item: unknown = v[i];
    const n = wireUnsigned(item);
    if (n === undefined) return undefined;
    if (n !== item && out === undefined) out = (v as unknown[]).slice(0, i) as number[];
    if (out) out.push(n);
  }
  return out ?? (v as number[]);
}

/**
 * The peer zod's schema makes of `v`, or undefined where the reader is not sure it would (then zod decides). Fields
 * follow the schema's order; an optional field the element lacks stays absent, as z.object leaves it.
 */
export function readPeer(v: unknown): Peer | undefined {
  if (!plainObject(v)) return undefined;
  const { ip, publicIP, nodeID, version, observedUptime, observedSubnetUptimes, upgradeTime } = v;
  if (typeof ip !== 'string' || typeof nodeID !== 'string') return undefined;
  if (publicIP !== undefined && typeof publicIP !== 'string') return undefined;
  if (version !== undefined && typeof version !== 'string') return undefined;
  const lastSent = wireRfc3339Ms(v.lastSent);
  const lastReceived = wireRfc3339Ms(v.lastReceived);
  if (lastSent === undefined || lastReceived === undefined) return undefined;
  const uptime = observedUptime === undefined ? undefined : wirePercent(observedUptime);
  if (observedUptime !== undefined && uptime === undefined) return undefined;
  // Removed in v1.11.12: a spec-era node's map of subnet uptimes is read by zod.
  if (observedSubnetUptimes !== undefined && observedSubnetUptimes !== null) return undefined;
  const upgradeMs = upgradeTime === undefined ? undefined : wireUnixTimeMs(upgradeTime);
  if (upgradeTime !== undefined && upgradeMs === undefined) return undefined;
  const trackedSubnets = strings(v.trackedSubnets);
  const benched = strings(v.benched);
  const supportedACPs = unsigneds(v.supportedACPs);
  const objectedACPs = unsigneds(v.objectedACPs);
  if (!trackedSubnets || !benched || !supportedACPs || !objectedACPs) return undefined;
  const peer: Record<string, unknown> = { ip };
  if (hasOwn.call(v, 'publicIP')) peer.publicIP = publicIP;
  peer.nodeID = nodeID;
  peer.version = version ?? '';
  peer.lastSent = new Date(lastSent);
  peer.lastReceived = new Date(lastReceived);
  if (hasOwn.call(v, 'observedUptime')) peer.observedUptime = uptime;
  if (hasOwn.call(v, 'observedSubnetUptimes')) peer.observedSubnetUptimes = undefined;
  peer.trackedSubnets = trackedSubnets;
  peer.benched = benched;
  if (hasOwn.call(v, 'upgradeTime')) peer.upgradeTime = upgradeMs === undefined ? undefined : new Date(upgradeMs);
  peer.supportedACPs = supportedACPs;
  peer.objectedACPs = objectedACPs;
  return peer as Peer;
}
