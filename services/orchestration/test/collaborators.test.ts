import { describe, expect, it } from 'vitest';
import { ServiceCallError, type ServiceRuntime } from '@pawfresh/kit';
import type { DatabaseConnection } from '@pawfresh/db';
import { collaborators } from '../src/collaborators.js';

const DISCOUNT_ID = '6f0c1c1e-2b1a-4d4e-9a7c-0d7f5b1c2a3e';

/** Clients whose every call is answered with `body`; pricing at `pricingUrl`. */
function clientsAnswering(pricingUrl: string, body: unknown) {
  const runtime = {
    serviceToken: 'a-test-token-that-is-long-enough-000',
    serviceUrl: (name: string) => (name === 'pricing' ? pricingUrl : `http://${name}.svc`),
    fetch: async () =>
      new Response(JSON.stringify(body), {
        status: 200,
        headers: { 'content-type': 'application/json' },
      }),
  } as unknown as ServiceRuntime<DatabaseConnection>;
  return collaborators(runtime, () => undefined);
}

// An answer that breaks pricing's contract (a discount without its fields): only a service in
// another process could send it, since a service in this one checks its answers before sending.
const broken = { id: DISCOUNT_ID, name: 42 };

describe("the workflows' clients", () => {
  it('check the answers of a service reached over the network against its contract', async () => {
    const services = clientsAnswering('http://pricing.example:4000', broken);
    const call = services.pricing.getDiscount({ params: { id: DISCOUNT_ID } });
    await expect(call).rejects.toBeInstanceOf(ServiceCallError);
    await expect(call).rejects.toThrow('answered with a body that does not match its contract');
  });

  it.each(['http://in-process/svc/pricing', 'http://pricing.svc'])(
    'take the answers of a service reached in this process (%s) as its serializer checked them',
    async (url) => {
      const services = clientsAnswering(url, broken);
      await expect(services.pricing.getDiscount({ params: { id: DISCOUNT_ID } })).resolves.toEqual(
        broken,
      );
    },
  );
});
