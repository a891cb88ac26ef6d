// A list of the reply read as the body streams in, its text never joined into the reply's: counted alone (getBalance's
// utxoIDs, 100,000 entries for a busy wallet, which the UTXOs pane only counts: 7.5 MB of text and about 100,000
// objects and strings every block), or handed over element by element, each element's text parsed and checked on
// its own and dropped (a 10,000-validator list is 9 MB of text and three times that as parsed JSON before the schema
// turns it into rows: the monitor's highest memory, docs/performance.md). The count takes the list's place, so the
// reply the client parses reads `"utxoIDs":100000`. What the node sent is still counted in full (bytes, values).

/** Longest key compared; longer strings at the result's top level are not remembered. */
const MAX_KEY = 64;

const QUOTE = 34;
const COLON = 58;
const COMMA = 44;
const OPEN_BRACE = 123;
const CLOSE_BRACE = 125;
const OPEN_BRACKET = 91;
const CLOSE_BRACKET = 93;
/** The result object's own members sit at this depth: {"result":{"key":[...]}}. */
const RESULT_DEPTH = 2;

const isSpace = (c: number) => c === 32 || c === 10 || c === 13 || c === 9;

export interface ListReader {
  /** The text of this piece of the body as the client should parse it: the list replaced by its length. */
  write(piece: string): string;
  /** Elements counted, once the list closed; undefined when the reply had no such list (null, missing, an error). */
  readonly count: number | undefined;
}

/**
 * Counts the elements of the array under `key` in the reply's `result` (one level, whatever the elements hold) and
 * drops its text; with `each`, hands it each element's text first, in order (what `each` throws ends the read).
 * Only an array is replaced: any other value (null, a number, an object) passes through as sent, for the result's
 * schema to judge.
 */
export function createListReader(key: string, each?: (text: string) => void): ListReader {
  let depth = 0;
  let inString = false;
  let escaped = false;
  // The string being read at the result's top level (a key, or a value), while it is short enough to be `key`.
  let str = '';
  let strLong = false;
  let lastString: string | undefined;
  // `"key":` seen; the next value decides.
  let armed = false;
  let skipping = false;
  let commas = 0;
  let sawElement = false;
  let count: number | undefined;
  // The element being read (with `each`): its text from earlier pieces, and where it starts in this one.
  let element = '';
  let elementFrom = 0;

  function write(piece: string): string {
    let out = '';
    let from = 0;
    const n = piece.length;
    // Strings are most of a reply: their insides are jumped over to the next quote or backslash (the native
    // indexOf), the next backslash looked for once and again only once passed.
    let backslash = piece.indexOf('\\');
    for (let i = 0; i < n; i++) {
      if (inString) {
        const recording = !skipping && depth === RESULT_DEPTH && !strLong;
        if (escaped) {
          escaped = false;
          // A key with an escape in it is not `key` (a plain name).
          if (recording) strLong = true;
          continue;
        }
        if (backslash !== -1 && backslash < i) backslash = piece.indexOf('\\', i);
        const quote = piece.indexOf('"', i);
        const stop = backslash !== -1 && (quote === -1 || backslash < quote) ? backslash : quote;
        const end = stop === -1 ? n : stop;
        if (recording) {
          str += piece.slice(i, Math.min(end, i + MAX_KEY + 1 - str.length));
          if (str.length > MAX_KEY) strLong = true;
        }
        i = end;
        if (stop === -1) break;
        if (stop === backslash) escaped = true;
        else {
          inString = false;
          if (!skipping && depth === RESULT_DEPTH) lastString = strLong ? undefined : str;
        }
        continue;
      }
      const c = piece.charCodeAt(i);
      if (isSpace(c)) continue;
      if (skipping) {
        if (depth === RESULT_DEPTH + 1 && c !== CLOSE_BRACKET) {
          if (c === COMMA) {
            commas++;
            if (each) {
              each(element + piece.slice(elementFrom, i));
              element = '';
              elementFrom = i + 1;
            }
          } else sawElement = true;
        }
        if (c === QUOTE) inString = true;
        else if (c === OPEN_BRACE || c === OPEN_BRACKET) depth++;
        else if (c === CLOSE_BRACE || c === CLOSE_BRACKET) {
          depth--;
          if (depth === RESULT_DEPTH) {
            skipping = false;
            count = sawElement ? commas + 1 : 0;
            if (each && sawElement) each(element + piece.slice(elementFrom, i));
            element = '';
            out += String(count);
            from = i + 1;
          }
        }
        continue;
      }
      if (armed) {
        armed = false;
        if (c === OPEN_BRACKET) {
          out += piece.slice(from, i);
          skipping = true;
          depth++;
          commas = 0;
          sawElement = false;
          element = '';
          elementFrom = i + 1;
          continue;
        }
      }
      if (c === QUOTE) {
        inString = true;
        escaped = false;
        str = '';
        strLong = false;
      } else if (c === COLON) {
        armed = depth === RESULT_DEPTH && lastString === key;
        lastString = undefined;
      } else if (c === OPEN_BRACE || c === OPEN_BRACKET) {
        depth++;
        lastString = undefined;
      } else if (c === CLOSE_BRACE || c === CLOSE_BRACKET) {
        depth--;
        lastString = undefined;
      } else if (c === COMMA) {
        lastString = undefined;
      }
    }
    if (!skipping) out += piece.slice(from);
    else if (each) {
      element += piece.slice(elementFrom);
      elementFrom = 0;
    }
    return out;
  }

  return {
    write,
    get count() {
      return count;
    },
  };
}
