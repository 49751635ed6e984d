import { describe, expect, it } from 'vitest';

import { documentNavigations } from '../../testing/document-navigation';
import { getSafeRedirectTo, goToSignInPage, loginPathFor } from './redirect-to';

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

describe('goToSignInPage', () => {
  it('leaves for the sign-in page with a full page load, remembering the page and a notice', () => {
    void goToSignInPage('/dogs');
    void goToSignInPage();
    void goToSignInPage('', 'password-set');
    void goToSignInPage('/account', 'password-set');

    expect(documentNavigations).toEqual([
      '/customer/login?redirectTo=%2Fdogs',
      '/customer/login',
      '/customer/login?notice=password-set',
      '/customer/login?redirectTo=%2Faccount&notice=password-set',
    ]);
  });
});
