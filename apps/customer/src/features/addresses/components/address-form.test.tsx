import { screen, within } from '@testing-library/react';
import type { AddressInput } from '@pawfresh/contracts/fields';
import { describe, expect, it, vi } from 'vitest';

import { address } from '../../../testing/fixtures';
import { renderWithProviders } from '../../../testing/test-utils';
import { AddressForm } from './address-form';

// The editor is shared (the default address now, an order's delivery address later), so it is
// tested on its own: it validates and hands over the input; the caller sends it.

function renderForm(props: Partial<Parameters<typeof AddressForm>[0]> = {}) {
  const onSubmit = vi.fn<(input: AddressInput) => void>();
  const result = renderWithProviders(
    <AddressForm onSubmit={onSubmit} submitting={false} {...props} />,
  );
  return { onSubmit, ...result };
}

describe('AddressForm', () => {
  it('offers the eight Australian states', () => {
    renderForm();

    const state = screen.getByRole('combobox', { name: 'State' });
    const options = within(state)
      .getAllByRole('option')
      .map((option) => option.getAttribute('value'))
      .filter(Boolean);
    expect(options).toEqual(['VIC', 'NSW', 'ACT', 'NT', 'QLD', 'SA', 'TAS', 'WA']);
  });

  it('hands over the address as the API takes it, with empty optional fields as null', async () => {
    const { user, onSubmit } = renderForm({ submitLabel: 'Use this address' });

    await user.type(screen.getByRole('textbox', { name: 'Address line 1' }), ' 1 Main Street ');
    await user.type(screen.getByRole('textbox', { name: 'Suburb' }), 'Hobart');
    await user.selectOptions(screen.getByRole('combobox', { name: 'State' }), 'TAS');
    await user.type(screen.getByRole('textbox', { name: 'Postcode' }), '7000');
    await user.type(screen.getByRole('textbox', { name: 'Company name' }), 'Paw Co');
    await user.click(screen.getByRole('button', { name: 'Use this address' }));

    expect(onSubmit).toHaveBeenCalledWith({
      address1: '1 Main Street',
      address2: null,
      suburb: 'Hobart',
      city: null,
      state: 'TAS',
      postCode: '7000',
      countryCode: 'AU',
      deliveryInstructions: null,
      companyName: 'Paw Co',
    });
  });

  it('checks the required fields and the postcode, focusing the first problem', async () => {
    const { user, onSubmit } = renderForm();

    await user.type(screen.getByRole('textbox', { name: 'Postcode' }), '300');
    await user.click(screen.getByRole('button', { name: 'Save address' }));

    const address1 = screen.getByRole('textbox', { name: 'Address line 1' });
    expect(address1).toHaveAccessibleDescription('Enter the first line of the address');
    expect(address1).toHaveFocus();
    expect(screen.getByRole('textbox', { name: 'Suburb' })).toHaveAccessibleDescription(
      'Enter the suburb',
    );
    expect(screen.getByRole('combobox', { name: 'State' })).toHaveAccessibleDescription(
      'Choose a state',
    );
    expect(screen.getByRole('textbox', { name: 'Postcode' })).toHaveAccessibleDescription(
      'Postcode must be 4 digits',
    );
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('is pre-filled from an address', () => {
    renderForm({ initialAddress: address });

    expect(screen.getByRole('textbox', { name: 'Address line 1' })).toHaveValue('12 Wattle Street');
    expect(screen.getByRole('textbox', { name: 'City' })).toHaveValue('Melbourne');
    expect(screen.getByRole('textbox', { name: 'Delivery instructions' })).toHaveValue(
      'Leave at the side gate',
    );
  });

  it('shows the caller’s error and cannot be sent again while the caller is sending', async () => {
    const { user, onSubmit } = renderForm({
      initialAddress: address,
      submitting: true,
      formError: 'We do not deliver there yet',
    });

    expect(screen.getByRole('alert')).toHaveTextContent('We do not deliver there yet');
    const button = screen.getByRole('button', { name: 'Save address' });
    expect(button).toBeDisabled();
    await user.click(button);
    expect(onSubmit).not.toHaveBeenCalled();
  });
});
