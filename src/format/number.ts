// Percentages and counts for table cells and the header.

export function formatPercent(value: number | null | undefined, decimals = 2): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return '—';
  return `${value.toFixed(decimals)}%`;
}

export function formatCount(value: number | bigint | null | undefined): string {
  if (value === null || value === undefined) return '—';
  if (typeof value === 'number' && !Number.isFinite(value)) return '—';
  const text = typeof value === 'bigint' ? value.toString() : Math.trunc(value).toString();
  return text.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

export function formatLatency(ms: number | null | undefined): string {
  if (ms === null || ms === undefined || !Number.isFinite(ms)) return '—';
  if (ms < 10) return `${ms.toFixed(1)}ms`;
  if (ms < 1000) return `${Math.round(ms)}ms`;
  return `${(ms / 1000).toFixed(2)}s`;
}

export function formatBytes(bytes: number | null | undefined): string {
  if (bytes === null || bytes === undefined || !Number.isFinite(bytes)) return '—';
  if (bytes < 1024) return `${bytes}B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)}KiB`;
  if (bytes < 1024 ** 3) return `${(bytes / 1024 / 1024).toFixed(1)}MiB`;
  // Disks and resident memory (/ext/metrics); a node on an in-memory database reports 2^64 bytes free.
  const units = ['GiB', 'TiB', 'PiB', 'EiB'];
  let v = bytes / 1024 ** 3;
  let i = 0;
  while (v >= 1024 && i < units.length - 1) {
    v /= 1024;
    i++;
  }
  return `${v.toFixed(1)}${units[i]}`;
}

/** Counts in a few columns: 4,101, 57.1k, 1.2M (bootstrap progress in the header). */
export function formatCompact(value: number | null | undefined): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return '—';
  const a = Math.abs(value);
  if (a >= 1e9) return `${(value / 1e9).toFixed(1)}G`;
  if (a >= 1e6) return `${(value / 1e6).toFixed(1)}M`;
  if (a >= 1e4) return `${(value / 1e3).toFixed(1)}k`;
  return formatCount(value);
}

/**
 * `value` to `decimals` places, as the number that decimal means: k / 10^d is the double nearest that decimal, so
 * JavaScript and Prometheus write it as written (0.003702, not 0.003702132000000347).
 */
export function roundTo(value: number, decimals: number): number {
  if (!Number.isFinite(value)) return value;
  const scale = 10 ** decimals;
  const rounded = Math.round(value * scale) / scale;
  // A scaled value past 2^53 has no fraction left to round: keep it (nAVAX amounts, Unix milliseconds).
  return Number.isFinite(rounded) ? rounded + 0 : value;
}
