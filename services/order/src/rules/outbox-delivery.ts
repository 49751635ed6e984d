/**
 * How the relay retries a topic a subscriber has not acknowledged (docs/orders.md "Topics"):
 * exponential backoff from one second, at most ten minutes apart, given up after
 * MAX_DELIVERY_ATTEMPTS (about a day of trying) and then visible as failed.
 */
export const FIRST_RETRY_MS = 1_000;
export const MAX_RETRY_MS = 10 * 60_000;
export const MAX_DELIVERY_ATTEMPTS = 150;

/** The wait before the next attempt, after `attempts` failed ones (1, 2, …). */
export const retryDelayMs = (attempts: number) =>
  Math.min(MAX_RETRY_MS, FIRST_RETRY_MS * 2 ** Math.max(0, attempts - 1));

export interface Subscriber {
  name: string;
  url: string;
}

/** A message is delivered when every subscriber has acknowledged it. */
export const pendingSubscribers = (all: readonly Subscriber[], deliveredTo: readonly string[]) =>
  all.filter((s) => !deliveredTo.includes(s.name));

/**
 * Subscribers from configuration: `name=url` pairs separated by commas
 * (`orchestration=http://127.0.0.1:3100/workflows/order-topics`). Returns the problem when the
 * text cannot be read, so the process can refuse to start with it.
 */
export function parseSubscribers(text: string | undefined): Subscriber[] | string {
  if (!text?.trim()) return [];
  const out: Subscriber[] = [];
  for (const part of text.split(',')) {
    const [name, url] = part.split(/=(.*)/s).map((x) => x?.trim());
    if (!name || !url || !/^[a-z0-9_-]+$/i.test(name)) {
      return `ORDER_TOPIC_SUBSCRIBERS must be name=url pairs separated by commas; "${part.trim()}" is not one`;
    }
    try {
      const parsed = new URL(url);
      if (!['http:', 'https:'].includes(parsed.protocol)) throw new Error('protocol');
    } catch {
      return `ORDER_TOPIC_SUBSCRIBERS: "${url}" is not an http(s) URL`;
    }
    if (out.some((s) => s.name === name)) {
      return `ORDER_TOPIC_SUBSCRIBERS names ${name} twice`;
    }
    out.push({ name, url });
  }
  return out;
}
