import type { FastifySchemaCompiler } from 'fastify';
import type { z } from 'zod';

/** A Fastify schema error that keeps Zod's wording (see zod-messages.ts). */
export class RequestValidationError extends Error {
  readonly statusCode = 400;
  constructor(
    readonly part: string,
    readonly issues: z.core.$ZodIssue[],
  ) {
    super(issues.map((i) => i.message).join('; '));
  }
}

export const zodValidatorCompiler: FastifySchemaCompiler<z.ZodType> =
  ({ schema, httpPart }) =>
  (data) => {
    const result = schema.safeParse(data);
    if (result.success) return { value: result.data };
    return { error: new RequestValidationError(httpPart ?? 'body', result.error.issues) };
  };
