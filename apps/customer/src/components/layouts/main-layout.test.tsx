import { screen, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';

import { renderWithProviders } from '../../testing/test-utils';
import { MainLayout } from './main-layout';

function renderFrame(initialPath: string) {
  const router = createMemoryRouter(
    [
      {
        Component: MainLayout,
        children: [
          { path: '/deliveries', element: <h1>Deliveries page</h1> },
          { path: '/dogs', element: <h1>Dogs page</h1> },
          { path: '/account', element: <h1>Account page</h1> },
        ],
      },
    ],
    { initialEntries: [initialPath] },
  );
  return { router, ...renderWithProviders(<RouterProvider router={router} />) };
}

describe('MainLayout', () => {
  it('renders the page in the main landmark under a "Main" navigation', () => {
    renderFrame('/dogs');

    const nav = screen.getByRole('navigation', { name: 'Main' });
    const links = within(nav).getAllByRole('link');
    expect(links.map((link) => link.textContent)).toEqual(['Deliveries', 'Dogs', 'Account']);
    expect(within(nav).getByRole('link', { name: 'Deliveries' })).toHaveAttribute(
      'href',
      '/deliveries',
    );
    expect(within(nav).getByRole('link', { name: 'Dogs' })).toHaveAttribute('href', '/dogs');
    expect(within(nav).getByRole('link', { name: 'Account' })).toHaveAttribute('href', '/account');

    expect(
      within(screen.getByRole('main')).getByRole('heading', { name: 'Dogs page' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('banner')).toContainElement(nav);
  });

  it('marks only the current page with aria-current="page"', async () => {
    const { user } = renderFrame('/dogs');
    const nav = screen.getByRole('navigation', { name: 'Main' });

    expect(within(nav).getByRole('link', { name: 'Dogs' })).toHaveAttribute('aria-current', 'page');
    expect(within(nav).getByRole('link', { name: 'Deliveries' })).not.toHaveAttribute(
      'aria-current',
    );
    expect(within(nav).getByRole('link', { name: 'Account' })).not.toHaveAttribute('aria-current');

    await user.click(within(nav).getByRole('link', { name: 'Account' }));

    expect(await screen.findByRole('heading', { name: 'Account page' })).toBeInTheDocument();
    expect(within(nav).getByRole('link', { name: 'Account' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    expect(within(nav).getByRole('link', { name: 'Dogs' })).not.toHaveAttribute('aria-current');
  });

  it('offers a skip link to the main content as the first focusable element', async () => {
    const { user } = renderFrame('/deliveries');

    await user.tab();

    const skipLink = screen.getByRole('link', { name: 'Skip to main content' });
    expect(skipLink).toHaveFocus();
    expect(skipLink).toHaveAttribute('href', '#main-content');
    expect(screen.getByRole('main')).toHaveAttribute('id', 'main-content');
  });
});
