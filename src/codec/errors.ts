// The codec throws nothing else: callers catch one class, and the offset tells where the input went wrong.
export class CodecError extends Error {
  override readonly name = 'CodecError';
  /** Byte offset in the decoded input (character offset for text encodings). */
  readonly offset?: number;
  /** The message without the offset suffix, for re-wrapping. */
  readonly reason: string;

  constructor(reason: string, offset?: number) {
    super(offset === undefined ? reason : `${reason} (at offset ${offset})`);
    this.reason = reason;
    this.offset = offset;
  }
}

export function isCodecError(err: unknown): err is CodecError {
  return err instanceof CodecError;
}

/** Runs an encoder; a malformed object (a missing list, a wrong field type) becomes a CodecError too. */
export function guardEncode<T>(what: string, fn: () => T): T {
  try {
    return fn();
  } catch (err) {
    if (err instanceof CodecError) throw err;
    throw new CodecError(`cannot encode ${what}: ${err instanceof Error ? err.message : String(err)}`);
  }
}
