import { useCallback, useState } from 'react';
import { flushSync } from 'react-dom';

/** One message per field that failed validation. */
export type FieldErrors<T> = Partial<Record<keyof T, string>>;

export function hasErrors<T>(errors: FieldErrors<T>): boolean {
  return Object.values(errors).some(Boolean);
}

/**
 * A form's values and field errors, for plain controlled Mantine inputs (the app does not use
 * @mantine/form). Changing a field clears its error.
 */
export function useFormFields<T extends Record<string, unknown>>(initialValues: T | (() => T)) {
  const [values, setValues] = useState<T>(initialValues);
  const [errors, setErrorsState] = useState<FieldErrors<T>>({});

  const setField = useCallback(<K extends keyof T>(key: K, value: T[K]) => {
    setValues((previous) => ({ ...previous, [key]: value }));
    setErrorsState((previous) => (previous[key] ? { ...previous, [key]: undefined } : previous));
  }, []);

  /**
   * Shows these errors and, when there are any, moves focus to the first invalid field of `form`
   * (in page order). Returns whether the form is valid.
   */
  const applyValidation = useCallback(
    (form: HTMLFormElement | null, nextErrors: FieldErrors<T>): boolean => {
      // Rendered synchronously so the inputs carry aria-invalid before focus moves.
      flushSync(() => setErrorsState(nextErrors));
      if (!hasErrors(nextErrors)) return true;
      form?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
      return false;
    },
    [],
  );

  return { values, setField, errors, applyValidation };
}

/** Sets one field of a form's values (see useFormFields). */
export type SetField<T> = <K extends keyof T>(key: K, value: T[K]) => void;
