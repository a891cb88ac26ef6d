import { CodecError } from './errors';

const MAX_U64 = (1n << 64n) - 1n;

/** Big-endian growable buffer, the inverse of ByteReader. Values out of range throw CodecError. */
export class ByteWriter {
  private buf: Uint8Array;
  private view: DataView;
  pos = 0;

  constructor(initial = 256) {
    this.buf = new Uint8Array(initial);
    this.view = new DataView(this.buf.buffer);
  }

  private room(n: number): void {
    if (this.pos + n <= this.buf.length) return;
    let size = this.buf.length * 2;
    while (size < this.pos + n) size *= 2;
    const next = new Uint8Array(size);
    next.set(this.buf.subarray(0, this.pos));
    this.buf = next;
    this.view = new DataView(next.buffer);
  }

  u8(v: number, what = 'uint8'): void {
    if (!Number.isInteger(v) || v < 0 || v > 0xff) throw new CodecError(`${what} out of range: ${v}`);
    this.room(1);
    this.buf[this.pos++] = v;
  }

  u16(v: number, what = 'uint16'): void {
    if (!Number.isInteger(v) || v < 0 || v > 0xffff) throw new CodecError(`${what} out of range: ${v}`);
    this.room(2);
    this.view.setUint16(this.pos, v);
    this.pos += 2;
  }

  u32(v: number, what = 'uint32'): void {
    if (!Number.isInteger(v) || v < 0 || v > 0xffffffff) throw new CodecError(`${what} out of range: ${v}`);
    this.room(4);
    this.view.setUint32(this.pos, v);
    this.pos += 4;
  }

  u64(v: bigint | number, what = 'uint64'): void {
    const b = typeof v === 'bigint' ? v : Number.isSafeInteger(v) ? BigInt(v) : -1n;
    if (b < 0n || b > MAX_U64) throw new CodecError(`${what} out of range: ${String(v)}`);
    this.room(8);
    this.view.setBigUint64(this.pos, b);
    this.pos += 8;
  }

  bool(v: boolean): void {
    this.u8(v ? 1 : 0);
  }

  fixed(v: Uint8Array, n: number, what: string): void {
    if (!(v instanceof Uint8Array) || v.length !== n) {
      throw new CodecError(`${what} must be ${n} bytes, got ${v instanceof Uint8Array ? v.length : typeof v}`);
    }
    this.room(n);
    this.buf.set(v, this.pos);
    this.pos += n;
  }

  raw(v: Uint8Array): void {
    this.room(v.length);
    this.buf.set(v, this.pos);
    this.pos += v.length;
  }

  varBytes(v: Uint8Array, what: string): void {
    if (!(v instanceof Uint8Array)) throw new CodecError(`${what} must be bytes`);
    this.u32(v.length, `${what} length`);
    this.raw(v);
  }

  stringBytes(v: Uint8Array, what: string): void {
    if (v.length > 0xffff) throw new CodecError(`${what} longer than 65535 bytes`);
    this.u16(v.length, `${what} length`);
    this.raw(v);
  }

  count(n: number, what: string): void {
    this.u32(n, `${what} count`);
  }

  finish(): Uint8Array {
    return this.buf.slice(0, this.pos);
  }
}
