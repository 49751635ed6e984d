import { orderTopics, type OrderTopic } from '@pawfresh/contracts/order';

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
  /** The topics it takes; every topic when left out. */
  topics?: readonly OrderTopic[];
}

/** Whether a subscriber takes a topic. */
export const takes = (subscriber: Subscriber, topic: string) =>
  !subscriber.topics || (subscriber.topics as readonly string[]).includes(topic);

/**
 * A message is delivered when every subscriber that takes its topic has acknowledged it; one
 * that no subscriber takes has no one to wait for.
 */
export const pendingSubscribers = (
  all: readonly Subscriber[],
  deliveredTo: readonly string[],
  topic: string,
) => all.filter((s) => takes(s, topic) && !deliveredTo.includes(s.name));

/**
 * Whether a topic is written to the outbox at all: only when some subscriber takes it. A topic
 * no one takes would be relayed to no one (docs/orders.md "Topics").
 */
export const announced = (all: readonly Subscriber[], topic: OrderTopic) =>
  all.some((s) => takes(s, topic));

/**
 * Subscribers from configuration: `name=url` pairs separated by commas
 * (`orchestration=http://127.0.0.1:3100/workflows/order-topics`), each taking every topic, or,
 * with the topics it takes in brackets, `name[order_paid|order_updated]=url`. Returns the
 * problem when the text cannot be read, so the process can refuse to start with it.
 */
export function parseSubscribers(text: string | undefined): Subscriber[] | string {
  if (!text?.trim()) return [];
  const out: Subscriber[] = [];
  for (const part of text.split(',')) {
    const [named, url] = part.split(/=(.*)/s).map((x) => x?.trim());
    const [, name, listed] = /^([a-z0-9_-]+)(?:\[([^\]]*)\])?$/i.exec(named ?? '') ?? [];
    if (!name || !url) {
      return `ORDER_TOPIC_SUBSCRIBERS must be name=url pairs separated by commas; "${part.trim()}" is not one`;
    }
    let topics: OrderTopic[] | undefined;
    if (listed !== undefined) {
      topics = [];
      for (const topic of listed.split('|').map((t) => t.trim())) {
        if (!(orderTopics as readonly string[]).includes(topic)) {
          return `ORDER_TOPIC_SUBSCRIBERS: "${topic}" is not an order topic (${orderTopics.join(', ')})`;
        }
        topics.push(topic as OrderTopic);
      }
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
    out.push({ name, url, ...(topics ? { topics } : {}) });
  }
  return out;
}
