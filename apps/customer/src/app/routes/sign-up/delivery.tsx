import '../../../styles/mantine-forms.css';
import { Button, Radio, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { Navigate, useNavigate } from 'react-router';

import { PageError } from '../../../components/errors/page-error';
import { PageLoading } from '../../../components/feedback/page-loading';
import { useSignUpDeliveryDates } from '../../../features/sign-up/api/sign-up-api';
import { FunnelPage, useStepCompleted } from '../../../features/sign-up/components/funnel-page';
import { cutoffInWords, dayInWords } from '../../../features/sign-up/components/when';
import { updateDraft, useSignUpDraft } from '../../../features/sign-up/draft';
import { signUpPaths } from '../../../features/sign-up/steps';

const SLOT_WORDS = { AM: 'morning, 6am–12pm', PM: 'afternoon, 12pm–6pm' } as const;

/** /start/delivery: the first box's day and slot, from the courier's days and the cut-off. */
export default function DeliveryRoute() {
  const draft = useSignUpDraft();
  const navigate = useNavigate();
  const completed = useStepCompleted('delivery');
  const dates = useSignUpDeliveryDates({ postCode: draft.postcode, suburb: draft.suburb });
  const [choice, setChoice] = useState(
    draft.deliveryDate && draft.deliverySlot ? `${draft.deliveryDate}|${draft.deliverySlot}` : '',
  );
  const [error, setError] = useState<string | null>(null);

  if (!draft.guestId) return <Navigate to={signUpPaths.dogs} replace />;
  const days = dates.data?.days.slice(0, 7) ?? [];

  return (
    <FunnelPage
      step="delivery"
      title="When should your first box arrive?"
      intro={`Delivered chilled to ${draft.suburb} ${draft.postcode}. Then every 2 weeks on the same day.`}
      back={{ to: signUpPaths.plan, label: 'Back' }}
    >
      {dates.isPending ? (
        <PageLoading />
      ) : dates.isError ? (
        <PageError error={dates.error} onRetry={dates.refetch} />
      ) : days.length === 0 ? (
        <Text role="status">
          No delivery days are open in the next month. Please try again later.
        </Text>
      ) : (
        <form
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            const [deliveryDate, slot] = choice.split('|');
            if (!deliveryDate || (slot !== 'AM' && slot !== 'PM')) {
              setError('Choose a day and time');
              return;
            }
            updateDraft({ deliveryDate, deliverySlot: slot });
            completed({ deliveryDate, slot });
            void navigate(signUpPaths.details);
          }}
        >
          <Stack gap="lg">
            <Radio.Group label="First delivery" value={choice} onChange={setChoice} error={error}>
              <Stack gap="sm" mt="xs">
                {days.flatMap((day) =>
                  day.slots.map((s) => (
                    <Radio
                      key={`${day.deliveryDate}|${s.slot}`}
                      value={`${day.deliveryDate}|${s.slot}`}
                      label={`${dayInWords(day.deliveryDate)}, ${SLOT_WORDS[s.slot]}`}
                      description={`Changes close ${cutoffInWords(s.cutoffAt, dates.data.timezone)}`}
                    />
                  )),
                )}
              </Stack>
            </Radio.Group>
            <Button type="submit">Continue</Button>
          </Stack>
        </form>
      )}
    </FunnelPage>
  );
}
