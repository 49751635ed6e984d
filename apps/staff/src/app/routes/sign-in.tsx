import { Alert, Button, PasswordInput, Stack, TextInput } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useNavigate, useSearchParams } from 'react-router';

import { PublicPage } from '../../components/public-page';
import { messageOf } from '../../components/states';
import { signIn } from '../../lib/api';
import { meQuery } from '../../lib/me';
import { paths } from '../../config/paths';

/** Only a page of this app: never another site (`//evil`), whatever the link said. */
const safeNext = (next: string | null) =>
  next && next.startsWith('/') && !next.startsWith('//') ? next : paths.home;

export function SignInPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  // Sent here by the set-password page: say it worked, with the e-mail filled in.
  const passwordSet = params.get('passwordSet') === '1';
  const email = params.get('email') ?? '';

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    setBusy(true);
    setError(null);
    try {
      const staff = await signIn(String(form.get('email')), String(form.get('password')));
      queryClient.setQueryData(meQuery().queryKey, staff);
      await navigate(safeNext(params.get('next')), { replace: true });
    } catch (failure) {
      setError(messageOf(failure));
      setBusy(false);
    }
  }

  return (
    <PublicPage title="Sign in">
      <form onSubmit={(e) => void submit(e)} noValidate>
        <Stack>
          {passwordSet && !error ? (
            <Alert color="green" role="status" title="Your password is set">
              Sign in with it now.
            </Alert>
          ) : null}
          {error ? (
            <Alert color="red" role="alert" title="Not signed in">
              {error}
            </Alert>
          ) : null}
          <TextInput
            label="Email"
            name="email"
            type="email"
            autoComplete="username"
            defaultValue={email}
            required
            autoFocus={!email}
          />
          <PasswordInput
            label="Password"
            name="password"
            autoComplete="current-password"
            required
            autoFocus={Boolean(email)}
          />
          <Button type="submit" loading={busy}>
            Sign in
          </Button>
        </Stack>
      </form>
    </PublicPage>
  );
}
