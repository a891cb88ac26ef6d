export const NARROW_RANGES: ReadonlyArray<readonly [number, number]>;
export function narrowText(text: string): boolean;
export function narrowPlainText(text: string): boolean;
export function lazySegmenter(locale?: string, options?: Intl.SegmenterOptions): { segment(text: string): Iterable<Intl.SegmentData> & { containing(index?: number): Intl.SegmentData | undefined } };
export function lazyRegExp(
  source: string,
  flags?: string,
  skip?: (text: string) => boolean,
): { test(text: string): boolean; [Symbol.search](text: string): number; [Symbol.match](text: string): RegExpMatchArray | null };
