import { AppShell, Burger, Button, Group, Menu, NavLink, Text, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Link, Outlet, useLocation, useNavigate } from 'react-router';
import type { Permission } from '@pawfresh/contracts/staff-roles';

import { SearchLauncher } from '../../features/search/search-launcher';
import { session, signOut } from '../../lib/api';
import { useMe } from '../../lib/me';
import { nextOf, paths } from '../../config/paths';

/** The pages in the navigation, each shown only to a role with its permission. */
const sections: { label: string; to: string; permission: Permission }[] = [
  { label: 'Find a customer', to: paths.home, permission: 'customers:read' },
  { label: 'Failed payments', to: paths.failedPayments, permission: 'payments:read' },
  { label: 'Packing floor', to: paths.packing, permission: 'fulfilment:read' },
  { label: 'Forecast and stock', to: paths.forecast, permission: 'forecast:read' },
  { label: 'Catalogue', to: paths.catalogue, permission: 'catalogue:read' },
  { label: 'Workflow runs', to: paths.runs, permission: 'runs:read' },
  { label: 'Discounts', to: paths.discounts, permission: 'discounts:read' },
  { label: 'Promotions', to: paths.promotions, permission: 'promotions:read' },
  { label: 'Staff users', to: paths.users, permission: 'users:manage' },
  { label: 'Migration', to: paths.migration, permission: 'migration:run' },
];

export function Shell() {
  const { me, can } = useMe();
  const [navOpen, nav] = useDisclosure();
  const location = useLocation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();

  // A refused call whose refresh failed ends the session: back to sign-in, then to this page.
  useEffect(
    () =>
      session.onExpired(() => {
        queryClient.clear();
        void navigate(
          `${paths.signIn}?next=${encodeURIComponent(nextOf(new URL(window.location.href)))}`,
        );
      }),
    [navigate, queryClient],
  );
  useEffect(() => nav.close(), [location.pathname, nav]);

  async function leave() {
    await signOut();
    queryClient.clear();
    await navigate(paths.signIn, { replace: true });
  }

  const visible = sections.filter((s) => can(s.permission));
  return (
    <AppShell
      header={{ height: 60 }}
      navbar={{ width: 220, breakpoint: 'sm', collapsed: { mobile: !navOpen } }}
      padding="lg"
    >
      <AppShell.Header>
        <Group h="100%" px="md" justify="space-between" wrap="nowrap">
          <Group gap="sm" wrap="nowrap">
            <Burger
              opened={navOpen}
              onClick={nav.toggle}
              hiddenFrom="sm"
              size="sm"
              aria-label="Navigation"
            />
            <Text component={Link} to={paths.home} fw={700} c="indigo.9" td="none">
              PawFresh
              {/* On a phone the header keeps one line: the search and the menu need the room. */}
              <Text span inherit visibleFrom="sm">
                {' '}
                back office
              </Text>
            </Text>
          </Group>
          {can('customers:read') ? <SearchLauncher /> : null}
          <Menu position="bottom-end">
            <Menu.Target>
              <Button variant="subtle" aria-label={`${me.firstName} ${me.lastName}, ${me.role}`}>
                {/* On a phone the role gives way, so the first name is never cut short. */}
                {me.firstName}
                <Text span inherit visibleFrom="sm">
                  &nbsp;({me.role})
                </Text>
              </Button>
            </Menu.Target>
            <Menu.Dropdown>
              <Menu.Label>{me.email}</Menu.Label>
              <Menu.Item onClick={() => void leave()}>Sign out</Menu.Item>
            </Menu.Dropdown>
          </Menu>
        </Group>
      </AppShell.Header>
      <AppShell.Navbar p="sm" aria-label="Back office">
        {visible.map((s) => (
          <NavLink
            key={s.to}
            component={Link}
            to={s.to}
            label={s.label}
            active={location.pathname === s.to}
            // White on the darkest indigo: the light variant's text failed AA contrast (axe).
            variant="filled"
            color="indigo.9"
            aria-current={location.pathname === s.to ? 'page' : undefined}
          />
        ))}
      </AppShell.Navbar>
      <AppShell.Main>
        {visible.length === 0 ? (
          <Title order={1} size="h3">
            Nothing in the back office for the {me.role} role yet
          </Title>
        ) : (
          <Outlet />
        )}
      </AppShell.Main>
    </AppShell>
  );
}
