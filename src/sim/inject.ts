// "Inject" mode: terminal control sequences in every string the node serves, for checking that nothing a node
// returns can reach the terminal raw.

/** Hostile payloads: CSI, OSC 52 (clipboard write), OSC 8 (hyperlink), DCS, C1 controls, bidi overrides. */
export const ESCAPE_PAYLOADS: readonly string[] = [
  '\u001b[2J\u001b[H',
  '\u001b[31;1m',
  '\u001b]52;c;ZXZpbA==\u0007',
  '\u001b]8;;https://evil.example/\u001b\\link\u001b]8;;\u001b\\',
  '\u001bP+q544e\u001b\\',
  '\u009b6n',
  '\u009d0;title\u009c',
  '\u0085\u008d',
  '\u202eevil\u202c',
  '\u2066\u2067\u2069',
  '\r\u001b[1A\u001b[K',
  '\u0007\u0008\u007f',
];

export type InjectScope = 'all' | 'text';

/** Keys whose values are free text (names, versions, messages) rather than IDs, numbers or blobs. */
const TEXT_KEYS = new Set([
  'version',
  'name',
  'networkName',
  'databaseVersion',
  'gitCommit',
  'reason',
  'error',
  'message',
  'avm',
  'evm',
  'platform',
  'subnet-evm',
  'chainName',
  'ip',
  'publicIP',
  'benched',
  'longestProcessingBlock',
  'timeSinceLastMsgReceived',
  'timeSinceLastMsgSent',
  'longestRunningRequest',
]);

export class Injector {
  private n = 0;
  constructor(private readonly scope: InjectScope = 'all') {}

  text(s: string): string {
    const payload = ESCAPE_PAYLOADS[this.n++ % ESCAPE_PAYLOADS.length]!;
    const cut = Math.min(s.length, 1 + (this.n % Math.max(1, s.length)));
    return s.slice(0, cut) + payload + s.slice(cut);
  }

  apply(value: unknown, key = ''): unknown {
    if (typeof value === 'string') return this.scope === 'all' || TEXT_KEYS.has(key) ? this.text(value) : value;
    if (Array.isArray(value)) return value.map((v) => this.apply(v, key));
    if (value && typeof value === 'object') {
      const out: Record<string, unknown> = {};
      for (const [k, v] of Object.entries(value)) out[k] = this.apply(v, k);
      return out;
    }
    return value;
  }
}
