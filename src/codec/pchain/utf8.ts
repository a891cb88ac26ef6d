const strict = new TextDecoder('utf-8', { fatal: true });

/** UTF-8 bytes to text. Invalid bytes become U+FFFD one byte at a time, as Go's encoding/json prints them. */
export function utf8ToString(bytes: Uint8Array): { text: string; valid: boolean } {
  try {
    return { text: strict.decode(bytes), valid: true };
  } catch {
    return { text: goLossyDecode(bytes), valid: false };
  }
}

function goLossyDecode(b: Uint8Array): string {
  let out = '';
  let i = 0;
  while (i < b.length) {
    const c = b[i]!;
    let need = 0;
    let min = 0;
    let cp = 0;
    if (c < 0x80) {
      out += String.fromCharCode(c);
      i++;
      continue;
    } else if (c >= 0xc2 && c <= 0xdf) {
      need = 1;
      cp = c & 0x1f;
      min = 0x80;
    } else if (c >= 0xe0 && c <= 0xef) {
      need = 2;
      cp = c & 0x0f;
      min = 0x800;
    } else if (c >= 0xf0 && c <= 0xf4) {
      need = 3;
      cp = c & 0x07;
      min = 0x10000;
    } else {
      out += '\ufffd';
      i++;
      continue;
    }
    let ok = i + need <= b.length - 1;
    for (let k = 1; ok && k <= need; k++) {
      const d = b[i + k]!;
      if ((d & 0xc0) !== 0x80) ok = false;
      else cp = (cp << 6) | (d & 0x3f);
    }
    if (!ok || cp < min || cp > 0x10ffff || (cp >= 0xd800 && cp <= 0xdfff)) {
      out += '\ufffd';
      i++;
      continue;
    }
    out += String.fromCodePoint(cp);
    i += need + 1;
  }
  return out;
}

const encoder = new TextEncoder();

export function stringToUtf8(s: string): Uint8Array {
  return encoder.encode(s);
}
