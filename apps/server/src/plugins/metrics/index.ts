export { metricsPlugin, type Metrics, type MetricsOptions } from './metrics.plugin.ts';
