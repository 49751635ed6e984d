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

// docs/architecture.md: the courier announces deliveries to the order service by topic.
describe('COURIER_TOPIC_SUBSCRIBERS', () => {
  it("in one process: the order service's courier-topics route in this process, by default", () => {
    expect(readConfig({}).settings.courierTopicSubscribers).toBe(
      'order[shipment_delivered]=http://in-process/svc/order/api/v1/courier-topics',
    );
  });

  it('the courier alone: the configured order service, if there is one; set: as set', () => {
    expect(readConfig({ SERVICE: 'courier' }).settings.courierTopicSubscribers).toBeUndefined();
    expect(
      readConfig({ SERVICE: 'courier', ORDER_SERVICE_URL: 'http://127.0.0.1:3109' }).settings
        .courierTopicSubscribers,
    ).toBe('order[shipment_delivered]=http://127.0.0.1:3109/api/v1/courier-topics');
    expect(readConfig({ COURIER_TOPIC_SUBSCRIBERS: '' }).settings.courierTopicSubscribers).toBe('');
  });
});
