import {
  schemaResolver,
  useForm,
  type FormErrors,
  type GetInputPropsOptions,
  type GetInputPropsReturnType,
} from '@mantine/form';

// Without zod itself (a page that only takes a schema need not load zod's helpers); `form.ts`
// re-exports all of this beside its zod helpers.

/** Any Standard Schema (a zod schema, typically). */
export type FormSchema = Parameters<typeof schemaResolver>[0];

type SchemaFormOptions<Values, Body> = {
  initialValues: Values;
  /** Checks the values on submit; its messages go on the fields. */
  schema: FormSchema;
  /** Turns valid values into what is sent. */
  toBody: (values: Values) => Body;
};

/**
 * A form's values and field errors (@mantine/form, controlled), checked on submit with a schema
 * built from the contract's field rules. Changing a field clears its error.
 */
export function useSchemaForm<Values extends Record<string, unknown>, Body>({
  initialValues,
  schema,
  toBody,
}: SchemaFormOptions<Values, Body>) {
  return useForm<Values, Body>({
    mode: 'controlled',
    initialValues,
    validate: schemaResolver(schema, { sync: true }),
    transformValues: toBody,
  });
}

/** The errors a schema finds in a form's values: the first message of each field. */
export function schemaErrors(schema: FormSchema, values: unknown): FormErrors {
  return schemaResolver(schema, { sync: true })(values);
}

/** `form.getInputProps` for some of a form's fields (a group of fields shared by forms). */
export type InputPropsOf<Values> = (
  path: Extract<keyof Values, string>,
  options?: GetInputPropsOptions,
) => GetInputPropsReturnType;
