import {
  Alert,
  Button,
  Center,
  Paper,
  PasswordInput,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useNavigate, useSearchParams } from 'react-router';

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
    <Center mih="100vh" bg="gray.0" p="md">
      <Paper component="main" withBorder shadow="sm" p="xl" w={400} maw="100%">
        <form onSubmit={(e) => void submit(e)} noValidate>
          <Stack>
            <div>
              <Title order={1} size="h2">
                Sign in
              </Title>
              <Text c="gray.7" size="sm">
                PawFresh back office, for staff
              </Text>
            </div>
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
              required
              autoFocus
            />
            <PasswordInput
              label="Password"
              name="password"
              autoComplete="current-password"
              required
            />
            <Button type="submit" loading={busy}>
              Sign in
            </Button>
          </Stack>
        </form>
      </Paper>
    </Center>
  );
}
