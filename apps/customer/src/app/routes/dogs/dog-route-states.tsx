import { PageError } from '../../../components/errors/page-error';
import { PageLoading } from '../../../components/feedback/page-loading';
import { FullScreenPage } from '../../../components/layouts/full-screen-page';
import { paths } from '../../../config/paths';
import NotFoundRoute from '../not-found';
import type { DogRouteData } from './dog-route-data';

/** Where a dog's edit page goes back to. */
export const BACK_TO_DOGS = { to: paths.dogs, label: 'Back to dogs' };

/**
 * A dog's edit page before its dog is there: the not-found page for an unknown animalId, else the
 * page titled `title` loading, or its error with a way to retry.
 */
export function DogRouteStates({
  data,
  title,
}: {
  data: Exclude<DogRouteData, { status: 'ready' }>;
  title: string;
}) {
  if (data.status === 'not-found') return <NotFoundRoute />;
  return (
    <FullScreenPage title={title} back={BACK_TO_DOGS}>
      {data.status === 'error' ? (
        <PageError error={data.error} onRetry={data.retry} />
      ) : (
        <PageLoading />
      )}
    </FullScreenPage>
  );
}
