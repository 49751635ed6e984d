/** The part of autocannon 8's programmatic API the benchmarks use (it ships no types). */
declare module 'autocannon' {
  interface Histogram {
    min: number;
    max: number;
    average: number;
    stddev: number;
    p2_5: number;
    p50: number;
    p75: number;
    p90: number;
    p97_5: number;
    p99: number;
    p99_9: number;
    p99_99: number;
    p99_999: number;
  }

  interface Options {
    url: string;
    connections?: number;
    duration?: number;
    pipelining?: number;
    timeout?: number;
    method?: string;
    headers?: Record<string, string>;
    body?: string;
    title?: string;
    /** Worker threads that make the requests (0: on the caller's event loop). */
    workers?: number;
  }

  interface Result {
    title?: string;
    url: string;
    requests: Histogram & { total: number; sent: number };
    latency: Histogram & { totalCount: number };
    throughput: Histogram & { total: number };
    duration: number;
    errors: number;
    timeouts: number;
    mismatches: number;
    non2xx: number;
    connections: number;
    pipelining: number;
    statusCodeStats: Record<string, { count: number }>;
  }

  interface Instance extends PromiseLike<Result> {
    stop(): void;
  }

  function autocannon(options: Options): Instance;

  export type { Options, Result, Histogram, Instance };
  export default autocannon;
}
