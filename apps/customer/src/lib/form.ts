import { z } from 'zod';

// The form hook and its types, zod-free, in their own file (the sign-in page loads them alone).
export { schemaErrors, useSchemaForm, type FormSchema, type InputPropsOf } from './use-schema-form';

/** A field a person may leave blank: blank passes, anything else must follow the rule. */
export function blankOr<T extends z.ZodType>(rule: T) {
  return z.preprocess(
    (value) => (typeof value === 'string' && value.trim() === '' ? undefined : value),
    rule.optional(),
  );
}
