import { describe, expect, it } from 'vitest';
import { fuzzContract, messagesOf, serviceApp, serviceAuth } from '@pawfresh/testing';
import { identityContract } from '@pawfresh/contracts/identity';
import { identityService } from '../src/index.js';
import { createUser, session, uniqueEmail, useIdentity } from './harness.js';

const h = useIdentity();

describe('who may call', () => {
  it('refuses a caller without service credentials, and a customer’s access token', async () => {
    const user = await createUser(h.app);
    const url = `/identity/users/${user.id}`;
    const anonymous = await h.call('GET', url, undefined, {});
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toMatchObject({ statusCode: 401, error: 'Unauthorized' });

    const customer = await session(h.app, user.email, user.password);
    const asCustomer = await h.call('GET', url, undefined, {
      authorization: `Bearer ${customer.accessToken}`,
    });
    expect(asCustomer.statusCode).toBe(403);
    expect(asCustomer.json()).toMatchObject({
      message: 'Customers cannot call this service directly: use the customer API',
    });
  });

  it('lets a signed-in admin in with their access token, and sends other staff to the staff API', async () => {
    const admin = await createUser(h.app, { role: 'admin' });
    const asAdmin = await session(h.app, admin.email, admin.password);
    const res = await h.call('GET', `/identity/users/${admin.id}`, undefined, {
      authorization: `Bearer ${asAdmin.accessToken}`,
    });
    expect(res.statusCode).toBe(200);
    for (const role of ['support', 'operations', 'marketing'] as const) {
      const staff = await createUser(h.app, { role });
      const s = await session(h.app, staff.email, staff.password);
      const refused = await h.call('GET', `/identity/users/${staff.id}`, undefined, {
        authorization: `Bearer ${s.accessToken}`,
      });
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toMatchObject({
        message:
          'Staff act through the staff API (/api/staff/v1): this service answers only other services and admins',
        type: 'forbidden',
      });
    }
  });
});

describe('the development mailbox', () => {
  it('lists messages newest first, filtered by recipient, without credentials', async () => {
    const a = await createUser(h.app);
    const b = await createUser(h.app);
    await h.call('POST', '/identity/password-resets', { email: a.email });
    await h.call('POST', '/identity/password-resets', { email: b.email });
    const all = await h.call('GET', '/identity/dev/mailbox/messages', undefined, {});
    expect(all.statusCode).toBe(200);
    const recipients = all.json<{ to: string }[]>().map((m) => m.to);
    expect(recipients.indexOf(b.email)).toBeLessThan(recipients.indexOf(a.email));
    const onlyA = await h.call(
      'GET',
      `/identity/dev/mailbox/messages?to=${encodeURIComponent(a.email.toUpperCase())}`,
      undefined,
      {},
    );
    expect(onlyA.json<{ to: string }[]>().map((m) => m.to)).toEqual([a.email]);
  });

  it('shows them on a page with escaped text and clickable links', async () => {
    const user = await createUser(h.app, { firstName: '<script>alert(1)</script>' });
    await h.call('POST', '/identity/password-resets', { email: user.email });
    const res = await h.app.inject({
      method: 'GET',
      url: `/identity/dev/mailbox?to=${encodeURIComponent(user.email)}`,
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.headers['content-security-policy']).toContain("default-src 'none'");
    expect(res.body).toContain('<h1>Development mailbox</h1>');
    expect(res.body).toContain('<html lang="en-AU">');
    expect(res.body).toContain('Reset your Pawfresh password');
    expect(res.body).toContain(`<dd>${user.email}</dd>`);
    expect(res.body).toContain('Hi &lt;script&gt;alert(1)&lt;/script&gt;,');
    expect(res.body).not.toContain('<script>');
    expect(res.body).toMatch(
      /<a href="http:\/\/localhost:3000\/customer\/confirm-forgot-password\?code=\d{6}&amp;email=/,
    );
    expect(res.body).not.toMatch(/<link|<img|src=/);
  });

  it('is off, as page and as route, when SMTP is configured or in production', async () => {
    for (const settings of [
      { smtpUrl: 'smtp://127.0.0.1:1' },
      { environment: 'production' as const },
    ]) {
      const app = await serviceApp(identityService, {
        database: h.database,
        clock: h.clock,
        settings,
      });
      try {
        const route = await app.inject({ method: 'GET', url: '/identity/dev/mailbox/messages' });
        expect(route.statusCode).toBe(404);
        expect(route.json()).toMatchObject({
          message: 'The development mailbox is off',
          statusCode: 404,
        });
        const page = await app.inject({ method: 'GET', url: '/identity/dev/mailbox' });
        expect(page.statusCode).toBe(404);
        expect(page.body).toContain('The development mailbox is off');
      } finally {
        await app.close();
      }
    }
  });

  it('keeps nothing when mail goes to an SMTP server, and still answers 202', async () => {
    const user = await createUser(h.app);
    const smtp = await serviceApp(identityService, {
      database: h.database,
      clock: h.clock,
      settings: { smtpUrl: 'smtp://127.0.0.1:1' },
    });
    try {
      const res = await smtp.inject({
        method: 'POST',
        url: '/identity/password-resets',
        headers: serviceAuth,
        payload: { email: user.email },
      });
      expect(res.statusCode).toBe(202);
    } finally {
      await smtp.close();
    }
    const kept = await h.call(
      'GET',
      `/identity/dev/mailbox/messages?to=${encodeURIComponent(user.email)}`,
    );
    expect(kept.json()).toEqual([]);
  });

  it('answers a bad filter with a 400', async () => {
    const res = await h.call('GET', `/identity/dev/mailbox/messages?to=${'x'.repeat(255)}`);
    expect(res.statusCode).toBe(400);
    expect(messagesOf(res)).toEqual(['to must be 254 characters or less']);
  });
});

describe('odd input generated from the contract', () => {
  it('is always a 4xx in the service envelope, never a 500', async () => {
    expect(await fuzzContract(h.app, identityContract, serviceAuth)).toEqual([]);
  });
});

describe('health and documentation', () => {
  it('answers health at the root and under /identity without credentials', async () => {
    for (const url of ['/health', '/identity/health']) {
      const res = await h.app.inject({ method: 'GET', url });
      expect(res.json()).toEqual({ status: 'ok' });
    }
  });

  it('serves an OpenAPI document naming every route of the contract', async () => {
    const doc = (await h.app.inject({ method: 'GET', url: '/openapi.json' })).json<{
      paths: Record<string, unknown>;
    }>();
    expect(Object.keys(doc.paths).sort()).toEqual(
      [
        '/identity/health',
        '/health',
        '/identity/users',
        '/identity/users/{userId}',
        '/identity/users/check-email',
        '/identity/users/search',
        '/identity/users/stats',
        '/identity/users/{userId}/password',
        '/identity/sessions',
        '/identity/sessions/refresh',
        '/identity/sessions/revoke',
        '/identity/sessions/{sessionId}/status',
        '/identity/password-resets',
        '/identity/password-resets/confirm',
        '/identity/users/{userId}/addresses/default',
        '/identity/dev/mailbox/messages',
        '/identity/migration',
        '/identity/migration/{userId}',
        '/identity/users/{userId}/notifications',
        '/identity/staff',
        '/identity/staff/{userId}/role',
        '/identity/staff/{userId}/deactivate',
        '/identity/staff/{userId}/reactivate',
      ].sort(),
    );
  });

  it('routes check-email to its own handler, not to the user with id "check-email"', async () => {
    const res = await h.call('GET', `/identity/users/check-email?email=${uniqueEmail()}`);
    expect(res.json()).toEqual({ isTaken: false });
  });
});
