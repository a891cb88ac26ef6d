import { CodecError } from './errors';

/**
 * Big-endian cursor over a byte array, per avalanchego's wrappers.Packer. Every read checks the remaining length
 * first and fails with CodecError at the offset of the field, so hostile lengths never drive allocations.
 */
export class ByteReader {
  readonly bytes: Uint8Array;
  private readonly view: DataView;
  pos: number;
  readonly end: number;

  constructor(bytes: Uint8Array, start = 0, end = bytes.length) {
    this.bytes = bytes;
    this.view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    this.pos = start;
    this.end = end;
  }

  get remaining(): number {
    return this.end - this.pos;
  }

  fail(reason: string, at = this.pos): never {
    throw new CodecError(reason, at);
  }

  need(n: number, what: string): void {
    if (this.end - this.pos < n) {
      this.fail(`truncated ${what}: need ${n} bytes, ${this.end - this.pos} left`);
    }
  }

  u8(what = 'uint8'): number {
    this.need(1, what);
    return this.bytes[this.pos++]!;
  }

  u16(what = 'uint16'): number {
    this.need(2, what);
    const v = this.view.getUint16(this.pos);
    this.pos += 2;
    return v;
  }

  u32(what = 'uint32'): number {
    this.need(4, what);
    const v = this.view.getUint32(this.pos);
    this.pos += 4;
    return v;
  }

  u64(what = 'uint64'): bigint {
    this.need(8, what);
    const v = this.view.getBigUint64(this.pos);
    this.pos += 8;
    return v;
  }

  bool(what = 'bool'): boolean {
    const at = this.pos;
    const b = this.u8(what);
    if (b > 1) this.fail(`invalid bool value ${b} for ${what}`, at);
    return b === 1;
  }

  /** A fixed-size array (ids.ID, ids.ShortID, keys, signatures), copied out. */
  fixed(n: number, what: string): Uint8Array {
    this.need(n, what);
    const v = this.bytes.slice(this.pos, this.pos + n);
    this.pos += n;
    return v;
  }

  /** []byte: uint32 length, then the bytes. */
  varBytes(what: string): Uint8Array {
    const at = this.pos;
    const n = this.u32(`${what} length`);
    if (n > this.end - this.pos) this.fail(`${what} length ${n} runs past the end (${this.end - this.pos} bytes left)`, at);
    const v = this.bytes.slice(this.pos, this.pos + n);
    this.pos += n;
    return v;
  }

  /** string: uint16 length, then the UTF-8 bytes (returned raw; the caller decides how to show them). */
  stringBytes(what: string): Uint8Array {
    const at = this.pos;
    const n = this.u16(`${what} length`);
    if (n > this.end - this.pos) this.fail(`${what} length ${n} runs past the end (${this.end - this.pos} bytes left)`, at);
    const v = this.bytes.slice(this.pos, this.pos + n);
    this.pos += n;
    return v;
  }

  /** A slice count, refused when even the smallest elements could not fit in what is left. */
  count(minElementSize: number, what: string): number {
    const at = this.pos;
    const n = this.u32(`${what} count`);
    if (n * minElementSize > this.end - this.pos) {
      this.fail(`${what} count ${n} exceeds the ${this.end - this.pos} bytes left`, at);
    }
    return n;
  }

  expectEnd(): void {
    if (this.pos !== this.end) this.fail(`trailing buffer space: ${this.end - this.pos} bytes after the object`);
  }
}
