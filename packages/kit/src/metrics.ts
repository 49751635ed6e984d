import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';

export { Counter, Gauge, Histogram, Registry };

/**
 * The process's one metrics registry (ADR 017): Node's own metrics (event-loop delay, heap,
 * resident memory, handles, GC) and whatever the services register on it through their runtime
 * (`ServiceRuntime.metrics`). Served as Prometheus text at `/metrics` by the server.
 */
export function processMetrics(labels: Record<string, string> = {}): Registry {
  const registry = new Registry();
  registry.setDefaultLabels(labels);
  collectDefaultMetrics({ register: registry });
  return registry;
}

/** 2xx, 4xx, 5xx…: the status label of request metrics (a bounded set, unlike raw codes per route). */
export const statusClass = (statusCode: number): string => `${Math.floor(statusCode / 100)}xx`;
