import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { actorTypes } from '@pawfresh/contracts/audit';
import { REASON_REQUIRED, permissions } from '@pawfresh/contracts/staff-roles';
import { auditEventProblem } from '../src/rules/audit-rules.js';

describe('auditEventProblem', () => {
  it('wants a reason from staff exactly when money or a plan changes', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...permissions),
        fc.option(fc.string({ minLength: 1 }), { nil: null }),
        (permission, reason) => {
          const problem = auditEventProblem({
            actor: { type: 'staff', userId: 'u', role: 'admin', name: null },
            permission,
            reason,
          });
          expect(problem !== undefined).toBe(REASON_REQUIRED.includes(permission) && !reason);
        },
      ),
    );
  });

  it('never wants a reason from customers, workflows or services', () => {
    fc.assert(
      fc.property(fc.constantFrom(...actorTypes.filter((t) => t !== 'staff')), (type) => {
        expect(
          auditEventProblem({
            actor: { type, userId: 'u', role: null, name: null },
            permission: 'refunds:create',
            reason: null,
          }),
        ).toBeUndefined();
      }),
    );
  });

  it('needs the id of a person acting, not of a workflow', () => {
    const actor = (type: 'staff' | 'customer' | 'workflow') => ({
      actor: { type, userId: null, role: null, name: 'pause-subscription' },
      permission: null,
      reason: null,
    });
    expect(auditEventProblem(actor('staff'))).toBe('actor.userId is required when a staff acts');
    expect(auditEventProblem(actor('customer'))).toBe(
      'actor.userId is required when a customer acts',
    );
    expect(auditEventProblem(actor('workflow'))).toBeUndefined();
  });
});
