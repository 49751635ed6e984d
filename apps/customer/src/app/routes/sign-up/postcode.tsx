import '../../../styles/mantine-forms.css';
import { Button, NativeSelect, Stack, Text, TextInput } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import type { SignUpPostcode } from '@pawfresh/contracts/account-sign-up';

import { FormAlert } from '../../../components/form/form-alert';
import { useFailureReport } from '../../../components/form/use-submission';
import { paths } from '../../../config/paths';
import { getSignUpPostcode } from '../../../features/sign-up/api/sign-up-api';
import { FunnelPage, useStepCompleted } from '../../../features/sign-up/components/funnel-page';
import { updateDraft, useSignUpDraft } from '../../../features/sign-up/draft';
import { signUpPaths } from '../../../features/sign-up/steps';

/** /start: where the dogs live, first (docs/sign-up.md): we only sign up those we can deliver to. */
export default function PostcodeRoute() {
  const draft = useSignUpDraft();
  const navigate = useNavigate();
  const completed = useStepCompleted('postcode');
  const [search] = useSearchParams();
  const [postcode, setPostcode] = useState(draft.postcode);
  const [error, setError] = useState<string | null>(null);
  const [found, setFound] = useState<SignUpPostcode | null>(null);
  const [suburb, setSuburb] = useState(draft.suburb);
  const [checking, setChecking] = useState(false);
  const { formError, setFormError, report } = useFailureReport();

  // A link with ?code= carries a promotion code to the plan page.
  const code = search.get('code');
  useEffect(() => {
    if (code && /^[A-Za-z0-9_-]{1,250}$/.test(code)) updateDraft({ promotionCode: code });
  }, [code]);

  const served = found?.suburbs.filter((s) => s.serviceable) ?? [];

  const check = async () => {
    setFormError(null);
    const typed = postcode.trim();
    if (!/^\d{4}$/.test(typed)) {
      setError('Enter your 4-digit postcode');
      document.getElementById('postcode')?.focus();
      return;
    }
    setError(null);
    setChecking(true);
    try {
      const answer = await getSignUpPostcode(typed);
      updateDraft({ postcode: typed });
      if (!answer.serviceable) {
        completed({ serviceable: false });
        void navigate(signUpPaths.notYet);
        return;
      }
      setFound(answer);
      const first = answer.suburbs.find((s) => s.serviceable)!.suburb;
      setSuburb((current) =>
        answer.suburbs.some((s) => s.serviceable && s.suburb === current) ? current : first,
      );
    } catch (err) {
      report(err);
    } finally {
      setChecking(false);
    }
  };

  const next = () => {
    updateDraft({ postcode: postcode.trim(), suburb });
    completed({ serviceable: true });
    void navigate(signUpPaths.dogs);
  };

  return (
    <FunnelPage
      step="postcode"
      title="Fresh food for your dog, delivered"
      intro="First, where do your dogs live? We’ll check we deliver there."
      back={{ to: paths.login, label: 'Already a customer? Sign in' }}
    >
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          if (found && served.length > 0) next();
          else void check();
        }}
      >
        <Stack gap="md">
          <FormAlert message={formError} />
          <TextInput
            id="postcode"
            label="Postcode"
            inputMode="numeric"
            autoComplete="postal-code"
            maxLength={4}
            value={postcode}
            error={error}
            onChange={(event) => {
              setPostcode(event.currentTarget.value);
              setFound(null);
            }}
          />
          {found && served.length > 0 ? (
            <>
              <Text role="status">Good news: we deliver to {found.postcode}.</Text>
              <NativeSelect
                label="Suburb"
                autoComplete="address-level2"
                data={served.map((s) => s.suburb)}
                value={suburb}
                onChange={(event) => setSuburb(event.currentTarget.value)}
              />
              <Button type="submit">Continue</Button>
            </>
          ) : (
            <Button type="submit" loading={checking}>
              Check my postcode
            </Button>
          )}
        </Stack>
      </form>
    </FunnelPage>
  );
}
