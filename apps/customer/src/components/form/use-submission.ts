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
 * One submission of a form (customer-app.md §8). While it runs, `submitting` is true and another
 * submit is ignored. A specific message from the server is shown in the form (`formError`); a
 * failure without one opens the default failure modal ("Sorry, something went wrong" / "Please try
 * again"). An expired session shows nothing: the app is already on its way to the login page.
 */
export function useSubmission<Input, Result>({
  send,
  onSuccess,
}: SubmissionOptions<Input, Result>) {
  const modal = useResultModal();
  const [submitting, setSubmitting] = useState(false);
  const [formError, setFormError] = useState<string | null>(null);
  // The state above renders late for a second submit in the same tick; this does not.
  const running = useRef(false);

  const reportError = useCallback(
    (error: unknown) => {
      if (error instanceof ApiError) {
        if (error.sessionExpired) return;
        if (error.serverError && error.serverError !== UNSPECIFIED_SERVER_ERROR) {
          setFormError(error.serverError);
          return;
        }
      }
      void modal.showFailure();
    },
    [modal],
  );

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

  const clearFormError = useCallback(() => setFormError(null), []);

  return { submit, submitting, formError, clearFormError };
}
