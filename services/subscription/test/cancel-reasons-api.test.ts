import { describe, expect, it } from 'vitest';
import type { CancelReason } from '@pawfresh/contracts/subscription';
import { cancelReasonData } from '../src/reference/cancel-reasons.js';
import { callJson, harnessForFile } from '@pawfresh/testing';
import { harness } from './harness.js';

const h = harnessForFile(harness);

const list = async (query = '') => {
  const res = await callJson(h.app, 'GET', `/cancel-reasons${query}`);
  return res;
};
const reasons = async (query = '') => {
  const res = await list(query);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<CancelReason[]>();
};
const slugs = (rs: CancelReason[]) => rs.map((r) => r.slug);

describe('GET /cancel-reasons', () => {
  it('lists the subscription reasons by default, in display order, "other" last', async () => {
    const rs = await reasons();
    expect(rs).toEqual(await reasons('?context=subscription'));
    expect(slugs(rs).slice(0, 4)).toEqual([
      'too-expensive',
      'dog-wont-eat-it',
      'no-freezer-space',
      'delivery-problems',
    ]);
    expect(slugs(rs).at(-1)).toBe('other');
    expect(slugs(rs)).not.toContain('too-many-treats');
    expect(slugs(rs)).not.toContain('no-results-seen');
    const orders = rs.map((r) => r.displayOrder ?? Infinity);
    expect(orders).toEqual([...orders].sort((a, b) => a - b));
    for (const r of rs) expect(r.contexts).toContain('subscription');
  });

  it('attaches the child reasons, in their own display order', async () => {
    const rs = await reasons();
    const delivery = rs.find((r) => r.slug === 'delivery-problems')!;
    expect(delivery.childReasons.map((c) => c.slug)).toEqual([
      'deliveries-late',
      'box-damaged-or-warm',
      'delivery-days-dont-suit',
      'missed-deliveries',
    ]);
    expect(delivery.childReasons[0]).toEqual({
      id: cancelReasonData.find((r) => r.slug === 'deliveries-late')!.id,
      slug: 'deliveries-late',
      description: 'Deliveries arrived late',
      displayOrder: 1,
      contexts: ['subscription'],
    });
    expect(rs.find((r) => r.slug === 'no-freezer-space')!.childReasons).toEqual([]);
    // Child reasons are only listed under their parent, never at the top.
    const childSlugs = new Set(cancelReasonData.filter((r) => r.parentId).map((r) => r.slug));
    for (const r of rs) expect(childSlugs.has(r.slug), r.slug).toBe(false);
  });

  it('answers every reason of the reference data with its fields', async () => {
    const rs = await reasons();
    const tooExpensive = cancelReasonData.find((r) => r.slug === 'too-expensive')!;
    expect(rs[0]).toMatchObject({
      id: tooExpensive.id,
      description: 'It costs too much',
      displayOrder: 10,
      contexts: ['subscription', 'treat', 'supplement'],
    });
    expect(rs[0]!.childReasons).toHaveLength(3);
  });

  it('lists the treat reasons: too many treats, but not freezer space', async () => {
    const rs = await reasons('?context=treat');
    expect(slugs(rs)).toContain('too-many-treats');
    expect(slugs(rs)).toContain('allergies-or-sensitivities');
    expect(slugs(rs)).not.toContain('no-freezer-space');
    expect(slugs(rs)).not.toContain('delivery-problems');
    expect(slugs(rs).at(-1)).toBe('other');
    for (const r of rs) expect(r.contexts).toContain('treat');
  });

  it('lists the supplement reasons: no results seen', async () => {
    const rs = await reasons('?context=supplement');
    expect(slugs(rs)).toContain('no-results-seen');
    expect(slugs(rs)).not.toContain('too-many-treats');
    expect(slugs(rs).at(-1)).toBe('other');
  });

  it('refuses an unknown context with the service envelope', async () => {
    const res = await list('?context=cart');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ statusCode: 400, error: 'Bad Request' });
    expect(JSON.stringify(res.json().message)).toContain('context');
  });

  it('keeps every description to 255 characters', async () => {
    for (const context of ['subscription', 'treat', 'supplement']) {
      for (const r of await reasons(`?context=${context}`)) {
        for (const x of [r, ...r.childReasons]) {
          expect(x.description.length, x.slug).toBeGreaterThan(0);
          expect(x.description.length, x.slug).toBeLessThanOrEqual(255);
        }
      }
    }
  });

  it('needs the service token', async () => {
    const res = await h.app.inject({ method: 'GET', url: '/cancel-reasons' });
    expect(res.statusCode).toBe(401);
  });
});
