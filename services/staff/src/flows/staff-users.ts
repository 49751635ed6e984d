import {
  conflict,
  demandPermission,
  notFound,
  orNotFound,
  passRefusals,
  type Principal,
} from '@pawfresh/kit';
import type { StaffUser } from '@pawfresh/contracts/identity';
import type { Permission } from '@pawfresh/contracts/staff-roles';
import { findCustomer } from './customers.js';
import { personsRefusal } from './persons-refusal.js';
import type { Acting, BodyOf, StaffContext } from './context.js';
import { runStaffAction } from './record-action.js';

// The users and roles page (docs/staff.md "Users and roles") and the customer 360's account
// e-mails: identity owns the accounts and sends the mail; each change here is one runStaffAction.

export const OWN_ACCOUNT =
  'You cannot deactivate your own account: ask another admin (so nobody locks themselves out by mistake)';

/** What the audit log keeps of a member of staff. */
const stateOf = (u: StaffUser) => ({
  id: u.id,
  email: u.email,
  role: u.role,
  status: u.status,
  deactivatedAt: u.deactivatedAt,
});

async function readMember(ctx: StaffContext, userId: string): Promise<StaffUser> {
  const user = await orNotFound(ctx.identity.getUser({ params: { userId } }));
  // A customer is not staff: this page never sees nor changes one.
  if (!user || user.role === 'customer') throw notFound(`No member of staff ${userId}`);
  const page = await ctx.identity.listStaffUsers({
    query: { q: user.email, offset: 0, limit: 1 },
  });
  const member = page.data.find((u) => u.id === userId);
  if (!member) throw notFound(`No member of staff ${userId}`);
  return member;
}

type StaffListQuery = Parameters<StaffContext['identity']['listStaffUsers']>[0]['query'];

export const listStaffUsers = (ctx: StaffContext, query: StaffListQuery) =>
  passRefusals('Listing staff', () => ctx.identity.listStaffUsers({ query }));

type MemberChange = 'role' | 'deactivate' | 'reactivate';

/** One change to a member of staff, as the signed-in admin, with the reason. */
function changeMember(
  ctx: StaffContext,
  acting: Acting,
  userId: string,
  change: MemberChange,
  reason: string,
  permission: Permission,
  run: () => Promise<StaffUser>,
) {
  return runStaffAction(ctx, acting, {
    action: `staff-user.${change === 'role' ? 'change-role' : change}`,
    permission,
    targetType: 'staff-user',
    targetId: userId,
    reason,
    doing: change === 'role' ? 'The role change' : `The ${change}`,
    read: () => readMember(ctx, userId),
    customerOf: () => null,
    run: () => run(),
    stateBefore: stateOf,
    stateAfter: stateOf,
  });
}

export async function inviteStaffUser(
  ctx: StaffContext,
  acting: Acting & { principal: Principal },
  body: BodyOf<'inviteStaffUser'>,
) {
  const { reason, ...invitation } = body;
  // Only a role that may manage roles makes an admin (identity's rule, checked for the person).
  if (invitation.role === 'admin') demandPermission(acting.principal, 'roles:manage');
  const { result, audit } = await runStaffAction(ctx, acting, {
    action: 'staff-user.invite',
    permission: 'users:manage',
    targetType: 'staff-user',
    targetId: invitation.email,
    reason,
    doing: 'The invitation',
    read: async () => null,
    customerOf: () => null,
    run: () => ctx.identity.inviteStaffUser({ body: invitation }),
    stateBefore: () => ({}),
    stateAfter: stateOf,
  });
  return { user: result, audit };
}

export async function changeStaffRole(
  ctx: StaffContext,
  acting: Acting & { principal: Principal },
  userId: string,
  body: BodyOf<'changeStaffRole'>,
) {
  const { result, audit } = await changeMember(
    ctx,
    acting,
    userId,
    'role',
    body.reason,
    'roles:manage',
    () => ctx.identity.changeStaffRole({ params: { userId }, body: { role: body.role } }),
  );
  return { user: result, audit };
}

export async function setStaffActive(
  ctx: StaffContext,
  acting: Acting,
  userId: string,
  active: boolean,
  body: { reason: string },
) {
  if (!active && userId === acting.userId) throw conflict(OWN_ACCOUNT);
  const { result, audit } = await changeMember(
    ctx,
    acting,
    userId,
    active ? 'reactivate' : 'deactivate',
    body.reason,
    'users:manage',
    () =>
      active
        ? ctx.identity.reactivateStaffUser({ params: { userId } })
        : ctx.identity.deactivateStaffUser({ params: { userId } }),
  );
  return { user: result, audit };
}

/** The invitation's link: a password chosen with the mailed code (identity's reset). */
export const setStaffPassword = (ctx: StaffContext, body: BodyOf<'setStaffPassword'>) =>
  personsRefusal(() => ctx.identity.confirmPasswordReset({ body }));

/**
 * E-mails a customer a link, as the signed-in member of staff, with the reason: identity's reset
 * e-mail, or the card update notice. Staff never see a code or a card number.
 */
export async function mailCustomer(
  ctx: StaffContext,
  acting: Acting,
  customerId: string,
  what: 'password-reset' | 'card-update-link',
  reason: string,
) {
  const { result, audit } = await runStaffAction(ctx, acting, {
    action: `customer.send-${what}`,
    permission: 'customers:write',
    targetType: 'customer',
    targetId: customerId,
    reason,
    doing: what === 'password-reset' ? 'Sending the reset e-mail' : 'Sending the link',
    read: () => findCustomer(ctx, customerId),
    customerOf: (c) => c.id,
    run: async (c) => {
      if (what === 'password-reset') {
        await personsRefusal(() => ctx.identity.requestPasswordReset({ body: { email: c.email } }));
        return c.email;
      }
      const sent = await ctx.identity.sendNotification({
        params: { userId: c.id },
        body: { template: 'card_update_link' },
      });
      return sent.to;
    },
    stateBefore: (c) => ({ email: c.email }),
    stateAfter: (to) => ({ sentTo: to }),
  });
  return { sentTo: result, audit };
}
