import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';

/**
 * The one channel every revision bump notifies (ADR 008), with the changed key as payload
 * (`courier.coverage`, `order.customer:<userId>`…). A bump sends it with `pg_notify` in the
 * write's own transaction, so it is delivered when, and only when, the write commits.
 */
export const REVISION_CHANNEL = 'pawfresh_revision';

/** Where the watch stood when a read began; see `RevisionWatch.unchangedSince`. */
export interface RevisionMark {
  readonly epoch: number;
  readonly seq: number;
}

/**
 * Revision notifications heard by this process (ADR 008): lets a cache trust what it read without
 * asking the database, for as long as no change of its key was notified since the read began.
 */
export interface RevisionWatch {
  /**
   * Take it **before** reading what will be kept. Undefined while this process is not listening
   * (starting, or the listening connection dropped): check the revision in the database instead.
   */
  mark(): RevisionMark | undefined;
  /** True when nothing changed `key` since `mark` and the listener has not dropped meanwhile. */
  unchangedSince(key: string, mark: RevisionMark): boolean;
  /**
   * The same for every key of a family at once: no key `<family><anything>` changed since `mark`
   * (`family` is a key's part up to and including its first `:`, as `order.customer:`).
   */
  unchangedUnder(family: string, mark: RevisionMark): boolean;
  /**
   * A change made by this process, recorded once its transaction has committed so that this
   * process's next read does not wait for the notification (`undefined`: every key).
   */
  changed(key?: string): void;
}

/** Keys remembered with the change that last touched them; older ones fold into one floor. */
const MAX_KEYS = 10_000;
const RETRY_MS = 1_000;

export class RevisionLog implements RevisionWatch {
  #listening = false;
  #epoch = 0;
  #seq = 0;
  /** Marks older than this are stale for every key (a forgotten key, or a change of all). */
  #floor = 0;
  readonly #last = new Map<string, number>();
  /** The change that last touched any key of a family (`familyOf`). */
  readonly #lastUnder = new Map<string, number>();

  mark(): RevisionMark | undefined {
    return this.#listening ? { epoch: this.#epoch, seq: this.#seq } : undefined;
  }

  unchangedSince(key: string, mark: RevisionMark): boolean {
    return this.#unchanged(mark, this.#last.get(key));
  }

  unchangedUnder(family: string, mark: RevisionMark): boolean {
    return this.#unchanged(mark, this.#lastUnder.get(family));
  }

  /** Nothing dropped since `mark`, and the last change of what is asked (`last`) not after it. */
  #unchanged(mark: RevisionMark, last = 0): boolean {
    return (
      this.#listening && mark.epoch === this.#epoch && mark.seq >= this.#floor && last <= mark.seq
    );
  }

  changed(key?: string): void {
    this.#seq += 1;
    if (key === undefined) {
      this.#floor = this.#seq;
      return;
    }
    const family = familyOf(key);
    if (family) this.#lastUnder.set(family, this.#seq);
    this.#last.delete(key);
    this.#last.set(key, this.#seq);
    if (this.#last.size > MAX_KEYS) {
      // The oldest quarter folds into the floor in one pass. Dropping one key a change cost a walk
      // over every entry deleted before it (a Map iterates from its start, and V8 keeps deleted
      // entries until it rehashes): ~35 µs a notification while order generation bumped 100,000
      // customers.
      let drop = this.#last.size - (MAX_KEYS * 3) / 4;
      for (const [oldest, seq] of this.#last) {
        if (drop-- <= 0) break;
        this.#last.delete(oldest);
        this.#floor = Math.max(this.#floor, seq);
      }
    }
  }

  /** Listening (again): nothing read before can be trusted, since notifications may be lost. */
  listening(on: boolean): void {
    this.#listening = on;
    this.#epoch += 1;
    this.#seq += 1;
    this.#floor = this.#seq;
    this.#last.clear();
    this.#lastUnder.clear();
  }
}

/** A key's family: its part up to and including its first `:` (none without one). */
const familyOf = (key: string) => {
  const end = key.indexOf(':');
  return end < 0 ? undefined : key.slice(0, end + 1);
};

/** The embedded database: notifications are delivered before the committing query returns. */
export function watchPglite(client: PGlite): { watch: RevisionWatch; stop(): Promise<void> } {
  const log = new RevisionLog();
  const started = client
    .listen(REVISION_CHANNEL, (key) => log.changed(key))
    .then((unlisten) => {
      log.listening(true);
      return unlisten;
    });
  return {
    watch: log,
    stop: async () => {
      log.listening(false);
      if (!client.closed) await (await started)();
    },
  };
}

/**
 * A server: one connection of its own LISTENs. While it is down (or not yet up) marks are
 * undefined and callers check the database; it reconnects every second until stopped.
 */
export function watchPostgres(url: string): { watch: RevisionWatch; stop(): Promise<void> } {
  const log = new RevisionLog();
  let client: pg.Client | undefined;
  let stopped = false;
  let retry: NodeJS.Timeout | undefined;
  const drop = (c: pg.Client) => {
    if (client !== c) return;
    client = undefined;
    log.listening(false);
    void c.end().catch(() => {});
    if (!stopped) retry = setTimeout(connectOnce, RETRY_MS).unref();
  };
  function connectOnce() {
    const c = new pg.Client({ connectionString: url });
    client = c;
    c.on('error', () => drop(c));
    c.on('end', () => drop(c));
    c.on('notification', (n) => {
      if (n.channel === REVISION_CHANNEL && n.payload !== undefined) log.changed(n.payload);
    });
    c.connect()
      .then(() => c.query(`LISTEN ${REVISION_CHANNEL}`))
      .then(() => {
        if (client === c && !stopped) log.listening(true);
      })
      .catch(() => drop(c));
  }
  connectOnce();
  return {
    watch: log,
    stop: async () => {
      stopped = true;
      if (retry) clearTimeout(retry);
      const c = client;
      client = undefined;
      log.listening(false);
      if (c) await c.end().catch(() => {});
    },
  };
}

/**
 * Values read from one revisioned part of the data (ADR 008), kept while its revision stands: no
 * query while nothing was notified since the last check, one tiny read of the revision otherwise
 * (or when not listening), and everything forgotten when that revision moved.
 */
export class RevisionCache<V> {
  readonly #values = new Map<string, V>();
  #revision: unknown;
  #generation = 0;
  #mark: RevisionMark | undefined;

  constructor(
    private readonly watch: RevisionWatch,
    private readonly key: string,
    private readonly readRevision: () => Promise<unknown>,
    private readonly maxValues = 50_000,
  ) {}

  /** Revalidates (for free when nothing was notified), then answers `id` from memory or `load`. */
  async get(id: string, load: () => Promise<V>): Promise<V> {
    await this.revalidate();
    if (this.#values.has(id)) return this.#values.get(id)!;
    const generation = this.#generation;
    // Read after the revision: what is kept is at least as new as the revision it is kept under.
    const value = await load();
    if (generation === this.#generation) {
      if (this.#values.size >= this.maxValues) this.#values.clear();
      this.#values.set(id, value);
    }
    return value;
  }

  /** Forgets what was kept if the revision moved since; free while nothing was notified. */
  async revalidate(): Promise<void> {
    if (this.#mark && this.watch.unchangedSince(this.key, this.#mark)) return;
    const mark = this.watch.mark();
    const revision = await this.readRevision();
    if (revision !== this.#revision) {
      this.#values.clear();
      this.#revision = revision;
      this.#generation += 1;
    }
    this.#mark = mark;
  }
}
