import { Button, Group, Text } from '@mantine/core';
import { Link } from 'react-router';

import { PageError } from '../../../components/errors/page-error';
import { PageLoading } from '../../../components/feedback/page-loading';
import { FullScreenPage } from '../../../components/layouts/full-screen-page';
import { paths, planPaths } from '../../../config/paths';

/** A plan page while its data loads, when it failed (with Retry), or when the dog has no plan. */
export function PlanPageState({
  title,
  state,
}: {
  title: string;
  state:
    | { status: 'loading' }
    | { status: 'error'; error: unknown; retry: () => Promise<unknown> }
    | { status: 'no-plan'; dog: { name: string; identifier: string }; subscription?: unknown };
}) {
  const back = { to: paths.dogs, label: 'Back to dogs' };
  return (
    <FullScreenPage title={title} back={back}>
      {state.status === 'error' ? (
        <PageError error={state.error} onRetry={state.retry} />
      ) : state.status === 'no-plan' ? (
        <>
          <Text>{`${state.dog.name} has no feeding plan on an active subscription yet.`}</Text>
          <Group gap="sm">
            {state.subscription ? (
              <Button component={Link} to={planPaths.start(state.dog.identifier)}>
                Start a plan
              </Button>
            ) : null}
            <Button component={Link} to={paths.dogs} variant="light">
              Back to dogs
            </Button>
          </Group>
        </>
      ) : (
        <PageLoading />
      )}
    </FullScreenPage>
  );
}
