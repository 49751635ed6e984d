import { describe, expect, it } from 'vitest';
import { fc, test } from '@fast-check/vitest';
import type { PaymentMethod } from '@pawfresh/contracts/payment';
import type { User } from '@pawfresh/contracts/identity';
import { usesCustomerApp } from '../src/rules/customer-access.js';
import { toCustomerCard, toProfile } from '../src/rules/customer-views.js';
import { notMeals } from '../src/rules/meal-choice.js';

describe('who uses the customer app', () => {
  it('lets customers in and keeps staff and admins out', () => {
    expect(usesCustomerApp({ role: 'customer' })).toBe(true);
    expect(usesCustomerApp({ role: 'support' })).toBe(false);
    expect(usesCustomerApp({ role: 'admin' })).toBe(false);
  });
});

describe('meal choice', () => {
  test.prop([fc.array(fc.uuid(), { maxLength: 8 }), fc.array(fc.uuid(), { maxLength: 8 })])(
    'names exactly the chosen ids that are not meals, in the order given',
    (chosen, meals) => {
      const mealIds = new Set(meals);
      const refused = notMeals(chosen, mealIds);
      expect(refused).toEqual(chosen.filter((id) => !mealIds.has(id)));
      expect(refused.every((id) => !mealIds.has(id))).toBe(true);
    },
  );
});

describe('what a customer sees', () => {
  it('shows a saved card without the provider or its ids', () => {
    const card: PaymentMethod = {
      id: '7c1d2e3f-4a5b-4c6d-8e9f-0a1b2c3d4e5f',
      brand: 'visa',
      expiryMonth: 12,
      expiryYear: 2030,
      last4Digits: '4242',
      default: true,
      provider: 'sandbox',
      providerPaymentMethodId: 'pm_secret',
      createdAt: '2026-11-02T09:00:00.000Z',
    };
    expect(toCustomerCard(card)).toEqual({
      id: card.id,
      brand: 'visa',
      expiryMonth: 12,
      expiryYear: 2030,
      last4Digits: '4242',
      default: true,
    });
  });

  it('shows the user as a profile whose cognitoUserId is the user id, without role or dates', () => {
    const user: User = {
      id: '0b9d7a1e-1111-4c6d-8e9f-0a1b2c3d4e5f',
      email: 'jo@example.com.au',
      firstName: 'Jo',
      lastName: 'Tester',
      phoneNumber: null,
      role: 'customer',
      createdAt: '2026-11-02T09:00:00.000Z',
      updatedAt: '2026-11-02T09:00:00.000Z',
    };
    expect(toProfile(user)).toEqual({
      cognitoUserId: user.id,
      firstName: 'Jo',
      lastName: 'Tester',
      email: 'jo@example.com.au',
      phoneNumber: null,
    });
  });
});
