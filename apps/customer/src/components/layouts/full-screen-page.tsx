import { Anchor, Container, Paper, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

import { Logo } from '../ui/logo';

type FullScreenPageProps = {
  title: string;
  children: ReactNode;
  /**
   * A link back to where the flow started (e.g. the account home); `reloadDocument` for a page
   * outside the app (the sign-in page).
   */
  back?: { to: string; label: string; reloadDocument?: boolean };
  /** Shown under the title. */
  intro?: ReactNode;
  /** Lists (e.g. order history) get a wider column than forms. */
  wide?: boolean;
};

/**
 * The frame of the full-screen pages (login, password recovery, edit flows: customer-app.md §2):
 * no navigation, one narrow column that fits a phone, the page in its own `<main>`.
 */
export function FullScreenPage({
  title,
  children,
  back,
  intro,
  wide = false,
}: FullScreenPageProps) {
  return (
    <Container component="main" id="main-content" size={wide ? '48rem' : '32rem'} px="md" py="xl">
      <Stack gap="lg">
        <Logo />
        {back ? (
          <Anchor component={Link} to={back.to} reloadDocument={back.reloadDocument} fw={500}>
            <span aria-hidden="true">← </span>
            {back.label}
          </Anchor>
        ) : null}
        <Paper radius="xl" shadow="sm" p={{ base: 'lg', sm: 'xl' }} bg="white">
          <Stack gap="lg">
            <Stack gap="xs">
              <Title order={1}>{title}</Title>
              {typeof intro === 'string' ? <Text c="dimmed">{intro}</Text> : intro}
            </Stack>
            {children}
          </Stack>
        </Paper>
      </Stack>
    </Container>
  );
}
