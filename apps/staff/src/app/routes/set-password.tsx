import { Alert, Anchor, Button, PasswordInput, Stack, Text } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { MIN_PASSWORD_LENGTH } from '@pawfresh/contracts/field-rules';
import { password as passwordRule } from '@pawfresh/contracts/fields';
import { STAFF_INVITATION_DAYS } from '@pawfresh/contracts/identity';

import { PublicPage } from '../../components/public-page';
import { messageOf } from '../../components/states';
import { ApiError, setStaffPassword } from '../../lib/api';
import { paths } from '../../config/paths';

/** What a person does when the link no longer works (identity answers 401 for it). */
function LinkNotWorking({ detail }: { detail?: string }) {
  return (
    <Alert color="red" role="alert" title="This link no longer works">
      <Stack gap="xs">
        <Text size="sm">
          {detail ?? 'The link is not complete.'} An invitation&rsquo;s link works once, for{' '}
          {STAFF_INVITATION_DAYS} days.
        </Text>
        <Text size="sm">
          If you have chosen a password with it already,{' '}
          <Anchor component={Link} to={paths.signIn} c="red.9" underline="always">
            sign in
          </Anchor>
          . If not, ask a back office admin to invite you again.
        </Text>
      </Stack>
    </Alert>
  );
}

/**
 * The invitation e-mail's page (`/staff/set-password?code=…&email=…`): a new member of staff
 * chooses a password (the contracts' rules), then signs in.
 */
export function SetPasswordPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const email = params.get('email')?.trim() ?? '';
  const code = params.get('code')?.trim() ?? '';
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [touched, setTouched] = useState(false);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<unknown>(null);

  const passwordError = passwordRule.safeParse(password).error?.issues[0]?.message;
  const confirmError =
    !passwordError && confirm !== password ? 'The passwords do not match' : undefined;
  const codeRefused = failure instanceof ApiError && failure.status === 401;

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setTouched(true);
    if (passwordError || confirmError) return;
    setBusy(true);
    setFailure(null);
    try {
      await setStaffPassword({ email, code, password });
      await navigate(paths.signInWithNewPassword(email), { replace: true });
    } catch (error) {
      setFailure(error);
      setBusy(false);
    }
  }

  if (!email || !code) {
    return (
      <PublicPage title="Choose your password">
        <LinkNotWorking />
      </PublicPage>
    );
  }
  return (
    <PublicPage title="Choose your password">
      {codeRefused ? (
        <LinkNotWorking detail="It has expired or was used already." />
      ) : (
        <form onSubmit={(e) => void submit(e)} noValidate>
          <Stack>
            <Text size="sm">
              For <strong>{email}</strong>. You sign in to the back office with this e-mail and the
              password you choose here.
            </Text>
            {failure ? (
              <Alert color="red" role="alert" title="Your password is not set">
                {messageOf(failure)}
              </Alert>
            ) : null}
            {/* For password managers: the account the new password belongs to. */}
            <input type="hidden" name="username" autoComplete="username" value={email} />
            <PasswordInput
              label="New password"
              description={`At least ${MIN_PASSWORD_LENGTH} characters.`}
              autoComplete="new-password"
              value={password}
              onChange={(e) => setPassword(e.currentTarget.value)}
              error={touched ? passwordError : undefined}
              aria-invalid={touched && passwordError ? true : undefined}
              required
              autoFocus
            />
            <PasswordInput
              label="Confirm new password"
              autoComplete="new-password"
              value={confirm}
              onChange={(e) => setConfirm(e.currentTarget.value)}
              error={touched ? confirmError : undefined}
              aria-invalid={touched && confirmError ? true : undefined}
              required
            />
            <Button type="submit" loading={busy}>
              Set password
            </Button>
          </Stack>
        </form>
      )}
    </PublicPage>
  );
}
