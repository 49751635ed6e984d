import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import type { AuditEvent } from '@pawfresh/contracts/audit';
import type { WorkflowRun, WorkflowRunPage } from '@pawfresh/contracts/orchestration';
import { hasPermission, staffRoles } from '@pawfresh/contracts/staff-roles';
import { callJson, messagesOf } from '@pawfresh/testing';
import {
  customer,
  expectOnlyStaff,
  expectPermissionMatrix,
  storedAuditOf,
  useStaffApiAsEveryone,
} from './harness.js';

const { h, call, ids, as } = useStaffApiAsEveryone();
const storedAudit = (id: string) => storedAuditOf(h, id);
/** A run that ended in an error: the price of a dog that does not exist. */
const failedId = `staff-runs-${randomUUID()}`;
let succeededId: string;

beforeAll(async () => {
  const pricing = (animalId: string, workflowId?: string) =>
    callJson(h.apps.orchestration!, 'POST', '/workflows/get-feeding-plan-pricing', {
      animalId,
      planId: 'full-bowl',
      ...(workflowId ? { workflowId } : {}),
    });
  // A dog that does not exist: the run ends in an error (404).
  const failed = await pricing(randomUUID(), failedId);
  expect(failed.statusCode, failed.body).toBe(404);
  const c = await customer(h);
  const priced = await pricing(c.subscription.feedingPlans[0]!.animalId);
  expect(priced.statusCode, priced.body).toBe(200);
  succeededId = priced.json<{ workflowId: string }>().workflowId;
}, 120_000);

describe('who may read and steer runs', () => {
  const routes = (): Record<string, [method: 'GET' | 'POST', url: string, body?: unknown]> => ({
    listRuns: ['GET', '/runs'],
    getRun: ['GET', `/runs/${failedId}`],
    // A body the contract refuses: past the permission check, nothing is done (400).
    resumeRun: ['POST', `/runs/${failedId}/resume`, {}],
    cancelRun: ['POST', `/runs/${failedId}/cancel`, {}],
  });

  it('lets admins and operations read runs, only admins resume or cancel, and names the permission to the rest', async () => {
    await expectPermissionMatrix(call, as, routes());
    expect(staffRoles.filter((r) => hasPermission(r, 'runs:read'))).toEqual([
      'operations',
      'admin',
    ]);
    expect(staffRoles.filter((r) => hasPermission(r, 'runs:manage'))).toEqual(['admin']);
  });

  it('refuses a customer token (403) and no token (401)', async () => {
    await expectOnlyStaff(call, as, routes());
  });
});

describe('reading runs', () => {
  it('lists runs by name and status, newest first, with a total', async () => {
    const res = await call(
      'GET',
      '/runs?name=get-feeding-plan-pricing&status=failed&limit=5',
      undefined,
      as.operations,
    );
    expect(res.statusCode, res.body).toBe(200);
    const page = res.json<WorkflowRunPage>();
    expect(page.data.map((r) => r.workflowId)).toContain(failedId);
    expect(page.data.every((r) => r.status === 'ERROR')).toBe(true);
    expect(page.meta).toMatchObject({ offset: 0, limit: 5, totalIsAtLeast: false });
    expect(page.meta.total).toBeGreaterThanOrEqual(1);
    const succeeded = await call('GET', '/runs?status=SUCCESS', undefined, as.admin);
    expect(succeeded.json<WorkflowRunPage>().data.map((r) => r.workflowId)).toContain(succeededId);
  });

  it('shows one run with its input, steps and error; an unknown run is a 404', async () => {
    const res = await call('GET', `/runs/${failedId}`, undefined, as.operations);
    expect(res.statusCode, res.body).toBe(200);
    const run = res.json<WorkflowRun>();
    expect(run).toMatchObject({ workflowName: 'get-feeding-plan-pricing', status: 'ERROR' });
    expect(run.input).toMatchObject({ animalId: expect.any(String), planId: 'full-bowl' });
    expect(run.error).toMatchObject({ statusCode: 404 });
    expect(run.steps.at(-1)).toMatchObject({ status: 'failed' });
    const missing = await call('GET', '/runs/no-such-run', undefined, as.admin);
    expect(missing.statusCode).toBe(404);
    expect(messagesOf(missing)).toEqual(['Workflow run no-such-run not found']);
  });

  it('answers bad filters and ids with a 400 in the envelope, never a 500', async () => {
    for (const url of [
      '/runs?status=done',
      '/runs?status=1',
      '/runs?name=Not%20A%20Name',
      '/runs?name=a%00b',
      `/runs?name=${'a'.repeat(10_000)}`,
      '/runs?limit=abc',
      '/runs?limit=101',
      '/runs?offset=-1',
      '/runs?extra=1',
      '/runs/has%20space',
      '/runs/a%00b',
    ]) {
      const res = await call('GET', url, undefined, as.admin);
      expect(res.statusCode, url.slice(0, 40)).toBe(400);
      expect(res.json(), url.slice(0, 40)).toMatchObject({ statusCode: 400, error: 'Bad Request' });
    }
    // An id longer than any run's is refused by the router before the contract (Fastify's 100).
    const long = await call('GET', `/runs/${'a'.repeat(5_000)}`, undefined, as.admin);
    expect(long.statusCode).toBe(414);
    expect(long.json()).toMatchObject({ statusCode: 414 });
  });
});

describe('resuming and cancelling a run', () => {
  it('refuses a write without a reason, with the wrong types or unknown fields (400)', async () => {
    for (const body of [
      {},
      { reason: '' },
      { reason: '   ' },
      { reason: 42 },
      { reason: 'x'.repeat(501) },
      { reason: 'a\u0000b' },
      { reason: 'ok', createdBy: 'someone' },
      [],
      'reason',
    ]) {
      for (const verb of ['resume', 'cancel']) {
        const res = await call('POST', `/runs/${failedId}/${verb}`, body, as.admin);
        expect(res.statusCode, `${verb} ${JSON.stringify(body).slice(0, 30)}`).toBe(400);
        expect(res.json()).toMatchObject({ statusCode: 400, error: 'Bad Request' });
      }
    }
    const missingReason = await call('POST', `/runs/${failedId}/resume`, {}, as.admin);
    expect(messagesOf(missingReason)).toEqual([
      'reason is required: say why this run is resumed or cancelled (what went wrong, what was fixed); it is kept in the audit log',
    ]);
    const huge = await call(
      'POST',
      `/runs/${failedId}/resume`,
      { reason: 'x'.repeat(2_000_000) },
      as.admin,
    );
    expect([400, 413]).toContain(huge.statusCode);
  });

  it('refuses to resume or cancel a run that succeeded (409 saying why), and an unknown run (404)', async () => {
    const resume = await call('POST', `/runs/${succeededId}/resume`, { reason: 'Try' }, as.admin);
    expect(resume.statusCode, resume.body).toBe(409);
    expect(messagesOf(resume)).toEqual([
      `Run ${succeededId} (get-feeding-plan-pricing) has succeeded: there is nothing to resume`,
    ]);
    const cancel = await call('POST', `/runs/${succeededId}/cancel`, { reason: 'Stop' }, as.admin);
    expect(cancel.statusCode, cancel.body).toBe(409);
    expect(messagesOf(cancel)[0]).toContain('there is nothing to cancel');
    const missing = await call('POST', '/runs/no-such-run/resume', { reason: 'Try' }, as.admin);
    expect(missing.statusCode).toBe(404);
  });

  it('resumes a failed run as the admin, with the reason and an audit row read back', async () => {
    const res = await call(
      'POST',
      `/runs/${failedId}/resume`,
      { reason: 'The dog was added since' },
      as.admin,
    );
    expect(res.statusCode, res.body).toBe(200);
    const { run, audit } = res.json<{ run: WorkflowRun; audit: AuditEvent }>();
    expect(run.workflowId).toBe(failedId);
    expect(audit).toMatchObject({
      actor: { type: 'staff', userId: ids.admin, role: 'admin' },
      action: 'workflow-run.resume',
      permission: 'runs:manage',
      targetType: 'workflow-run',
      targetId: failedId,
      customerId: null,
      before: { workflowName: 'get-feeding-plan-pricing', status: 'ERROR' },
      after: { status: run.status },
      reason: 'The dog was added since',
    });
    expect(await storedAudit(audit.id)).toMatchObject({
      actor_user_id: ids.admin,
      actor_role: 'admin',
      action: 'workflow-run.resume',
      permission: 'runs:manage',
      target_type: 'workflow-run',
      target_id: failedId,
      customer_id: null,
      reason: 'The dog was added since',
      before: { status: 'ERROR' },
    });
  });
});
