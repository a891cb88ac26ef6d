export { createExpositionParser, parseExposition, parseValue, type Sample, type ParseStats, type MetricType } from './exposition';
export { QUANTITIES, WANTED_NAMES, isWanted, CHAINS, quantity, type Quantity, type MetricSource, type ChainAlias } from './names';
export { createResolver, type Resolved } from './resolve';
export { readMetrics, METRICS_PATH, METRICS_MAX_BYTES, MetricsUnavailableError, MetricsFormatError, MetricsTooLargeError, type MetricsReading, type MetricsGetter } from './fetch';
export { appendReading, latest, rate, rateSeries, gaugeSeries, meanPer, meanPerSeries, HISTORY_MS, RATE_WINDOW_MS, type MetricsSeries, type MetricsPoint, type Reading } from './series';
