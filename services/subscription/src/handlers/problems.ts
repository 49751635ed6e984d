import { badRequest } from '@pawfresh/kit';

/** Something wrong with a request that the schema alone cannot see, with where it is. */
export interface InputProblem {
  path: (string | number)[];
  message: string;
  code: string;
}

/** Refuses a request with every problem found, in the envelope the schema errors use. */
export function refuseIfAny(problems: readonly InputProblem[]): void {
  if (problems.length === 0) return;
  throw badRequest(
    problems.map((p) => p.message),
    problems.map((p) => ({ in: 'body', path: p.path.map(String), code: p.code })),
  );
}

/** `feedingPlans[0].skus[1]` from a path. */
export const pathText = (path: readonly (string | number)[]) =>
  path.reduce<string>(
    (text, part) =>
      typeof part === 'number' ? `${text}[${part}]` : text ? `${text}.${part}` : part,
    '',
  );
