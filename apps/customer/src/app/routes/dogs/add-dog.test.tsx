import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { createFakeApi } from '../../../testing/fake-api';
import { products } from '../../../testing/fixtures';
import { renderApp } from '../../testing/render-app';
import { findSuccessNotice, currentPath } from '../../../testing/test-utils';

describe('/dogs/add', () => {
  it('adds a dog with its details, body, habits and health, then shows it on /dogs', async () => {
    const { router, user, api } = renderApp('/dogs/add', {
      api: createFakeApi({ signedIn: true }),
    });

    await user.type(await screen.findByRole('textbox', { name: 'Name' }), 'Pepper');
    await user.type(screen.getByLabelText('Date of birth'), '01/09/2023');
    await user.click(screen.getByRole('checkbox', { name: 'The date of birth is approximate' }));
    await user.click(
      within(screen.getByRole('radiogroup', { name: 'Gender' })).getByRole('radio', {
        name: 'Female',
      }),
    );
    await user.click(
      within(screen.getByRole('radiogroup', { name: 'Neutered or spayed' })).getByRole('radio', {
        name: 'No',
      }),
    );
    const breeds = screen.getByRole('combobox', { name: 'Breeds' });
    await user.type(breeds, 'kel');
    await user.click(await screen.findByRole('option', { name: 'Kelpie' }));
    await user.type(breeds, 'bord');
    await user.click(await screen.findByRole('option', { name: 'Border Collie' }));
    await user.type(screen.getByRole('textbox', { name: 'Weight (kg)' }), '12.5');
    await user.click(screen.getByRole('radio', { name: 'Slim' }));
    await user.click(screen.getByRole('radio', { name: 'Ball of energy' }));
    await user.click(screen.getByRole('radio', { name: 'Eats anything' }));
    await user.click(screen.getByRole('combobox', { name: 'Allergies' }));
    await user.click(await screen.findByRole('option', { name: 'Beef' }));
    // Their meals: what makes the plan that feeds them.
    await user.click(screen.getByRole('checkbox', { name: 'Chicken & Pumpkin' }));
    await user.click(screen.getByRole('button', { name: 'Add dog' }));

    const notice = await findSuccessNotice();
    expect(api.callsTo('POST /dogs')[0]?.body).toEqual({
      dog: {
        name: 'Pepper',
        dateOfBirth: '2023-09-01',
        dateOfBirthIsApproximate: true,
        gender: 'female',
        isNeutered: false,
        breeds: ['kelpie', 'border-collie'],
        weight: '12.5',
        height: null,
        bodyType: 'slim',
        activityLevel: 'ball_of_energy',
        eatingHabits: 'eats_anything',
        healthIssues: [],
        foodAllergies: ['beef'],
        previousFoods: [],
      },
      productIds: [products.meals[0]!.id],
    });
    expect(notice).toHaveTextContent('Welcome, Pepper! We’ve added them to your dogs.');

    expect(await screen.findByRole('article', { name: 'Pepper' })).toBeInTheDocument();
    expect(currentPath(router)).toBe('/dogs');
    // The longest journey of the suite (three selects, a dozen fields); slow on a busy machine.
  }, 60_000);

  it('checks the name and weight before sending, focusing the first problem', async () => {
    const { user, api } = renderApp('/dogs/add', { api: createFakeApi({ signedIn: true }) });

    const weight = await screen.findByRole('textbox', { name: 'Weight (kg)' });
    await user.type(weight, 'about 12');
    await user.click(screen.getByRole('button', { name: 'Add dog' }));

    const name = screen.getByRole('textbox', { name: 'Name' });
    expect(name).toHaveAccessibleDescription('Enter your dog’s name');
    expect(name).toHaveFocus();
    expect(weight).toHaveAttribute('aria-invalid', 'true');
    expect(weight).toHaveAccessibleDescription('Weight must be a valid number');
    expect(api.callsTo('POST /dogs')).toHaveLength(0);
  });

  it('asks for what feeding the dog needs: its weight and at least one meal', async () => {
    const { user, api } = renderApp('/dogs/add', { api: createFakeApi({ signedIn: true }) });

    await user.type(await screen.findByRole('textbox', { name: 'Name' }), 'Pepper');
    await user.click(screen.getByRole('button', { name: 'Add dog' }));

    const weight = screen.getByRole('textbox', { name: 'Weight (kg)' });
    expect(weight).toHaveAccessibleDescription('Enter their weight, so we can size their portion');
    expect(await screen.findByText('Choose at least one meal')).toBeVisible();
    expect(api.callsTo('POST /dogs')).toHaveLength(0);
  });

  it('allows at most three breeds', async () => {
    const { user } = renderApp('/dogs/add', { api: createFakeApi({ signedIn: true }) });

    const breeds = await screen.findByRole('combobox', { name: 'Breeds' });
    for (const breed of ['Kelpie', 'Border Collie', 'Labrador Retriever']) {
      await user.click(breeds);
      await user.click(await screen.findByRole('option', { name: breed }));
    }

    await user.click(breeds);
    expect(screen.queryByRole('option')).not.toBeInTheDocument();
  });
});
