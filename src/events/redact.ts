// Nothing secret reaches the state folder: an event's words come from errors, and an error may quote the URL it
// failed on (with its user and password) or a proxy's reply (with a token). Every text written is cleaned of the
// watched URL's credentials, every header value given on the command line, and anything shaped like credentials.

/** What must never be written for this node: its URL's user and password, its headers' values. */
export function secretsOf(url: string, headers: Readonly<Record<string, string>> = {}): string[] {
  const out: string[] = [];
  try {
    const u = new URL(url);
    if (u.username) out.push(u.username, decodeURIComponent(u.username));
    if (u.password) out.push(u.password, decodeURIComponent(u.password));
  } catch {
    // not a URL: nothing to take from it
  }
  for (const v of Object.values(headers)) {
    const value = v.trim();
    if (!value) continue;
    out.push(value);
    // "Bearer abc": the token alone may be quoted too.
    const token = /^\S+\s+(\S{4,})$/.exec(value)?.[1];
    if (token) out.push(token);
  }
  // Longest first, so a value is not left half replaced by a shorter one inside it.
  return [...new Set(out.filter((s) => s.length >= 3))].sort((a, b) => b.length - a.length);
}

const SHAPES: ReadonlyArray<[RegExp, string]> = [
  // scheme://user:pass@host
  [/([a-z][a-z0-9+.-]*:\/\/)[^/\s@]*@/gi, '$1'],
  // Authorization: Basic …, Bearer …, token=…
  [/\b(authorization|proxy-authorization)\s*[:=]\s*\S+(\s+\S+)?/gi, '$1: [redacted]'],
  [/\b(bearer|basic)\s+[A-Za-z0-9._~+/=-]{8,}/gi, '$1 [redacted]'],
  [/\b(token|api[_-]?key|password|secret)=([^&\s]+)/gi, '$1=[redacted]'],
];

export function redact(text: string, secrets: readonly string[]): string {
  let out = text;
  // By index: run for every request the console logs, in V8's interpreter, where each for-of step (and each pair
  // taken apart) allocates.
  for (let i = 0; i < secrets.length; i++) out = out.split(secrets[i]!).join('[redacted]');
  for (let i = 0; i < SHAPES.length; i++) out = out.replace(SHAPES[i]![0], SHAPES[i]![1]);
  return out;
}
