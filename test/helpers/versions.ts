// Which avalanchego releases serve a method, judged by the tests on their own (not by src/rpc's registry lookup, the
// code under test): a method is served from `since` up to, not including, `removedIn`.

/** Orders dotted release numbers (`v1.14.2`, `1.15.0`) by major, minor, patch. */
export function compareReleases(a: string, b: string): number {
  const pa = a.replace(/^v/, '').split('.').map(Number);
  const pb = b.replace(/^v/, '').split('.').map(Number);
  for (let i = 0; i < 3; i++) if ((pa[i] ?? 0) !== (pb[i] ?? 0)) return (pa[i] ?? 0) - (pb[i] ?? 0);
  return 0;
}

export function supportedAt(version: string, d: { since?: string; removedIn?: string }): boolean {
  if (d.since && compareReleases(version, d.since) < 0) return false;
  if (d.removedIn && compareReleases(version, d.removedIn) >= 0) return false;
  return true;
}
