import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { createFakeApi, error } from '../../../testing/fake-api';
import { biscuit } from '../../../testing/fixtures';
import { renderApp } from '../../testing/render-app';
import { findSuccessNotice, currentPath } from '../../../testing/test-utils';

const detailsPath = `/dogs/${biscuit.identifier}/edit/details`;
const profilePath = `/dogs/${biscuit.identifier}/edit/profile`;

describe('/dogs/{animalId}/edit/details', () => {
  it('is pre-filled, saves with PATCH /dogs/{id}, and returns to /dogs', async () => {
    const { router, user, api } = renderApp(detailsPath, {
      api: createFakeApi({ signedIn: true }),
    });

    const name = await screen.findByRole('textbox', { name: 'Name' });
    expect(name).toHaveValue('Biscuit');
    expect(screen.getByLabelText('Date of birth')).toHaveValue('14/03/2021');
    expect(screen.getByRole('radio', { name: 'Female' })).toBeChecked();
    expect(screen.getByRole('radio', { name: 'Yes' })).toBeChecked();
    expect(
      screen.getByRole('combobox', { name: 'Breeds' }).closest('.mantine-MultiSelect-root'),
    ).toHaveTextContent('Kelpie');

    await user.clear(name);
    await user.type(name, 'Biscuit the Brave');
    await user.click(screen.getByRole('button', { name: 'Save details' }));

    const notice = await findSuccessNotice();
    const [call] = api.callsTo(`PATCH /dogs/${biscuit.identifier}`);
    expect(call?.body).toEqual({
      dog: {
        name: 'Biscuit the Brave',
        dateOfBirth: '2021-03-14',
        dateOfBirthIsApproximate: false,
        gender: 'female',
        isNeutered: true,
        breeds: ['kelpie'],
      },
    });
    expect(notice).toHaveTextContent('We’ve saved Biscuit the Brave’s name.');

    expect(await screen.findByRole('article', { name: 'Biscuit the Brave' })).toBeInTheDocument();
    expect(currentPath(router)).toBe('/dogs');
  });

  it('refuses a date of birth in the future', async () => {
    const { user, api } = renderApp(detailsPath, { api: createFakeApi({ signedIn: true }) });

    const dateOfBirth = await screen.findByLabelText('Date of birth');
    await user.clear(dateOfBirth);
    await user.type(dateOfBirth, '01/01/2999');
    await user.click(screen.getByRole('button', { name: 'Save details' }));

    expect(dateOfBirth).toHaveAccessibleDescription('Date of birth can’t be in the future');
    expect(dateOfBirth).toHaveFocus();
    expect(api.calls.filter((call) => call.method === 'PATCH')).toHaveLength(0);
  });

  it('shows the not-found page for a dog that is not the customer’s', async () => {
    renderApp('/dogs/7b0c2f1e-7777-4aaa-8bbb-999999999999/edit/details', {
      api: createFakeApi({ signedIn: true }),
    });

    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Go to deliveries' })).toBeInTheDocument();
  });

  it('shows the server’s message when a dog call fails with 500', async () => {
    const api = createFakeApi({ signedIn: true });
    api.on('PATCH /dogs/:id', () => error(500, 'Dogs service unavailable'));
    const { user } = renderApp(detailsPath, { api });

    await user.click(await screen.findByRole('button', { name: 'Save details' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('Dogs service unavailable');
  });

  it('shows the default failure modal, not the server’s message, for other dog call failures', async () => {
    const api = createFakeApi({ signedIn: true });
    api.on('PATCH /dogs/:id', () => error(400, 'breeds: Use lower-case slugs'));
    const { user } = renderApp(detailsPath, { api });

    await user.click(await screen.findByRole('button', { name: 'Save details' }));

    expect(
      await screen.findByRole('dialog', { name: 'Sorry, something went wrong' }),
    ).toHaveAccessibleDescription('Please try again');
    expect(screen.queryByText('breeds: Use lower-case slugs')).not.toBeInTheDocument();
  });
});

describe('/dogs/{animalId}/edit/profile', () => {
  it('is pre-filled, saves with POST /dog/update-profile, and returns to /dogs', async () => {
    const { router, user, api } = renderApp(profilePath, {
      api: createFakeApi({ signedIn: true }),
    });

    const weight = await screen.findByRole('textbox', { name: 'Weight (kg)' });
    expect(weight).toHaveValue('16.5');
    expect(screen.getByRole('textbox', { name: 'Height at the shoulder (cm)' })).toHaveValue('48');
    expect(screen.getByRole('radio', { name: 'Perfect' })).toBeChecked();
    expect(screen.getByRole('radio', { name: 'Loves to play' })).toBeChecked();
    expect(screen.getByRole('radio', { name: 'Choosy' })).toBeChecked();

    await user.clear(weight);
    await user.type(weight, '18');
    await user.click(screen.getByRole('radio', { name: 'Chunky' }));
    await user.click(screen.getByRole('combobox', { name: 'Health issues' }));
    await user.click(await screen.findByRole('option', { name: 'Arthritis' }));
    await user.click(screen.getByRole('button', { name: 'Save profile' }));

    const notice = await findSuccessNotice();
    expect(api.callsTo('POST /dog/update-profile')[0]?.body).toEqual({
      dogId: biscuit.identifier,
      dogProfileInput: {
        weight: '18',
        height: '48',
        bodyType: 'chunky',
        activityLevel: 'loves_to_play',
        eatingHabits: 'choosy',
        healthIssues: ['arthritis'],
        foodAllergies: ['chicken'],
        previousFoods: ['dry-food'],
      },
    });
    expect(notice).toHaveTextContent('We’ve saved Biscuit’s weight, body shape and health issues.');

    const card = await screen.findByRole('article', { name: 'Biscuit' });
    expect(within(card).getByText('18 kg')).toBeInTheDocument();
    expect(currentPath(router)).toBe('/dogs');
  });

  it('offers the portion a new weight calls for, without saying the plan changed', async () => {
    const planId = '7d3c1f0e-4b8a-4c2e-9f1a-2b3c4d5e6f70';
    const api = createFakeApi({ signedIn: true });
    api.on('POST /dog/update-profile', (request) => {
      const { dogProfileInput } = request.body as { dogProfileInput: { weight: string } };
      return {
        body: {
          ...biscuit,
          weight: dogProfileInput.weight,
          portionOffer: {
            feedingPlanId: planId,
            beforeGrams: 500,
            afterGrams: 550,
            servingSize: 'v0550',
          },
        },
      };
    });
    const { router, user } = renderApp(profilePath, { api });

    const weight = await screen.findByRole('textbox', { name: 'Weight (kg)' });
    await user.clear(weight);
    await user.type(weight, '19');
    await user.click(screen.getByRole('button', { name: 'Save profile' }));

    const offer = await screen.findByRole('region', { name: 'Biscuit’s profile is saved' });
    expect(screen.getByRole('heading', { name: 'Biscuit’s profile is saved' })).toHaveFocus();
    expect(offer).toHaveTextContent(
      'Her daily portion could be 550 g instead of 500 g. Her plan has not changed',
    );
    expect(within(offer).getByRole('link', { name: 'Review 550 g a day' })).toHaveAttribute(
      'href',
      `/customer/dogs/${biscuit.identifier}/${planId}/edit-serving-size/review?servingSize=v0550`,
    );
    expect(screen.queryByText(/portion is saved|now has|is now/i)).not.toBeInTheDocument();

    await user.click(within(offer).getByRole('button', { name: 'Keep 500 g a day' }));
    expect(await findSuccessNotice()).toHaveTextContent('Biscuit keeps 500 g a day.');
    expect(currentPath(router)).toBe('/dogs');
  });

  it('says "Weight must be a valid number" before sending', async () => {
    const { user, api } = renderApp(profilePath, { api: createFakeApi({ signedIn: true }) });

    const weight = await screen.findByRole('textbox', { name: 'Weight (kg)' });
    await user.clear(weight);
    await user.type(weight, '16,5');
    const height = screen.getByRole('textbox', { name: 'Height at the shoulder (cm)' });
    await user.clear(height);
    await user.type(height, 'tall');
    await user.click(screen.getByRole('button', { name: 'Save profile' }));

    expect(weight).toHaveAttribute('aria-invalid', 'true');
    expect(weight).toHaveAccessibleDescription('Weight must be a valid number');
    expect(weight).toHaveFocus();
    expect(height).toHaveAccessibleDescription('Height must be a valid number');
    expect(api.callsTo('POST /dog/update-profile')).toHaveLength(0);
  });

  it('shows the not-found page for an unknown dog', async () => {
    renderApp('/dogs/not-a-dog/edit/profile', { api: createFakeApi({ signedIn: true }) });

    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
  });
});
