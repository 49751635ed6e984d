import { describe, expect, it } from 'vitest';
import { fc, test } from '@fast-check/vitest';
import type { PaymentMethod } from '@pawfresh/contracts/payment';
import type { User } from '@pawfresh/contracts/identity';
import { customerWriteEvent } from '../src/rules/customer-audit.js';
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

describe('customerWriteEvent', () => {
  const base = {
    method: 'POST',
    operation: 'pauseSubscription',
    params: { subscriptionId: 'sub-1' },
    statusCode: 200,
    customerId: 'c-1',
    requestId: 'req-1',
  };

  it("records a signed-in customer's answered change, by its target", () => {
    expect(customerWriteEvent(base)).toEqual({
      actor: { type: 'customer', userId: 'c-1', role: 'customer', name: null },
      action: 'customer-api.pauseSubscription',
      permission: null,
      targetType: 'subscription',
      targetId: 'sub-1',
      customerId: 'c-1',
      before: null,
      after: null,
      reason: null,
      requestId: 'req-1',
    });
    expect(customerWriteEvent({ ...base, operation: 'updateProfile', params: {} })).toMatchObject({
      targetType: 'customer',
      targetId: 'c-1',
    });
    expect(
      customerWriteEvent({ ...base, operation: 'updateDog', params: { id: 'd-1' } }),
    ).toMatchObject({
      targetType: 'dog',
      targetId: 'd-1',
    });
  });

  it('records no read, no refused or failed request and no public route', () => {
    fc.assert(
      fc.property(
        fc.constantFrom('GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD'),
        fc.integer({ min: 100, max: 599 }),
        fc.option(fc.constant('c-1'), { nil: undefined }),
        (method, statusCode, customerId) => {
          const event = customerWriteEvent({ ...base, method, statusCode, customerId });
          const recorded =
            ['POST', 'PUT', 'PATCH', 'DELETE'].includes(method) &&
            statusCode >= 200 &&
            statusCode < 300 &&
            customerId !== undefined;
          expect(event !== undefined).toBe(recorded);
        },
      ),
    );
  });
});
