import type { Clock } from './clock.js';
import type { FetchLike } from './client.js';

/**
 * A service's topics, delivered from its transactional outbox to the subscribers configured for
 * them (docs/orders.md "Topics: the outbox and its relay"): at least once, each subscriber until it
 * acknowledges, with backoff. Each service keeps its own outbox table and store; this is the relay
 * they share (the order service's topics, the courier's).
 *
 * Exponential backoff from one second, at most ten minutes apart, given up after
 * MAX_DELIVERY_ATTEMPTS (about a day of trying) and then visible as failed.
 */
export const FIRST_RETRY_MS = 1_000;
export const MAX_RETRY_MS = 10 * 60_000;
export const MAX_DELIVERY_ATTEMPTS = 150;

/** The wait before the next attempt, after `attempts` failed ones (1, 2, …). */
export const retryDelayMs = (attempts: number) =>
  Math.min(MAX_RETRY_MS, FIRST_RETRY_MS * 2 ** Math.max(0, attempts - 1));

export interface Subscriber<T extends string = string> {
  name: string;
  url: string;
  /** The topics it takes; every topic when left out. */
  topics?: readonly T[];
}

/** Whether a subscriber takes a topic. */
export const takes = (subscriber: Subscriber, topic: string) =>
  !subscriber.topics || (subscriber.topics as readonly string[]).includes(topic);

/**
 * A message is delivered when every subscriber that takes its topic has acknowledged it; one
 * that no subscriber takes has no one to wait for.
 */
export const pendingSubscribers = <S extends Subscriber>(
  all: readonly S[],
  deliveredTo: readonly string[],
  topic: string,
) => all.filter((s) => takes(s, topic) && !deliveredTo.includes(s.name));

/**
 * Whether a topic is written to the outbox at all: only when some subscriber takes it. A topic
 * no one takes would be relayed to no one.
 */
export const announced = (all: readonly Subscriber[], topic: string) =>
  all.some((s) => takes(s, topic));

/**
 * Subscribers from the setting `setting` (its topics `topics`, each `what`: "an order topic"):
 * `name=url` pairs separated by commas
 * (`orchestration=http://127.0.0.1:3100/workflows/order-topics`), each taking every topic, or,
 * with the topics it takes in brackets, `name[order_paid|order_updated]=url`. Returns the
 * problem when the text cannot be read, so the process can refuse to start with it.
 */
export function parseSubscribers<T extends string>(
  text: string | undefined,
  setting: string,
  topics: readonly T[],
  what: string,
): Subscriber<T>[] | string {
  if (!text?.trim()) return [];
  const out: Subscriber<T>[] = [];
  for (const part of text.split(',')) {
    const [named, url] = part.split(/=(.*)/s).map((x) => x?.trim());
    const [, name, listed] = /^([a-z0-9_-]+)(?:\[([^\]]*)\])?$/i.exec(named ?? '') ?? [];
    if (!name || !url) {
      return `${setting} must be name=url pairs separated by commas; "${part.trim()}" is not one`;
    }
    let taken: T[] | undefined;
    if (listed !== undefined) {
      taken = [];
      for (const topic of listed.split('|').map((t) => t.trim())) {
        if (!(topics as readonly string[]).includes(topic)) {
          return `${setting}: "${topic}" is not ${what} (${topics.join(', ')})`;
        }
        taken.push(topic as T);
      }
    }
    try {
      const parsed = new URL(url);
      if (!['http:', 'https:'].includes(parsed.protocol)) throw new Error('protocol');
    } catch {
      return `${setting}: "${url}" is not an http(s) URL`;
    }
    if (out.some((s) => s.name === name)) {
      return `${setting} names ${name} twice`;
    }
    out.push({ name, url, ...(taken ? { topics: taken } : {}) });
  }
  return out;
}

/** What a service that announces topics takes: its subscribers and how its relay runs. */
export interface TopicServiceOptions<T extends string = string> {
  /** Who gets the topics; by default the service's setting (`…_TOPIC_SUBSCRIBERS`). */
  subscribers?: readonly Subscriber<T>[];
  /** How often the relay looks for topics to deliver; 0 turns it off (tests drive it). */
  relayEveryMs?: number;
  relay?: Omit<RelayOptions, 'subscribers'>;
}

/**
 * A service's relay settings: its subscribers, reached with the service credentials and, in one
 * process, the way services reach each other; the service's own relay options over them.
 */
export function serviceRelayOptions(
  runtime: { serviceToken: string; fetch?: RelayOptions['fetch'] },
  options: TopicServiceOptions<string>,
  subscribers: readonly Subscriber[],
): RelayOptions {
  return {
    token: runtime.serviceToken,
    ...(runtime.fetch ? { fetch: runtime.fetch } : {}),
    ...options.relay,
    subscribers,
  };
}

/** Subscribers read from a setting at start: a wrong setting stops the start with its problem. */
export function startingSubscribers<T extends string>(
  parsed: Subscriber<T>[] | string,
): Subscriber<T>[] {
  if (typeof parsed === 'string') throw new Error(parsed);
  return parsed;
}

export interface RelayOptions {
  subscribers: readonly Subscriber[];
  /** How subscribers are reached (HTTP by default). */
  fetch?: FetchLike;
  /** Sent as a bearer token, so subscribers know the call is ours. */
  token?: string;
  /** How long a claimed message is held before another relay may take it. */
  leaseMs?: number;
  batchSize?: number;
  timeoutMs?: number;
}

/** What the relay needs of an outbox row. */
export interface OutboxMessage {
  id: string;
  topic: string;
  attempts: number;
  deliveredTo: readonly string[];
}

/** The outcome of one attempt, for the store to record. */
export interface DeliveryAttempt {
  deliveredTo: string[];
  status: 'pending' | 'delivered' | 'failed';
  nextAttemptAt: Date;
  lastError: string | null;
  now: Date;
}

/** A service's outbox, as the relay uses it. */
export interface Outbox<M extends OutboxMessage> {
  /**
   * Claims up to `limit` due messages, holding them `leaseMs` (a relay that dies holding them
   * loses them when the lease runs out: at least once).
   */
  claim(now: Date, leaseMs: number, limit: number): Promise<M[]>;
  /** What a subscriber receives; its `id` is also the Idempotency-Key header. */
  envelope(message: M): unknown;
  record(id: string, attempt: DeliveryAttempt): Promise<void>;
}

async function deliverTo(
  options: RelayOptions,
  subscriber: Subscriber,
  id: string,
  body: unknown,
): Promise<string | undefined> {
  try {
    const res = await (options.fetch ?? fetch)(subscriber.url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'idempotency-key': id,
        ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
      },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(options.timeoutMs ?? 10_000),
    });
    await res.body?.cancel();
    return res.ok ? undefined : `${subscriber.name} answered ${res.status}`;
  } catch (err) {
    return `${subscriber.name} could not be reached: ${(err as Error).message}`;
  }
}

/**
 * One pass of the relay: claims the messages that are due and offers each to every subscriber
 * that has not acknowledged it yet. Nothing is held locked while subscribers are called.
 * Answers how many messages it handled.
 */
export async function relayOutbox<M extends OutboxMessage>(
  outbox: Outbox<M>,
  clock: Clock,
  options: RelayOptions,
): Promise<number> {
  const claimed = await outbox.claim(
    clock.now(),
    options.leaseMs ?? 30_000,
    options.batchSize ?? 20,
  );
  for (const message of claimed) {
    const deliveredTo = [...message.deliveredTo];
    const errors: string[] = [];
    for (const subscriber of pendingSubscribers(options.subscribers, deliveredTo, message.topic)) {
      const error = await deliverTo(options, subscriber, message.id, outbox.envelope(message));
      if (error) errors.push(error);
      else deliveredTo.push(subscriber.name);
    }
    const now = clock.now();
    const attempts = message.attempts + 1;
    await outbox.record(message.id, {
      deliveredTo,
      status:
        errors.length === 0
          ? 'delivered'
          : attempts >= MAX_DELIVERY_ATTEMPTS
            ? 'failed'
            : 'pending',
      nextAttemptAt: new Date(now.getTime() + (errors.length ? retryDelayMs(attempts) : 0)),
      lastError: errors.length ? errors.join('; ') : null,
      now,
    });
  }
  return claimed.length;
}

/**
 * Runs `pass` every `everyMs` (never two at once; 0 or less: never), reporting a failed pass to
 * `failed`. Answers the function that stops it (the service's close).
 */
export function relayEvery(
  everyMs: number,
  pass: () => Promise<unknown>,
  failed: (err: unknown) => void,
): () => void {
  if (everyMs <= 0) return () => {};
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    pass()
      .catch(failed)
      .finally(() => {
        running = false;
      });
  }, everyMs);
  timer.unref();
  return () => clearInterval(timer);
}
