import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local stand-in for the few Stripe endpoints the adapter calls, answering in Stripe's shapes
 * (form-encoded requests, JSON answers, card errors as 402 with the intent). It honours
 * Idempotency-Key like Stripe and records what it was asked, so tests can see keys and counts.
 * Stripe's test payment methods (`pm_card_visa`, …) behave as in Stripe's test mode.
 */
const cards: Record<string, { brand: string; last4: string; outcome: string }> = {
  pm_card_visa: { brand: 'visa', last4: '4242', outcome: 'succeeds' },
  pm_card_mastercard: { brand: 'mastercard', last4: '4444', outcome: 'succeeds' },
  pm_card_amex: { brand: 'amex', last4: '8431', outcome: 'succeeds' },
  pm_card_chargeDeclined: { brand: 'visa', last4: '0002', outcome: 'generic_decline' },
  pm_card_chargeDeclinedInsufficientFunds: {
    brand: 'visa',
    last4: '9995',
    outcome: 'insufficient_funds',
  },
  pm_card_chargeDeclinedExpiredCard: { brand: 'visa', last4: '0069', outcome: 'expired_card' },
  pm_card_authenticationRequired: { brand: 'visa', last4: '3155', outcome: 'authentication' },
};
const declines: Record<string, { code: string; decline_code: string; message: string }> = {
  generic_decline: {
    code: 'card_declined',
    decline_code: 'generic_decline',
    message: 'Your card was declined.',
  },
  insufficient_funds: {
    code: 'card_declined',
    decline_code: 'insufficient_funds',
    message: 'Your card has insufficient funds.',
  },
  expired_card: {
    code: 'expired_card',
    decline_code: 'expired_card',
    message: 'Your card has expired.',
  },
  authentication: {
    code: 'authentication_required',
    decline_code: 'authentication_required',
    message: 'Your card was declined. This transaction requires authentication.',
  },
};

type Json = Record<string, unknown>;
interface Answer {
  status: number;
  body: Json;
}

export interface StripeFake {
  port: number;
  requests: { method: string; path: string; idempotencyKey: string | undefined }[];
  customers: Map<string, Json>;
  close(): Promise<void>;
}

export async function startStripeFake(): Promise<StripeFake> {
  let n = 0;
  const id = (prefix: string) => `${prefix}_fake${++n}`;
  const customers = new Map<string, Json>();
  const methods = new Map<string, Json & { outcome: string }>();
  const intents = new Map<string, Json>();
  const replies = new Map<string, Answer>();
  const requests: StripeFake['requests'] = [];

  const missing = (what: string, key: string): Answer => ({
    status: 404,
    body: {
      error: {
        type: 'invalid_request_error',
        code: 'resource_missing',
        message: `No such ${what}: '${key}'`,
      },
    },
  });
  const invalid = (message: string): Answer => ({
    status: 400,
    body: { error: { type: 'invalid_request_error', message } },
  });
  const publicMethod = (m: Json) => {
    const { outcome: _outcome, ...rest } = m;
    return rest;
  };

  function attempt(pi: Json, pmId: string, offSession: boolean): Answer {
    const pm = methods.get(pmId);
    if (!pm) return missing('payment_method', pmId);
    pi.payment_method = pmId;
    const decline = pm.outcome === 'succeeds' ? undefined : declines[pm.outcome];
    if (pm.outcome === 'authentication' && !offSession) {
      pi.status = 'requires_action';
      return { status: 200, body: pi };
    }
    if (decline) {
      pi.status = 'requires_payment_method';
      pi.last_payment_error = { type: 'card_error', ...decline };
      return {
        status: 402,
        body: { error: { type: 'card_error', ...decline, payment_intent: pi } },
      };
    }
    pi.last_payment_error = null;
    pi.latest_charge = id('ch');
    if (pi.capture_method === 'manual') {
      pi.status = 'requires_capture';
      pi.amount_capturable = pi.amount;
    } else {
      pi.status = 'succeeded';
      pi.amount_received = pi.amount;
    }
    return { status: 200, body: pi };
  }

  function route(
    method: string,
    path: string,
    form: URLSearchParams,
    query: URLSearchParams,
  ): Answer {
    let m: RegExpMatchArray | null;
    if (method === 'POST' && path === '/v1/customers') {
      const customer = {
        id: id('cus'),
        object: 'customer',
        metadata: { userId: form.get('metadata[userId]') },
        invoice_settings: { default_payment_method: null },
      };
      customers.set(customer.id, customer);
      return { status: 200, body: customer };
    }
    if ((m = path.match(/^\/v1\/customers\/([^/]+)$/))) {
      const customer = customers.get(m[1]!);
      if (!customer) return missing('customer', m[1]!);
      if (method === 'POST') {
        customer.invoice_settings = {
          default_payment_method: form.get('invoice_settings[default_payment_method]'),
        };
      }
      return { status: 200, body: customer };
    }
    if (method === 'POST' && (m = path.match(/^\/v1\/payment_methods\/([^/]+)\/attach$/))) {
      const fixture = cards[m[1]!];
      const customer = form.get('customer') ?? '';
      if (!fixture) return missing('payment_method', m[1]!);
      if (!customers.has(customer)) return missing('customer', customer);
      const pm = {
        id: id('pm'),
        object: 'payment_method',
        type: 'card',
        customer,
        card: { brand: fixture.brand, last4: fixture.last4, exp_month: 12, exp_year: 2034 },
        outcome: fixture.outcome,
      };
      methods.set(pm.id, pm);
      return { status: 200, body: publicMethod(pm) };
    }
    if (method === 'POST' && (m = path.match(/^\/v1\/payment_methods\/([^/]+)\/detach$/))) {
      const pm = methods.get(m[1]!);
      if (!pm) return missing('payment_method', m[1]!);
      pm.customer = null;
      return { status: 200, body: publicMethod(pm) };
    }
    if (method === 'GET' && path === '/v1/payment_methods') {
      const data = [...methods.values()]
        .filter((pm) => pm.customer === query.get('customer'))
        .map(publicMethod);
      return { status: 200, body: { object: 'list', data, has_more: false, url: path } };
    }
    if (method === 'GET' && path === '/v1/payment_intents') {
      // Newest first, within created[gte] and created[lt], a page after starting_after.
      const gte = Number(query.get('created[gte]') ?? 0);
      const lt = Number(query.get('created[lt]') ?? Number.MAX_SAFE_INTEGER);
      const all = [...intents.values()]
        .filter((pi) => Number(pi.created) >= gte && Number(pi.created) < lt)
        .sort((a, b) => Number(b.created) - Number(a.created));
      const after = query.get('starting_after');
      const from = after ? all.findIndex((pi) => pi.id === after) + 1 : 0;
      const limit = Number(query.get('limit') ?? 10);
      const data = all.slice(from, from + limit);
      return {
        status: 200,
        body: { object: 'list', data, has_more: from + limit < all.length, url: path },
      };
    }
    if (method === 'GET' && (m = path.match(/^\/v1\/payment_intents\/([^/]+)$/))) {
      const pi = intents.get(m[1]!);
      return pi ? { status: 200, body: pi } : missing('payment_intent', m[1]!);
    }
    if (method === 'POST' && path === '/v1/payment_intents') {
      const pi: Json = {
        id: id('pi'),
        object: 'payment_intent',
        amount: Number(form.get('amount')),
        currency: form.get('currency'),
        customer: form.get('customer'),
        capture_method: form.get('capture_method') ?? 'automatic',
        amount_capturable: 0,
        amount_received: 0,
        payment_method: form.get('payment_method'),
        latest_charge: null,
        last_payment_error: null,
        status: form.get('payment_method') ? 'requires_confirmation' : 'requires_payment_method',
        metadata: Object.fromEntries(
          [...form.entries()]
            .filter(([k]) => k.startsWith('metadata['))
            .map(([k, v]) => [k.slice('metadata['.length, -1), v]),
        ),
        created: Math.floor(Date.now() / 1000) + n,
      };
      intents.set(pi.id as string, pi);
      if (form.get('confirm') === 'true') {
        return attempt(pi, String(form.get('payment_method')), form.get('off_session') === 'true');
      }
      return { status: 200, body: pi };
    }
    if (
      method === 'POST' &&
      (m = path.match(/^\/v1\/payment_intents\/([^/]+)\/(confirm|capture|cancel)$/))
    ) {
      const pi = intents.get(m[1]!);
      if (!pi) return missing('payment_intent', m[1]!);
      if (m[2] === 'confirm') {
        if (['succeeded', 'requires_capture', 'canceled'].includes(String(pi.status))) {
          return invalid(
            `You cannot confirm this PaymentIntent because it has a status of ${String(pi.status)}.`,
          );
        }
        return attempt(pi, String(form.get('payment_method')), false);
      }
      if (m[2] === 'cancel') {
        if (['succeeded', 'canceled'].includes(String(pi.status))) {
          return invalid(
            `You cannot cancel this PaymentIntent because it has a status of ${String(pi.status)}.`,
          );
        }
        pi.status = 'canceled';
        pi.amount_capturable = 0;
        pi.cancellation_reason = form.get('cancellation_reason') ?? null;
        return { status: 200, body: pi };
      }
      if (pi.status !== 'requires_capture') {
        return invalid(
          `This PaymentIntent could not be captured because it has a status of ${String(pi.status)}.`,
        );
      }
      pi.amount_received = Number(form.get('amount_to_capture') ?? pi.amount_capturable);
      pi.amount_capturable = 0;
      pi.status = 'succeeded';
      return { status: 200, body: pi };
    }
    if (method === 'POST' && path === '/v1/refunds') {
      const pi = intents.get(String(form.get('payment_intent')));
      if (!pi) return missing('payment_intent', String(form.get('payment_intent')));
      const refunded = Number(pi.amount_refunded ?? 0);
      const amount = Number(form.get('amount'));
      if (amount > Number(pi.amount_received) - refunded) {
        return invalid('Refund amount is greater than unrefunded amount on charge');
      }
      pi.amount_refunded = refunded + amount;
      return { status: 200, body: { id: id('re'), object: 'refund', amount, status: 'succeeded' } };
    }
    return {
      status: 404,
      body: {
        error: {
          type: 'invalid_request_error',
          message: `Unrecognized request URL (${method}: ${path})`,
        },
      },
    };
  }

  async function handle(req: IncomingMessage, res: ServerResponse) {
    let raw = '';
    for await (const chunk of req) raw += String(chunk);
    const url = new URL(req.url ?? '/', 'http://stripe.fake');
    const key = req.headers['idempotency-key'];
    const idempotencyKey = Array.isArray(key) ? key[0] : key;
    requests.push({ method: req.method ?? 'GET', path: url.pathname, idempotencyKey });
    const replayKey = idempotencyKey
      ? `${req.method} ${url.pathname} ${idempotencyKey}`
      : undefined;
    const first = replayKey ? replies.get(replayKey) : undefined;
    const answer =
      first ?? route(req.method ?? 'GET', url.pathname, new URLSearchParams(raw), url.searchParams);
    if (replayKey) replies.set(replayKey, JSON.parse(JSON.stringify(answer)) as Answer);
    res.writeHead(answer.status, { 'content-type': 'application/json', 'request-id': 'req_fake' });
    res.end(JSON.stringify(answer.body));
  }

  const server: Server = createServer((req, res) => {
    handle(req, res).catch((err: unknown) => {
      res.writeHead(500);
      res.end(JSON.stringify({ error: { type: 'api_error', message: String(err) } }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as AddressInfo).port,
    requests,
    customers,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
