import '../sign-up.css';
import { Progress, Stack, Text } from '@mantine/core';
import { useEffect, useRef, type ReactNode } from 'react';

import { FullScreenPage } from '../../../components/layouts/full-screen-page';
import { useAnalytics } from '../../../lib/analytics/analytics-context';
import { SIGN_UP_STEPS, type SignUpStep } from '../steps';

type FunnelPageProps = {
  step: SignUpStep;
  title: string;
  intro?: ReactNode;
  back?: { to: string; label: string };
  children: ReactNode;
  wide?: boolean;
};

/**
 * One screen of the sign-up funnel: its place in the funnel ("Step 3 of 8"), one topic, and the
 * "Sign-up step viewed" event for drop-off (docs/sign-up.md "Analytics").
 */
export function FunnelPage({ step, title, intro, back, children, wide }: FunnelPageProps) {
  const analytics = useAnalytics();
  const index = (SIGN_UP_STEPS as readonly string[]).indexOf(step);
  const seen = useRef(false);
  useEffect(() => {
    if (seen.current) return;
    seen.current = true;
    analytics.track('Sign-up step viewed', { step, position: index + 1 });
  }, [analytics, step, index]);

  return (
    <FullScreenPage
      title={title}
      back={back}
      wide={wide}
      intro={
        <Stack gap="xs">
          {index >= 0 ? (
            <>
              <Text size="sm" fw={600} c="dimmed">
                Step {index + 1} of {SIGN_UP_STEPS.length}
              </Text>
              <Progress
                value={((index + 1) / SIGN_UP_STEPS.length) * 100}
                size="sm"
                aria-label={`Sign-up progress: step ${index + 1} of ${SIGN_UP_STEPS.length}`}
              />
            </>
          ) : null}
          {typeof intro === 'string' ? <Text c="dimmed">{intro}</Text> : intro}
        </Stack>
      }
    >
      {children}
    </FullScreenPage>
  );
}

/** "Sign-up step completed", with what the step decided (never personal details). */
export function useStepCompleted(step: SignUpStep) {
  const analytics = useAnalytics();
  return (properties: Record<string, unknown> = {}) =>
    analytics.track('Sign-up step completed', { step, ...properties });
}
