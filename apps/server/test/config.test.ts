import { describe, expect, it } from 'vitest';
import { ConfigError } from '@pawfresh/kit';
import { readConfig, DEV_SERVICE_TOKEN } from '../src/index.js';

const problems = (env: Record<string, string>) => {
  try {
    readConfig(env);
  } catch (err) {
    if (err instanceof ConfigError) return err.problems;
    throw err;
  }
  return [];
};

describe('configuration', () => {
  it('works with no settings at all (the embedded default)', () => {
    const config = readConfig({});
    expect(config).toMatchObject({
      port: 3000,
      serviceToken: DEV_SERVICE_TOKEN,
      service: undefined,
      databaseUrl: undefined,
    });
    expect(config.dataDir).toMatch(/\.data$/);
  });

  it('trusts a proxy only when told to', () => {
    expect(readConfig({}).trustProxy).toBe(false);
    expect(readConfig({ TRUST_PROXY: 'true' }).trustProxy).toBe(true);
    expect(readConfig({ TRUST_PROXY: '1' }).trustProxy).toBe(1);
    expect(readConfig({ TRUST_PROXY: '10.0.0.0/8' }).trustProxy).toBe('10.0.0.0/8');
  });

  it('gives a service running alone its own embedded folder', () => {
    expect(readConfig({ SERVICE: 'identity', DATA_DIR: '/srv/data' }).dataDir).toBe(
      '/srv/data/identity',
    );
  });

  it('names every bad setting at once', () => {
    expect(
      problems({
        PORT: 'eighty',
        SERVICE: 'billing',
        DATABASE_URL: 'mysql://x',
        SERVICE_TOKEN: 'short',
      }),
    ).toEqual([
      'PORT must be a number',
      'DATABASE_URL must be a postgres:// or postgresql:// URL',
      'SERVICE must be one of: identity, audit, dogs, product, pricing, payment, courier, cart, subscription, order, fulfilment, legacy, orchestration, account, staff',
      'SERVICE_TOKEN must be at least 32 characters long',
    ]);
  });

  it('requires what a service alone needs to reach the others', () => {
    expect(
      problems({
        SERVICE: 'account',
        IDENTITY_SERVICE_URL: 'http://127.0.0.1:3102',
        PAYMENT_SERVICE_URL: 'http://127.0.0.1:3105',
        COURIER_SERVICE_URL: 'http://127.0.0.1:3106',
        ORDER_SERVICE_URL: 'http://127.0.0.1:3107',
        ORCHESTRATION_SERVICE_URL: 'http://127.0.0.1:3111',
      }),
    ).toEqual([
      'PRODUCT_SERVICE_URL is required when SERVICE=account runs alone: the base URL where the product service answers (e.g. http://127.0.0.1:3101)',
      'DOGS_SERVICE_URL is required when SERVICE=account runs alone: the base URL where the dogs service answers (e.g. http://127.0.0.1:3101)',
      'SUBSCRIPTION_SERVICE_URL is required when SERVICE=account runs alone: the base URL where the subscription service answers (e.g. http://127.0.0.1:3101)',
      'AUDIT_SERVICE_URL is required when SERVICE=account runs alone: the base URL where the audit service answers (e.g. http://127.0.0.1:3101)',
      'CART_SERVICE_URL is required when SERVICE=account runs alone: the base URL where the cart service answers (e.g. http://127.0.0.1:3101)',
    ]);
    expect(problems({ SERVICE: 'product', DOGS_SERVICE_URL: 'dogs:3101' })[0]).toMatch(
      /must be an http\(s\) URL/,
    );
  });

  it('refuses to run in production on the development credentials', () => {
    expect(problems({ NODE_ENV: 'production' })).toEqual([
      'SERVICE_TOKEN is required in production: the secret services present to each other',
      'ACCESS_TOKEN_SECRET is required in production: the secret that signs sign-in tokens',
      'SMTP_URL is required in production: password-reset e-mails must reach customers',
    ]);
  });
});

describe('demo data', () => {
  const production = {
    NODE_ENV: 'production',
    SERVICE_TOKEN: 'a-production-service-token-of-32-chars-or-more',
    ACCESS_TOKEN_SECRET: 'a-production-signing-secret-of-32-chars-or-more',
    SMTP_URL: 'smtp://mail.example.com.au',
  };

  it('is on in development and off in production unless DEMO_DATA says otherwise', () => {
    expect(readConfig({}).demoData).toBe(true);
    expect(readConfig({ DEMO_DATA: 'false' }).demoData).toBe(false);
    expect(readConfig(production).demoData).toBe(false);
    expect(readConfig({ ...production, DEMO_DATA: 'true' }).demoData).toBe(true);
    expect(problems({ DEMO_DATA: 'yes' })).toEqual(['DEMO_DATA must be true or false']);
  });
});
