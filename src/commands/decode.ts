// `avatop decode`: prints a P-chain blob (tx, block, UTXO, output) as the node's `encoding: "json"` would.
import { networkIdFromName } from '../codec/address';
import { CodecError } from '../codec/errors';
import { exitFor } from '../config/exit-codes';
import { fromHex } from '../codec/hex';
import { stringifyJsonBig } from '../codec/json-big';
import { decodeAny, DECODE_KINDS, type DecodeKind } from '../codec/pchain/detect';
import { toNodeJson } from '../codec/pchain/node-json';

const MAX_STDIN_BYTES = 64 * 1024 * 1024;

export const DECODE_HELP = `Usage: avatop decode [options] <HEX | ->

Decodes a P-chain transaction (signed or unsigned), block, UTXO or transferable
output and prints it as avalanchego's encoding:"json" would (2-space indent).
HEX may carry the API's 4-byte checksum or not (detected), with or without 0x;
"-" reads the hex from standard input.

Options:
  --as <kind>       decode as tx | block | utxo | output (default: detect)
  --network <id>    network for address HRPs: a number or a name (mainnet, fuji,
                    local, testing); default: the tx's own networkID, else 1
  -h, --help        show this help

Exit status: 0 decoded, ${exitFor('undecodable')} (WARNING) bad input, ${exitFor('usage')} (UNKNOWN) bad usage.
`;

type Options = { input?: string; kinds: readonly DecodeKind[]; network?: number; help: boolean };

function parseArgs(argv: string[]): Options | string {
  const opts: Options = { kinds: DECODE_KINDS, help: false };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    const eq = arg.startsWith('--') ? arg.indexOf('=') : -1;
    const name = eq > 0 ? arg.slice(0, eq) : arg;
    const value = (): string | undefined => (eq > 0 ? arg.slice(eq + 1) : argv[++i]);
    if (name === '-h' || name === '--help') {
      opts.help = true;
    } else if (name === '--as') {
      const v = value();
      if (!v || !(DECODE_KINDS as readonly string[]).includes(v)) return `--as needs one of ${DECODE_KINDS.join(', ')}`;
      opts.kinds = [v as DecodeKind];
    } else if (name === '--network') {
      const v = value();
      const id = v === undefined ? undefined : networkIdFromName(v);
      if (id === undefined) return `--network needs a network ID or name, got ${v === undefined ? 'nothing' : JSON.stringify(v)}`;
      opts.network = id;
    } else if (arg === '-' || !arg.startsWith('-')) {
      if (opts.input !== undefined) return 'give exactly one HEX argument (or - for stdin)';
      opts.input = arg;
    } else {
      return `unknown option ${arg}`;
    }
  }
  return opts;
}

async function readStdin(): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of process.stdin) {
    const b = typeof chunk === 'string' ? Buffer.from(chunk) : (chunk as Buffer);
    size += b.length;
    if (size > MAX_STDIN_BYTES) throw new CodecError(`input larger than ${MAX_STDIN_BYTES} bytes`);
    chunks.push(b);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/** Hex text to bytes, forgiving what a copy and paste brings along: whitespace, quotes, a missing 0x. */
export function hexArgToBytes(text: string): Uint8Array {
  let s = text.trim();
  if (s.length >= 2 && s.startsWith('"') && s.endsWith('"')) s = s.slice(1, -1).trim();
  const prefix = s.startsWith('0x') || s.startsWith('0X') ? 2 : 0;
  if (s.length === prefix) throw new CodecError('empty input', 0);
  return fromHex(s.slice(prefix), prefix);
}

/** The command's pure core: hex text in, JSON text out; the error names a character or a byte offset. */
export function decodeToJsonText(text: string, kinds: readonly DecodeKind[] = DECODE_KINDS, network?: number): string {
  let bytes: Uint8Array;
  try {
    bytes = hexArgToBytes(text);
  } catch (err) {
    throw err instanceof CodecError ? new DecodeInputError(`bad hex: ${err.reason}`, err.offset, 'character') : err;
  }
  try {
    const { decoded } = decodeAny(bytes, kinds);
    return stringifyJsonBig(toNodeJson(decoded, network), 2) + '\n';
  } catch (err) {
    throw err instanceof CodecError ? new DecodeInputError(err.reason, err.offset, 'byte') : err;
  }
}

export class DecodeInputError extends Error {
  constructor(
    readonly reason: string,
    readonly offset: number | undefined,
    readonly unit: 'byte' | 'character',
  ) {
    super(offset === undefined ? reason : `${reason} at ${unit} offset ${offset}`);
  }
}

export async function run(argv: string[]): Promise<number> {
  const opts = parseArgs(argv);
  if (typeof opts === 'string') {
    process.stderr.write(`avatop decode: ${opts}\n(see avatop decode --help)\n`);
    return exitFor('usage');
  }
  if (opts.help) {
    process.stdout.write(DECODE_HELP);
    return 0;
  }
  if (opts.input === undefined) {
    process.stderr.write(`avatop decode: missing HEX argument (or - for stdin)\n(see avatop decode --help)\n`);
    return exitFor('usage');
  }
  try {
    const text = opts.input === '-' ? await readStdin() : opts.input;
    process.stdout.write(decodeToJsonText(text, opts.kinds, opts.network));
    return 0;
  } catch (err) {
    if (!(err instanceof CodecError || err instanceof DecodeInputError)) throw err;
    process.stderr.write(`avatop decode: ${err.message.replace(/[\r\n]+/g, ' ')}\n`);
    return exitFor('undecodable');
  }
}
