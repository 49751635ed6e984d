import { useCallback, useState } from 'react';

import { ApiError, UNSPECIFIED_SERVER_ERROR } from '../../lib/api-client';
import { useResultModal } from '../result-modal/result-modal-provider';

/**
 * How a form reports a failed submit (customer-app.md §8): a specific message from the server is
 * shown in the form (`formError`, for a FormAlert); a failure without one opens the default failure
 * modal ("Sorry, something went wrong" / "Please try again"). An expired session shows nothing:
 * the app is already on its way to the login page.
 */
export function useSubmitError() {
  const modal = useResultModal();
  const [formError, setFormError] = useState<string | null>(null);

  const handleError = useCallback(
    (error: unknown) => {
      if (error instanceof ApiError) {
        if (error.sessionExpired) return;
        if (error.serverError && error.serverError !== UNSPECIFIED_SERVER_ERROR) {
          setFormError(error.serverError);
          return;
        }
      }
      setFormError(null);
      void modal.showFailure();
    },
    [modal],
  );

  const clearFormError = useCallback(() => setFormError(null), []);

  return { formError, handleError, clearFormError };
}
