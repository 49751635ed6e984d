import '../../../styles/mantine-forms.css';
import { TextInput } from '@mantine/core';
import { email } from '@pawfresh/contracts/fields';
import { useNavigate } from 'react-router';
import { z } from 'zod';

import { SchemaForm } from '../../../components/form/schema-form';
import { useSubmission } from '../../../components/form/use-submission';
import { FunnelPage, useStepCompleted } from '../../../features/sign-up/components/funnel-page';
import { updateDraft, useSignUpDraft } from '../../../features/sign-up/draft';
import { signUpPaths } from '../../../features/sign-up/steps';
import { useSchemaForm } from '../../../lib/form';

/** /start/email: the e-mail the account will have (docs/sign-up.md "E-mail"). */
export default function EmailRoute() {
  const draft = useSignUpDraft();
  const navigate = useNavigate();
  const completed = useStepCompleted('email');
  const form = useSchemaForm({
    initialValues: { email: draft.email },
    schema: z.object({ email }),
    toBody: (values: { email: string }) => values.email.trim(),
  });
  const submission = useSubmission({
    send: async (value: string) => updateDraft({ email: value }),
    onSuccess: () => {
      completed();
      void navigate(signUpPaths.plan);
    },
  });
  const back = draft.dogCount > 0 ? signUpPaths.dog(draft.dogCount) : signUpPaths.dogs;
  return (
    <FunnelPage
      step="email"
      title="Where can we reach you?"
      intro="Your e-mail signs you in to your account and gets your delivery updates."
      back={{ to: back, label: 'Back' }}
    >
      <SchemaForm form={form} submission={submission} submitLabel="See my plan">
        <TextInput
          label="Email"
          type="email"
          required
          autoComplete="email"
          {...form.getInputProps('email')}
        />
      </SchemaForm>
    </FunnelPage>
  );
}
