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

  it('gives a service running alone its own embedded folder', () => {
    expect(readConfig({ SERVICE: 'product', DATA_DIR: '/srv/data' }).dataDir).toBe(
      '/srv/data/product',
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
      'SERVICE must be one of: product, account',
      'SERVICE_TOKEN must be at least 32 characters long',
    ]);
  });

  it('requires what a service alone needs to reach the others', () => {
    expect(problems({ SERVICE: 'account' })).toEqual([
      'PRODUCT_SERVICE_URL is required when SERVICE=account runs alone: the base URL where the product service answers (e.g. http://127.0.0.1:3101)',
    ]);
    expect(problems({ SERVICE: 'account', PRODUCT_SERVICE_URL: 'product:3101' })[0]).toMatch(
      /must be an http\(s\) URL/,
    );
  });

  it('refuses to run in production on the development credentials', () => {
    expect(problems({ NODE_ENV: 'production' })).toEqual([
      'SERVICE_TOKEN is required in production: the secret services present to each other',
    ]);
  });
});
