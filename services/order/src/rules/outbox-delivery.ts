import { parseSubscribers as parseTopicSubscribers, type Subscriber } from '@pawfresh/kit';
import { orderTopics, type OrderTopic } from '@pawfresh/contracts/order';

/**
 * The order topics' subscribers and how the relay retries them (docs/orders.md "Topics"): the
 * kit's topic relay, which the courier's topics use too.
 */
export {
  announced,
  FIRST_RETRY_MS,
  MAX_DELIVERY_ATTEMPTS,
  MAX_RETRY_MS,
  retryDelayMs,
  type Subscriber,
} from '@pawfresh/kit';

/** The order topics' subscribers from ORDER_TOPIC_SUBSCRIBERS, or the problem reading it. */
export const parseSubscribers = (text: string | undefined): Subscriber<OrderTopic>[] | string =>
  parseTopicSubscribers(text, 'ORDER_TOPIC_SUBSCRIBERS', orderTopics, 'an order topic');
