// The JSON-RPC reply envelope: the result of our request, the node's error as an RpcError, or a clear word on what is
// wrong with the body (empty, not JSON, not an object, another request's id, neither result nor error).
import { parseJsonBig } from '../codec/json-big';
import { skimJson, type SkimPlan } from '../codec/json-skim';
import { cutJsonText, listCutter, type ListCutter } from '../codec/json-list-cut';
import { MalformedResponseError, RpcError } from './errors';

export function decodeEnvelope(text: string, id: number, method: string, url: string, bigJson: boolean): unknown {
  const snippet = text.slice(0, 200);
  if (text.trim() === '') throw new MalformedResponseError('empty', 'The node sent an empty body', '', url);
  let envelope: unknown;
  try {
    envelope = bigJson ? parseJsonBig(text) : JSON.parse(text);
  } catch (err) {
    throw new MalformedResponseError('json', `Body is not valid JSON (${(err as Error).message})`, snippet, url, err);
  }
  return resultOf(envelope, id, method, url, snippet);
}

/** The envelope's plan for each result's: made once (skimJson compiles a plan once). */
const envelopePlans = new WeakMap<object, SkimPlan>();
const WHOLE: SkimPlan = { id: true, error: true, result: true };

/**
 * Whether a reply to be skimmed, of `bytes` (undefined: not known yet), is better read whole: JSON.parse, native
 * whatever V8's tiers, and the parsed value cut to the plan (the same value). Seldom skims run in V8's interpreter.
 * Asked once a reply, when it is known to fit: it counts the skim towards the pace.
 */
export function readsWhole(bytes: number | undefined, pace: SkimPace = skimPace): boolean {
  return (bytes === undefined || bytes <= PARSE_AT_MOST) && !pace.often(Date.now());
}

/** A reply read whole (`readsWhole`), cut to what `keep` names (its one long list parsed an element at a time). */
export function decodeCut(text: string, keep: SkimPlan, id: number, method: string, url: string): unknown {
  let envelope: unknown;
  try {
    envelope = cutJsonText(text, planOf(keep));
  } catch {
    return decodeEnvelope(text, id, method, url, false);
  }
  return resultOf(envelope, id, method, url, text.slice(0, 200));
}

/**
 * A reader for a reply read whole (`readsWhole`) whose plan keeps records of one list (the peers' facts): it takes the
 * body's text as it is decoded and parses the list an element at a time, so neither the text nor the list is ever
 * whole (codec/json-list-cut.ts). Undefined for other plans.
 */
export function cutReader(keep: SkimPlan): ListCutter | undefined {
  return listCutter(planOf(keep));
}

/** The result of a reply read by `cutReader`, refused in decodeEnvelope's words. */
export function decodeCutRead(reader: ListCutter, id: number, method: string, url: string): unknown {
  if (reader.blank) throw new MalformedResponseError('empty', 'The node sent an empty body', '', url);
  let envelope: unknown;
  try {
    envelope = reader.end();
  } catch (err) {
    throw new MalformedResponseError('json', `Body is not valid JSON (${(err as Error).message})`, reader.head, url, err);
  }
  return resultOf(envelope, id, method, url, reader.head);
}

/**
 * A reply skimmed as bytes. A body the skim cannot read is read again as text, so every malformed reply is worded as
 * decodeEnvelope words it.
 */
export function skimEnvelope(body: Uint8Array, keep: SkimPlan, id: number, method: string, url: string): unknown {
  let envelope: unknown;
  try {
    envelope = skimJson(body, planOf(keep));
  } catch {
    return decodeEnvelope(new TextDecoder().decode(body), id, method, url, false);
  }
  return resultOf(envelope, id, method, url, new TextDecoder().decode(body.subarray(0, 200)));
}

function planOf(keep: SkimPlan): SkimPlan {
  let plan = keep === true ? WHOLE : envelopePlans.get(keep);
  if (!plan) envelopePlans.set(keep as object, (plan = { id: true, error: true, result: keep }));
  return plan;
}

/**
 * Whether this process skims often enough for the byte skim (codec/json-skim.ts) to pay: V8 optimises it only where
 * it runs many times a minute (the exporter's and the fleet's twenty peer lists: 2.5 ms a mainnet list). The monitor
 * skims one list a minute, and there the skim ran in V8's interpreter: 38-40 ms a list, a tenth of the monitor's CPU
 * at idle (CPU profile), against 4-5 ms for JSON.parse and the cut, a peer at a time as the text comes (`cutReader`:
 * parsed whole, about 1.5 MB of the parse lived through a collection of the young generation, the minute's peak).
 */
export const SKIMS_OFTEN_PER_MINUTE = 4;
/**
 * A larger reply is skimmed however seldom: JSON.parse builds all of it, about five times its size in objects (the big
 * scenario's 10,723 peers, 4.6 MB, would be some 25 MB at once beside the monitor's 100 MiB bound).
 */
export const PARSE_AT_MOST = 1024 * 1024;

export interface SkimPace {
  /** A reply is to be skimmed at `now`: whether this process skims often. */
  often(now: number): boolean;
}

export function createSkimPace(perMinute = SKIMS_OFTEN_PER_MINUTE): SkimPace {
  let windowStart = Number.NEGATIVE_INFINITY;
  let count = 0;
  let last = 0;
  return {
    often(now) {
      if (now - windowStart >= 60_000) {
        // The minute before counts only when it directly precedes this one.
        last = now - windowStart < 120_000 ? count : 0;
        count = 0;
        windowStart = now;
      }
      count++;
      return Math.max(last, count) >= perMinute;
    },
  };
}

/** The process's pace of skims: one for all its clients (the exporter's and the fleet's sessions share V8's code). */
const skimPace = createSkimPace();

function resultOf(envelope: unknown, id: number, method: string, url: string, snippet: string): unknown {
  if (typeof envelope !== 'object' || envelope === null || Array.isArray(envelope)) {
    throw new MalformedResponseError('envelope', 'Body is not a JSON object', snippet, url);
  }
  const env = envelope as Record<string, unknown>;
  const replyId = env.id;
  const idMatches = replyId !== undefined && replyId !== null && String(replyId) === String(id);
  if ('error' in env && env.error !== undefined && env.error !== null) {
    // Parse errors come back with id null: the node could not read our id, so the error is still ours.
    if (!idMatches && replyId !== null && replyId !== undefined) {
      throw new MalformedResponseError('id', `Reply id ${JSON.stringify(String(replyId))} for request id ${id}`, snippet, url);
    }
    const e = env.error as Record<string, unknown>;
    const code = typeof e.code === 'number' ? e.code : typeof e.code === 'bigint' ? Number(e.code) : Number(e.code ?? 0);
    const message = typeof e.message === 'string' ? e.message : JSON.stringify(e.message ?? e);
    throw new RpcError(Number.isFinite(code) ? code : 0, message, e.data ?? null, method);
  }
  if (!idMatches) {
    throw new MalformedResponseError('id', `Reply id ${JSON.stringify(replyId ?? null)} for request id ${id}`, snippet, url);
  }
  if (!('result' in env)) {
    throw new MalformedResponseError('envelope', 'Reply has neither result nor error', snippet, url);
  }
  return env.result;
}
