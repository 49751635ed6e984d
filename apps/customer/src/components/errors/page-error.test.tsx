import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { renderWithProviders } from '../../testing/test-utils';
import { PageError } from './page-error';

describe('PageError', () => {
  it('shows "Error loading page: " followed by the error message', () => {
    renderWithProviders(<PageError error={new Error('Dogs are unavailable')} />);

    expect(screen.getByRole('alert')).toHaveTextContent('Error loading page: Dogs are unavailable');
  });

  it.each([
    ['an error without a message', new Error('')],
    ['nothing', undefined],
    ['null', null],
    ['an object without a message', { status: 500 }],
  ])('shows "Unknown error" for %s', (_, error) => {
    renderWithProviders(<PageError error={error} />);

    expect(screen.getByRole('alert')).toHaveTextContent(/^Error loading page: Unknown error$/);
  });
});
