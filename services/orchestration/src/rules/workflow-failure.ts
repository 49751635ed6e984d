/** What a failed workflow answers: an HTTP status and the words of the error it ended with. */
export interface WorkflowFailure {
  statusCode: number;
  message: string | string[];
  type?: string;
  details?: unknown;
}

const isTextList = (value: unknown): value is string[] =>
  Array.isArray(value) && value.every((v) => typeof v === 'string');

/**
 * The answer of a workflow that ended in an error meant for the caller (the kit's `HttpError`),
 * whether the error is the one thrown or the copy the engine stored and read back (a plain object
 * with the same fields). Anything else is not the caller's to see: `undefined`.
 */
export function failureOf(error: unknown): WorkflowFailure | undefined {
  if (!error || typeof error !== 'object') return undefined;
  const e = error as {
    statusCode?: unknown;
    messages?: unknown;
    message?: unknown;
    options?: { type?: unknown; details?: unknown };
  };
  const status = e.statusCode;
  if (typeof status !== 'number' || !Number.isInteger(status) || status < 400 || status > 599) {
    return undefined;
  }
  const message =
    typeof e.messages === 'string' || isTextList(e.messages)
      ? e.messages
      : typeof e.message === 'string'
        ? e.message
        : undefined;
  if (message === undefined) return undefined;
  return {
    statusCode: status,
    message,
    ...(typeof e.options?.type === 'string' ? { type: e.options.type } : {}),
    ...(e.options?.details !== undefined ? { details: e.options.details } : {}),
  };
}

/** How a run's error reads for staff: its answer, or a 500 with the error's own words. */
export function runErrorOf(error: unknown): { statusCode: number; message: string } {
  const failure = failureOf(error);
  if (failure) {
    const text = Array.isArray(failure.message) ? failure.message.join('; ') : failure.message;
    return { statusCode: failure.statusCode, message: text };
  }
  const message =
    error &&
    typeof error === 'object' &&
    typeof (error as { message?: unknown }).message === 'string'
      ? (error as { message: string }).message
      : 'The workflow failed';
  return { statusCode: 500, message };
}
