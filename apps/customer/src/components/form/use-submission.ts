import { useCallback, useRef, useState } from 'react';

import { ApiError, UNSPECIFIED_SERVER_ERROR } from '../../lib/api-client';
import { useResultModal } from '../result-modal/result-modal-provider';

export type SubmissionOptions<Input, Result> = {
  /** The call, e.g. a mutation's `mutateAsync`. */
  send: (input: Input) => Promise<Result>;
  onSuccess?: (result: Result) => unknown;
};

/** A form's submission: how to send the body, whether it is running and the server's message. */
export type SubmissionState<Body> = {
  submit: (body: Body) => void;
  submitting: boolean;
  formError?: string | null;
  clearFormError?: () => void;
};

/**
 * How a failed call is shown (customer-app.md §8): nothing for an expired session (the app is
 * going to the login page), the server's own words when it gave some, else the failure modal.
 */
export function failureOf(error: unknown): 'silent' | { message: string } | 'modal' {
  if (error instanceof ApiError) {
    if (error.sessionExpired) return 'silent';
    if (error.serverError && error.serverError !== UNSPECIFIED_SERVER_ERROR) {
      return { message: error.serverError };
    }
  }
  return 'modal';
}

/**
 * A page's own calls outside `useSubmission` (a confirm button, a mutation): the form-level
 * message to show and `report(error)`, which shows a failure as `failureOf` says.
 */
export function useFailureReport() {
  const modal = useResultModal();
  const [formError, setFormError] = useState<string | null>(null);
  const report = useCallback(
    (error: unknown) => {
      const failure = failureOf(error);
      if (failure === 'modal') void modal.showFailure();
      else if (failure !== 'silent') setFormError(failure.message);
    },
    [modal],
  );
  return { formError, setFormError, report };
}

/**
 * One submission of a form (customer-app.md §8). While it runs, `submitting` is true and another
 * submit is ignored. A specific message from the server is shown in the form (`formError`); a
 * failure without one opens the default failure modal ("Sorry, something went wrong" / "Please try
 * again"). An expired session shows nothing: the app is already on its way to the login page.
 */
export function useSubmission<Input, Result>({
  send,
  onSuccess,
}: SubmissionOptions<Input, Result>) {
  const [submitting, setSubmitting] = useState(false);
  const { formError, setFormError, report: reportError } = useFailureReport();
  // The state above renders late for a second submit in the same tick; this does not.
  const running = useRef(false);

  const submit = (input: Input) => {
    if (running.current) return;
    running.current = true;
    setFormError(null);
    setSubmitting(true);
    const finish = () => {
      running.current = false;
      setSubmitting(false);
    };
    send(input).then(
      (result) => {
        finish();
        void onSuccess?.(result);
      },
      (error: unknown) => {
        finish();
        reportError(error);
      },
    );
  };

  const clearFormError = useCallback(() => setFormError(null), [setFormError]);

  return { submit, submitting, formError, clearFormError };
}
