export class GenerationalMap<K = unknown, V = unknown> {
  constructor(limit?: number, weigh?: (key: K) => number);
  get(key: K): V | undefined;
  set(key: K, value: V): this;
  readonly size: number;
}
export const BLANK_CELL: Readonly<{ type: 'char'; value: ' '; fullWidth: false; styles: readonly unknown[] }>;
export const STYLED_LINE_LIMIT: number;
export function lineLength(line: string): number;
export function rowString<C>(cells: readonly C[], y: number, serialise: (cells: readonly C[]) => string): string;
export function trimRowMemo(height: number): void;
export function cachedSlice(line: string, from: number, to: number, slice: (line: string, from: number, to: number) => string): string;
export function markMutated(): void;
export function takeMutated(): boolean;
export function markIfChanged(props: Record<string, unknown> | undefined, style: unknown, oldProps: Record<string, unknown>, newProps: Record<string, unknown>): void;
export function stableTransform<F>(key: string, made: F): F;
export function rowCells<C>(y: number, text: string): readonly C[] | undefined;
export function rowText(chars: ReadonlyArray<{ value: string; styles: readonly unknown[] }>, ansi: { diffAnsiCodes(a: unknown[], b: unknown[]): unknown[]; ansiCodesToString(codes: unknown[]): string }): string;
export function cachedByText<R>(fn: (text: string) => R): (text: string) => R;
