export const REPAINT_EVENT: string;
export interface AnsiCodec {
  tokenize(line: string): unknown[];
  styledCharsFromTokens(tokens: unknown[]): Array<{ value: string; fullWidth: boolean; styles: Array<{ code: string }> }>;
  rowCells?(y: number, text: string): readonly unknown[] | undefined;
}
export interface ScreenLog {
  (str: string): boolean;
  clear(): void;
  done(): void;
  sync(str: string): void;
  setCursorPosition(position: { x: number; y: number } | undefined): void;
  isCursorDirty(): boolean;
  willRender(str: string): boolean;
}
export function createScreenLog(stream: NodeJS.WriteStream | { write(s: string): unknown; isTTY?: boolean; on?: unknown; off?: unknown }, options: { showCursor?: boolean } | undefined, codec: AnsiCodec): ScreenLog;
export function toCells(line: string, codec: AnsiCodec): unknown[];
export function diffLine(row: number, before: readonly unknown[], now: readonly unknown[], nowText: string): string;
export function styledRun(chars: ReadonlyArray<{ value: string; styles: ReadonlyArray<{ code: string; endCode: string }> }>): string;
