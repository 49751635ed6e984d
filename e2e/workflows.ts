import { DEV_SERVICE_TOKEN } from '../apps/server/src/config.js';

/** The built server's service credentials (its development token unless SERVICE_TOKEN is set). */
const serviceToken = process.env.SERVICE_TOKEN ?? DEV_SERVICE_TOKEN;

/** A workflow of the orchestration service, called as the other services do. */
export async function runWorkflow<T>(baseUrl: string, name: string, body: object): Promise<T> {
  const response = await fetch(`${baseUrl}/svc/orchestration/workflows/${name}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${serviceToken}` },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${name}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

export type Scenario = 'payment-soon' | 'payment-failed' | 'delivery-past';

export type ScenarioAccount = {
  email: string;
  password: string;
  dogId: string;
  subscriptionId: string;
  orders: { orderId: string; deliveryDate: string }[];
};

/** A new test customer in a scenario (docs/workflows.md "Test accounts"). */
export const scenarioAccount = (baseUrl: string, scenario: Scenario) =>
  runWorkflow<ScenarioAccount>(baseUrl, 'create-account-scenario', { scenario });
