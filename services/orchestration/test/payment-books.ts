import { sql } from 'drizzle-orm';
import type { DatabaseConnection } from '@pawfresh/db';

/**
 * The card provider's books (the sandbox's tables) and ours (payments, refunds) for some users,
 * read straight from the database: what the crash tests compare, without going through any code
 * that could repair what it reads.
 */
export interface Books {
  intents: {
    id: string;
    status: string;
    amount_received: number;
    amount_refunded: number;
    amount_capturable: number;
  }[];
  payments: {
    id: string;
    user_id: string;
    status: string;
    amount: number;
    amount_captured: number;
    amount_refunded: number;
    provider_payment_intent_id: string | null;
    reference_id: string;
    call_started_at: unknown;
  }[];
  refunds: { payment_id: string; status: string; amount: number }[];
}

const rowsOf = <T>(res: unknown): T[] => ((res as { rows?: T[] }).rows ?? res) as T[];

export async function readBooks(
  db: DatabaseConnection,
  userIds: readonly string[],
): Promise<Books> {
  const d = db.forSchema({});
  const ids = sql.join(
    userIds.map((id) => sql`${id}::uuid`),
    sql`, `,
  );
  const intents = rowsOf<Books['intents'][number]>(
    await d.execute(sql`
      select i.id, i.status, i.amount_received, i.amount_refunded, i.amount_capturable
      from payment.sandbox_payment_intents i
      join payment.customers c on c.provider_customer_id = i.customer_id
      where c.user_id in (${ids}) order by i.created_at`),
  );
  const payments = rowsOf<Books['payments'][number]>(
    await d.execute(sql`
      select id, user_id, status, amount, amount_captured, amount_refunded,
             provider_payment_intent_id, reference_id, call_started_at
      from payment.payments where user_id in (${ids}) order by created_at`),
  );
  const refunds = rowsOf<Books['refunds'][number]>(
    await d.execute(sql`
      select r.payment_id, r.status, r.amount from payment.refunds r
      join payment.payments p on p.id = r.payment_id where p.user_id in (${ids})`),
  );
  return { intents, payments, refunds };
}

/** What our payment's status must be for the provider's intent status. */
const paymentStatusFor: Record<string, string[]> = {
  succeeded: ['processed'],
  requires_capture: ['processing'],
  canceled: ['expired'],
  requires_payment_method: ['pending', 'attempt_failed', 'expired'],
  requires_confirmation: ['pending', 'expired'],
  requires_action: ['attempt_failed', 'expired'],
};

/**
 * Every way the provider's books and ours can part, as sentences (none when they agree): an intent
 * no payment names, a payment whose status, amount taken or refunded differs from its intent's, a
 * hold left on a card, a call or a refund left in flight.
 */
export function differences(books: Books): string[] {
  const found: string[] = [];
  for (const intent of books.intents) {
    const payment = books.payments.find((p) => p.provider_payment_intent_id === intent.id);
    if (!payment) {
      if (intent.amount_received > 0 || intent.amount_capturable > 0) {
        found.push(`intent ${intent.id} (${intent.status}) has money and no payment names it`);
      }
      continue;
    }
    if (!(paymentStatusFor[intent.status] ?? []).includes(payment.status)) {
      found.push(`payment ${payment.id} is ${payment.status}, its intent ${intent.status}`);
    }
    if (payment.amount_captured !== intent.amount_received) {
      found.push(
        `payment ${payment.id} captured ${payment.amount_captured}, the provider received ${intent.amount_received}`,
      );
    }
    const refunded = books.refunds
      .filter((r) => r.payment_id === payment.id && r.status === 'succeeded')
      .reduce((sum, r) => sum + r.amount, 0);
    if (refunded !== intent.amount_refunded) {
      found.push(
        `payment ${payment.id} has ${refunded} refunded, the provider ${intent.amount_refunded}`,
      );
    }
    if (intent.amount_capturable > 0) {
      found.push(`intent ${intent.id} still holds ${intent.amount_capturable} on the card`);
    }
  }
  for (const payment of books.payments) {
    if (payment.call_started_at) found.push(`payment ${payment.id} has a call left in flight`);
  }
  for (const refund of books.refunds) {
    if (refund.status === 'pending')
      found.push(`a refund of payment ${refund.payment_id} is pending`);
  }
  return found;
}
