import * as z from 'zod';
import { list, nodeIdParam, percent, records, rfc3339, u32, unixTime } from '../common';
import { defineMethod, type MethodReading, lazy } from '../define';
import { readPeer } from './peer-reader';

/** A peer as zod reads it: what `peer` gives, the words a bad element is refused with, and the facts' fields. */
export const peerFields = lazy(() => z.object({
  ip: z.string(),
  publicIP: z.string().optional(),
  nodeID: z.string(),
  version: z.string().default(''),
  lastSent: rfc3339,
  lastReceived: rfc3339,
  /** Percent 0-100 of this node's uptime as the peer sees it. */
  observedUptime: percent.optional(),
  /** Removed in v1.11.12; spec-era nodes send it. */
  observedSubnetUptimes: z.record(z.string(), percent).nullish().transform((v) => v ?? undefined),
  trackedSubnets: list(z.string()),
  benched: list(z.string()),
  /** v1.14.1+: when the peer will switch to its next network upgrade (Unix seconds). */
  upgradeTime: unixTime.optional(),
  supportedACPs: list(u32),
  objectedACPs: list(u32),
}));
export type Peer = z.output<ReturnType<typeof peerFields>>;

/**
 * One peer: read by hand (peer-reader.ts), or by `peerFields` where the reader is not sure, which then says what is
 * wrong at the same path as before (a 10,723-peer list through zod's object schema was 25 MB allocated a reading).
 */
const peer = lazy(() => z.unknown().transform((v, ctx): Peer => {
  const read = readPeer(v);
  if (read) return read;
  const r = peerFields().safeParse(v);
  if (r.success) return r.data;
  const issue = r.error.issues[0]!;
  ctx.addIssue({ code: 'custom', message: issue.message, path: issue.path });
  return z.NEVER;
}));

export const peers = defineMethod({
  name: 'info.peers',
  schemas: () => ({
    params: z.object({ nodeIDs: z.array(nodeIdParam).optional() }).optional(),
    result: z.object({
      // A string on real nodes, a number in the docs.
      numPeers: u32,
      peers: list(peer()),
    }),
    lists: { peers: peer() },
  }),
  description: 'Connected peers: IPs, versions, last message times, observed uptime, tracked subnets, ACP votes.',
});

/**
 * What avatop's rules read of a peer: the reward guard its node ID and observed uptime, the upgrade rule and the
 * version lag its release and announced upgrade time.
 */
const FACTS = { nodeID: true, version: true, observedUptime: true, upgradeTime: true } as const;
const peerFacts = lazy(() => peerFields().pick(FACTS));
export type PeerFacts = z.output<ReturnType<typeof peerFacts>>;

/**
 * info.peers read for those facts alone (the exporter's reading: 20 mainnet lists a minute): the rest of each peer
 * (its IP, message times, subnets, ACP votes) is skipped unread, so also unchecked.
 */
export const peersFacts: MethodReading<'info.peers', z.ZodType<{ numPeers: number; peers: PeerFacts[] }>> = {
  method: peers,
  keep: { numPeers: true, peers: [FACTS] },
  get result() {
    return factsResult();
  },
};
// The skim's records are this reading's own: completed in place (common.ts records).
const factsResult = lazy(() => z.object({ numPeers: u32, peers: records(peerFacts(), { inPlace: true }) }));
