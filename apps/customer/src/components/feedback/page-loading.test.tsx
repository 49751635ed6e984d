import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { renderWithProviders } from '../../testing/test-utils';
import { PageLoading } from './page-loading';

describe('PageLoading', () => {
  it('announces "Loading…" as a status', () => {
    renderWithProviders(<PageLoading />);

    expect(screen.getByRole('status')).toHaveTextContent(/^Loading…$/);
  });
});
