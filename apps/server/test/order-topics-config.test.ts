import { describe, expect, it } from 'vitest';
import { readConfig } from '../src/index.js';

// docs/workflows.md "Fulfilment on payment": the order service's outbox delivers its topics to
// the orchestration service's topic route by default, wherever that service answers.
describe('ORDER_TOPIC_SUBSCRIBERS', () => {
  it('in one process: the orchestration service in this process, by default', () => {
    expect(readConfig({}).settings.orderTopicSubscribers).toBe(
      'orchestration[order_paid|order_updated]=http://in-process/svc/orchestration/workflows/order-topics',
    );
  });

  it('the order service alone: the configured orchestration service, if there is one', () => {
    expect(
      readConfig({
        SERVICE: 'order',
        COURIER_SERVICE_URL: 'http://127.0.0.1:3106',
        SUBSCRIPTION_SERVICE_URL: 'http://127.0.0.1:3108',
      }).settings.orderTopicSubscribers,
    ).toBeUndefined();
    expect(
      readConfig({
        SERVICE: 'order',
        COURIER_SERVICE_URL: 'http://127.0.0.1:3106',
        SUBSCRIPTION_SERVICE_URL: 'http://127.0.0.1:3108',
        ORCHESTRATION_SERVICE_URL: 'http://127.0.0.1:3110/',
      }).settings.orderTopicSubscribers,
    ).toBe('orchestration[order_paid|order_updated]=http://127.0.0.1:3110/workflows/order-topics');
  });

  it('set: as set; empty: nowhere', () => {
    expect(readConfig({ ORDER_TOPIC_SUBSCRIBERS: 'a=http://x/topics' }).settings).toMatchObject({
      orderTopicSubscribers: 'a=http://x/topics',
    });
    expect(readConfig({ ORDER_TOPIC_SUBSCRIBERS: '' }).settings.orderTopicSubscribers).toBe('');
  });
});
