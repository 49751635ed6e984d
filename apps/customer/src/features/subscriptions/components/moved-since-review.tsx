import { Alert } from '@mantine/core';

import { MOVED_SINCE_REVIEW } from '../utils/api-errors';

/** Shown when an apply call found the plan moved since its review (409): reviewed again. */
export function MovedSinceReview({ show }: { show: boolean }) {
  if (!show) return null;
  return (
    <Alert color="yellow" variant="light" role="alert" title="Please check again">
      {MOVED_SINCE_REVIEW}
    </Alert>
  );
}
