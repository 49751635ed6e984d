import type { FormSchema } from './use-schema-form';

/** A field's check: the message when the value breaks the rule, else undefined. */
export type FieldCheck = (value: unknown) => string | undefined;

/**
 * A form schema (Standard Schema, what `useSchemaForm` takes) from the hand checks of the
 * contracts' zod-free rule core (`@pawfresh/contracts/field-rules`), for the pages that must load
 * without zod (signing in). Each field gets the first message of its check; the values pass through
 * unchanged.
 */
export function checksSchema<Values extends Record<string, unknown>>(checks: {
  [K in keyof Values]?: FieldCheck;
}): FormSchema {
  return {
    '~standard': {
      version: 1,
      vendor: 'pawfresh-field-checks',
      validate(value: unknown) {
        const values = (value ?? {}) as Partial<Values>;
        const issues: { message: string; path: PropertyKey[] }[] = [];
        for (const key of Object.keys(checks) as (keyof Values & string)[]) {
          const message = checks[key]?.(values[key]);
          if (message !== undefined) issues.push({ message, path: [key] });
        }
        return issues.length > 0 ? { issues } : { value };
      },
    },
  };
}
