import { describe, expect, it } from 'vitest';
import { escapeHtml } from '../src/mail/escape-html.js';
import { mailboxPage } from '../src/mail/mailbox-page.js';
import { passwordResetLink, passwordResetMail } from '../src/mail/password-reset-mail.js';
import { devMailboxIsOn } from '../src/rules/mailbox.js';
import { hashPassword, verifyAgainstDummy, verifyPassword } from '../src/rules/passwords.js';
import { mayCreateUserWithRole } from '../src/rules/roles.js';
import {
  hitsInWindow,
  isOverLimit,
  rateLimitKey,
  rateLimitRules,
  withoutHit,
} from '../src/rules/rate-limit.js';
import {
  hashRefreshToken,
  judgeRefreshToken,
  newRefreshToken,
  refreshTokenExpiry,
} from '../src/rules/refresh-tokens.js';
import {
  hashResetCode,
  isResetCodeValid,
  newResetCode,
  sameHash,
} from '../src/rules/reset-codes.js';

const now = new Date('2026-03-02T09:00:00.000Z');
const minutesAgo = (m: number) => now.getTime() - m * 60_000;

describe('rate limits', () => {
  const rule = rateLimitRules.signInAccount;

  it('count only the attempts inside the window', () => {
    expect(
      hitsInWindow([minutesAgo(20), minutesAgo(15), minutesAgo(14), minutesAgo(0)], rule, now),
    ).toEqual([minutesAgo(14), minutesAgo(0)]);
  });

  it('are reached at the limit, not before', () => {
    const four = [1, 2, 3, 4].map(minutesAgo);
    expect(isOverLimit(four, rule, now)).toBe(false);
    expect(isOverLimit([...four, minutesAgo(5)], rule, now)).toBe(true);
    expect(isOverLimit([...four, minutesAgo(16)], rule, now)).toBe(false);
  });

  it('are the spec’s numbers', () => {
    expect(
      Object.values(rateLimitRules).map((r) => [r.scope, r.limit, r.windowMs / 60_000]),
    ).toEqual([
      ['sign-in:account', 5, 15],
      ['sign-in:address', 20, 15],
      ['password-reset:account', 3, 60],
      ['password-reset:address', 10, 60],
      ['password-reset-confirm:account', 5, 15],
    ]);
  });

  it('take back exactly one attempt', () => {
    expect(withoutHit([5, 7, 7, 9], 7)).toEqual([5, 7, 9]);
    expect(withoutHit([5, 9], 7)).toEqual([5, 9]);
  });

  it('key on the trimmed lower-cased value and ignore empty keys', () => {
    expect(rateLimitKey(' 2001:DB8::1 ')).toBe('2001:db8::1');
    expect(rateLimitKey('   ')).toBeUndefined();
    expect(rateLimitKey(undefined)).toBeUndefined();
  });
});

describe('refresh tokens', () => {
  it('are 32 random bytes in base64url, stored as a SHA-256 hash', () => {
    const a = newRefreshToken();
    expect(Buffer.from(a, 'base64url')).toHaveLength(32);
    expect(a).not.toBe(newRefreshToken());
    expect(hashRefreshToken(a)).toMatch(/^[0-9a-f]{64}$/);
    expect(hashRefreshToken(a)).toBe(hashRefreshToken(a));
    expect(hashRefreshToken(a)).not.toContain(a);
  });

  it('expire 30 days after they are issued', () => {
    expect(refreshTokenExpiry(now).toISOString()).toBe('2026-04-01T09:00:00.000Z');
  });

  it('are judged: revoked, then reused, then expired, else rotated', () => {
    const later = new Date(now.getTime() + 1000);
    const fresh = { expiresAt: later, usedAt: null, familyRevokedAt: null };
    expect(judgeRefreshToken(fresh, now)).toBe('rotate');
    expect(judgeRefreshToken({ ...fresh, usedAt: now }, now)).toBe('reuse');
    expect(judgeRefreshToken({ ...fresh, expiresAt: now }, now)).toBe('expired');
    expect(judgeRefreshToken({ ...fresh, usedAt: now, familyRevokedAt: now }, now)).toBe('revoked');
  });
});

describe('reset codes', () => {
  it('are six digits', () => {
    for (let i = 0; i < 50; i++) expect(newResetCode()).toMatch(/^\d{6}$/);
  });

  it('hash differently per user and per secret, and compare in constant time', () => {
    const h1 = hashResetCode('123456', 'user-a', 'secret-1');
    expect(h1).toMatch(/^[0-9a-f]{64}$/);
    expect(hashResetCode(' 123456 ', 'user-a', 'secret-1')).toBe(h1);
    expect(hashResetCode('123456', 'user-b', 'secret-1')).not.toBe(h1);
    expect(hashResetCode('123456', 'user-a', 'secret-2')).not.toBe(h1);
    expect(sameHash(h1, h1)).toBe(true);
    expect(sameHash(h1, hashResetCode('123457', 'user-a', 'secret-1'))).toBe(false);
    expect(sameHash(h1, '')).toBe(false);
    expect(sameHash('', '')).toBe(false);
  });

  it('are valid once, before they expire, and only when they match', () => {
    const codeHash = hashResetCode('123456', 'u', 's');
    const stored = { codeHash, expiresAt: new Date(now.getTime() + 60_000), usedAt: null };
    expect(isResetCodeValid(stored, codeHash, now)).toBe(true);
    expect(isResetCodeValid(stored, hashResetCode('654321', 'u', 's'), now)).toBe(false);
    expect(isResetCodeValid({ ...stored, usedAt: now }, codeHash, now)).toBe(false);
    expect(isResetCodeValid({ ...stored, expiresAt: now }, codeHash, now)).toBe(false);
    expect(isResetCodeValid(undefined, codeHash, now)).toBe(false);
  });
});

describe('roles', () => {
  const user = (role: 'customer' | 'support' | 'admin') =>
    ({ kind: 'user', userId: 'u', role, sessionId: 's' }) as const;

  it('only admins and service callers create staff and admins; anyone creates customers', () => {
    expect(mayCreateUserWithRole({ kind: 'service' }, 'admin')).toBe(true);
    expect(mayCreateUserWithRole(user('admin'), 'support')).toBe(true);
    expect(mayCreateUserWithRole(user('support'), 'support')).toBe(false);
    expect(mayCreateUserWithRole(user('support'), 'admin')).toBe(false);
    expect(mayCreateUserWithRole(user('support'), 'customer')).toBe(true);
    expect(mayCreateUserWithRole(undefined, 'admin')).toBe(false);
  });
});

describe('passwords', () => {
  it('are hashed with argon2id and verified', async () => {
    const hash = await hashPassword('woofwoof1');
    expect(hash).toMatch(/^\$argon2id\$/);
    expect(await verifyPassword(hash, 'woofwoof1')).toBe(true);
    expect(await verifyPassword(hash, 'woofwoof2')).toBe(false);
    expect(await verifyPassword('not a hash', 'woofwoof1')).toBe(false);
    expect(await verifyAgainstDummy('woofwoof1')).toBe(false);
  });
});

describe('mail', () => {
  it('escapes HTML', () => {
    expect(escapeHtml(`<a href="x" title='y'>&</a>`)).toBe(
      '&lt;a href=&quot;x&quot; title=&#39;y&#39;&gt;&amp;&lt;/a&gt;',
    );
  });

  it('links to the customer app’s reset page with the code and e-mail', () => {
    expect(passwordResetLink('https://shop.example.com.au/', 'a+b@example.com', '012345')).toBe(
      'https://shop.example.com.au/customer/confirm-forgot-password?code=012345&email=a%2Bb%40example.com',
    );
  });

  it('writes the reset e-mail in text and HTML', () => {
    const mail = passwordResetMail({
      firstName: 'Sam',
      email: 'demo@pawfresh.com.au',
      code: '012345',
      publicUrl: 'http://localhost:3000',
      validMinutes: 30,
    });
    expect(mail.subject).toBe('Reset your Pawfresh password');
    expect(mail.text).toContain('Your code is: 012345');
    expect(mail.html).toContain('<title>Reset your Pawfresh password</title>');
    expect(mail.html).toContain('<strong>012345</strong>');
  });

  it('lists kept mail on a page, or says there is none', () => {
    expect(mailboxPage([])).toContain('No messages yet.');
    const page = mailboxPage(
      [
        {
          id: 'm1',
          to: 'a@example.com',
          subject: 'Hi & bye',
          text: 'See https://x.test/?a=1&b=<2> now',
          html: '',
          sentAt: now,
        },
      ],
      'a@example.com',
    );
    expect(page).toContain('<h2>Hi &amp; bye</h2>');
    expect(page).toContain('<a href="https://x.test/?a=1&amp;b=">https://x.test/?a=1&amp;b=</a>');
    expect(page).toContain('&lt;2&gt; now');
    expect(page).toContain('<time datetime="2026-03-02T09:00:00.000Z">');
  });

  it('keeps the development mailbox only without SMTP and outside production', () => {
    const base = { publicUrl: 'http://x', mailFrom: 'a <a@x>' };
    expect(devMailboxIsOn({ ...base, environment: 'development' })).toBe(true);
    expect(devMailboxIsOn({ ...base, environment: 'test' })).toBe(true);
    expect(devMailboxIsOn({ ...base, environment: 'production' })).toBe(false);
    expect(devMailboxIsOn({ ...base, environment: 'development', smtpUrl: 'smtp://m' })).toBe(
      false,
    );
  });
});
