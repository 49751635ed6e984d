import { setTimeout as sleep } from 'node:timers/promises';
import { HttpError, upstream } from '@pawfresh/kit';

/**
 * The one shape of every workflow that writes to other services (docs/workflows.md "One saga
 * shape", ADR 015): named, checkpointed steps, each with its undo declared beside it. When a later
 * step fails, the undos of the steps done run newest first, each a checkpointed step of its own
 * (`undo-<name>` unless named otherwise), tried again while the service is down; then the failure
 * that started it is thrown again. Replayed after a crash, the steps answer their checkpoints in
 * the same order, so the same undos are known again and an undo already done is not done twice.
 */

/** Runs `run` once as the checkpointed step `name` (the workflow context's `step`). */
export type Checkpoint = <T>(name: string, run: () => Promise<T>) => Promise<T>;

/** How a step's work is put back: given what the step answered. */
export interface Undo<T> {
  /** The undo's checkpoint name (default `undo-<step name>`). */
  name?: string;
  run: (done: T) => Promise<unknown>;
  /**
   * The undo is durable by itself (it starts a child workflow, which must not run inside a step):
   * it runs as it is, not as a step of its own.
   */
  durable?: boolean;
  /** Whether what the step answered needs undoing at all (default: it does). */
  needed?: (done: T) => boolean;
}

export interface StepOptions {
  /**
   * When the step itself fails, whether its undo runs too (given `undefined`). `unanswered`: the
   * step may have acted without answering (a call to the card provider whose answer was lost),
   * while a refusal (a 4xx it answered on purpose) means it did nothing. `any`: the step may fail
   * part way through work it has done (several orders made, one refused). Default: never.
   */
  undoOnFailure?: 'unanswered' | 'any';
}

/** Whether a failure is the step's own answer (a refusal), not a lost one. */
const answered = (err: unknown) => err instanceof HttpError && err.statusCode < 500;

/**
 * Calls that may not fail for a passing reason (undo steps): tried again, 5 times over about 15
 * seconds, while the service answers 5xx or cannot be reached.
 */
export async function retried<T>(run: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await run();
    } catch (err) {
      const passing = err instanceof HttpError && err.statusCode >= 500;
      if (!passing || attempt >= 5) throw err;
      await sleep(500 * 2 ** attempt);
    }
  }
}

export class Saga {
  readonly #undos: { name: string; durable: boolean; run: () => Promise<unknown> }[] = [];

  constructor(
    private readonly checkpoint: Checkpoint,
    /** What is being undone, for the 502 of an undo that cannot reach its service. */
    private readonly what: string,
  ) {}

  /**
   * A checkpointed step with its undo beside it. Steps that only read or check need no undo.
   */
  async step<T>(
    name: string,
    run: () => Promise<T>,
    undo?: Undo<T> | ((done: T) => Promise<unknown>),
    options: StepOptions = {},
  ): Promise<T> {
    return this.around(name, () => this.checkpoint(name, run), undo, options);
  }

  /**
   * Work that checkpoints itself (a child workflow, one step per order, a shared step helper),
   * with its undo beside it, named after it like a step's.
   */
  async around<T>(
    name: string,
    work: () => Promise<T>,
    undo?: Undo<T> | ((done: T) => Promise<unknown>),
    options: StepOptions = {},
  ): Promise<T> {
    const {
      name: undoName = `undo-${name}`,
      run: undoRun,
      durable = false,
      needed = () => true,
    }: Partial<Undo<T>> = typeof undo === 'function' ? { run: undo } : (undo ?? {});
    let done: T;
    try {
      done = await work();
    } catch (err) {
      if (
        undoRun &&
        (options.undoOnFailure === 'any' ||
          (options.undoOnFailure === 'unanswered' && !answered(err)))
      ) {
        this.#undos.push({ name: undoName, durable, run: () => undoRun(undefined as T) });
      }
      throw err;
    }
    if (undoRun && needed(done)) {
      this.#undos.push({ name: undoName, durable, run: () => undoRun(done) });
    }
    return done;
  }

  /**
   * Runs the undos known so far, newest first, each its own checkpointed step. An undo that still
   * fails does not stop the others; the first such failure is thrown once all were tried.
   */
  async compensate(): Promise<void> {
    let failure: unknown;
    for (const undo of this.#undos.splice(0).reverse()) {
      try {
        if (undo.durable) await undo.run();
        else
          await this.checkpoint(undo.name, () =>
            retried(() => upstream(`Undoing ${this.what}`, () => undo.run().then(() => true))),
          );
      } catch (err) {
        failure ??= err;
      }
    }
    if (failure !== undefined) throw failure;
  }
}

/**
 * Runs a workflow's steps as a saga: on any failure, what was done is undone (newest first), and
 * the failure is thrown again — or the undo's own failure, when something could not be put back
 * (it says what is left, for staff and reconciliation).
 */
export async function saga<T>(
  checkpoint: Checkpoint,
  what: string,
  work: (saga: Saga) => Promise<T>,
): Promise<T> {
  const s = new Saga(checkpoint, what);
  try {
    return await work(s);
  } catch (err) {
    await s.compensate();
    throw err;
  }
}
