import { describe, expect, it } from 'vitest';

import { getSafeRedirectTo, loginPathFor } from './redirect-to';

describe('getSafeRedirectTo', () => {
  it('returns to a path inside the app, with its query', () => {
    expect(getSafeRedirectTo('/dogs')).toBe('/dogs');
    expect(getSafeRedirectTo('/account/edit/address?from=email')).toBe(
      '/account/edit/address?from=email',
    );
  });

  it('falls back to deliveries for anything else', () => {
    for (const value of [
      null,
      '',
      'dogs',
      'https://evil.example',
      '//evil.example/dogs',
      '/\\evil.example',
      '/login',
      '/login?redirectTo=/dogs',
    ]) {
      expect(getSafeRedirectTo(value)).toBe('/deliveries');
    }
  });
});

describe('loginPathFor', () => {
  it('remembers where the visitor was going', () => {
    expect(loginPathFor('/dogs/add')).toBe('/login?redirectTo=%2Fdogs%2Fadd');
  });

  it('leaves out deliveries, where signing in leads anyway', () => {
    expect(loginPathFor('/deliveries')).toBe('/login');
    expect(loginPathFor('/')).toBe('/login');
  });
});
