// The name of a watched address in the state folder (events/paths.ts): the codec's SHA-256, not node:crypto's, which
// the monitor does not otherwise load (docs/performance.md, branch rss36). The same names as before: they are folder
// and file keys already on users' disks.
import { toHex } from '../../codec/hex';
import { sha256 } from '../../codec/sha256';

/**
 * A watched address as a key: a hash of its origin and path, credentials left out, so the folder says nothing of
 * the URL and a password never reaches the disk.
 */
export function targetKey(url: string): string {
  let text = url;
  try {
    const u = new URL(url);
    text = `${u.protocol}//${u.host}${u.pathname.replace(/\/+$/, '')}`;
  } catch {
    // not a URL: hashed as given
  }
  return toHex(sha256(new TextEncoder().encode(text))).slice(0, 24);
}
