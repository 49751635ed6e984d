import type { StaffContext } from '../flows/context.js';
import {
  changeStaffRole,
  inviteStaffUser,
  listStaffUsers,
  mailCustomer,
  setStaffActive,
  setStaffPassword,
} from '../flows/staff-users.js';
import { actingStaff, type StaffHandlers } from './signed-in.js';

/** The users and roles page, the invitation's set-password page and the 360's account e-mails. */
export function userRoutes(
  ctx: StaffContext,
): StaffHandlers<
  | 'listStaffUsers'
  | 'inviteStaffUser'
  | 'changeStaffRole'
  | 'deactivateStaffUser'
  | 'reactivateStaffUser'
  | 'setStaffPassword'
  | 'sendPasswordReset'
  | 'sendCardUpdateLink'
> {
  return {
    listStaffUsers: async ({ query }) => listStaffUsers(ctx, query),
    inviteStaffUser: async ({ body, auth }, request) =>
      inviteStaffUser(ctx, actingStaff(auth, request), body),
    changeStaffRole: async ({ params, body, auth }, request) =>
      changeStaffRole(ctx, actingStaff(auth, request), params.userId, body),
    deactivateStaffUser: async ({ params, body, auth }, request) =>
      setStaffActive(ctx, actingStaff(auth, request), params.userId, false, body),
    reactivateStaffUser: async ({ params, body, auth }, request) =>
      setStaffActive(ctx, actingStaff(auth, request), params.userId, true, body),
    setStaffPassword: async ({ body }) => setStaffPassword(ctx, body),
    sendPasswordReset: async ({ params, body, auth }, request) =>
      mailCustomer(
        ctx,
        actingStaff(auth, request),
        params.customerId,
        'password-reset',
        body.reason,
      ),
    sendCardUpdateLink: async ({ params, body, auth }, request) =>
      mailCustomer(
        ctx,
        actingStaff(auth, request),
        params.customerId,
        'card-update-link',
        body.reason,
      ),
  };
}
