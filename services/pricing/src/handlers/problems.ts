import { badRequest } from '@pawfresh/kit';
import type { InputProblem } from '../rules/discount-rules.js';

/** Refuses a request with every problem found, in the envelope the schema errors use. */
export function refuseIfAny(problems: readonly InputProblem[]): void {
  if (problems.length === 0) return;
  throw badRequest(
    problems.map((p) => p.message),
    problems.map((p) => ({ in: 'body', path: p.path.map(String), code: p.code })),
  );
}
