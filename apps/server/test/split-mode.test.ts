import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { repoRoot } from '@pawfresh/testing';
import { readConfig } from '../src/index.js';
import { serviceModules } from '../src/services.js';

// The README runs split mode through scripts/split-mode.sh; this reads the settings that script
// gives each process and checks the server accepts them, so a service that starts calling another
// one cannot leave the documented commands broken (as COURIER_SERVICE_URL once did).
const plan = execFileSync('bash', [path.join(repoRoot, 'scripts/split-mode.sh'), '--print'], {
  encoding: 'utf8',
})
  .trim()
  .split('\n')
  .map((line) => Object.fromEntries(line.split(' ').map((pair) => pair.split('=', 2))));

describe('scripts/split-mode.sh', () => {
  it('starts every service, each on its own port', () => {
    expect(plan.map((env) => env.SERVICE).sort()).toEqual(serviceModules.map((m) => m.name).sort());
    expect(new Set(plan.map((env) => env.PORT)).size).toBe(plan.length);
  });

  for (const env of plan) {
    it(`gives the ${env.SERVICE} service every setting it needs to start alone`, () => {
      const config = readConfig(env);
      expect(config.service).toBe(env.SERVICE);
      const module = serviceModules.find((m) => m.name === env.SERVICE)!;
      for (const other of module.calls ?? []) {
        expect(config.serviceUrls[other]).toBe(env[`${other.toUpperCase()}_SERVICE_URL`]);
      }
    });
  }
});
