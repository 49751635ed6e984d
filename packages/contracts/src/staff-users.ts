import { z } from 'zod';
import { auditEventSchema, reasonSaying } from './audit.js';
import { email, paginated, password, uuid } from './fields.js';
import {
  staffInvitationBody,
  staffUserListQuery,
  staffUserSchema,
  STAFF_INVITATION_DAYS,
} from './identity.js';

/**
 * The staff API's users and roles page (issue 31 item 7) and the customer 360's account e-mails
 * (issue 31 item 5, the account part): kept apart from staff.ts, whose contract spreads them in.
 * `BASE` is the staff API's base path (STAFF_API_BASE_PATH).
 */
/** Why an admin changes someone's access: required, kept in the audit log. */
const accessReason = reasonSaying(
  'reason is required: say why (who asked, what changed in their job); it is kept in the audit log',
);
/** Why staff e-mail a customer a link: required, kept in the customer's timeline. */
const mailReason = reasonSaying(
  "reason is required: say why (what the customer asked); it is kept in the customer's timeline",
);

const recorded = { audit: auditEventSchema.nullable() };
const memberParams = z.object({ userId: uuid('userId') });
const memberChanged = z.object({ user: staffUserSchema, ...recorded });
const customerParams = z.object({ customerId: uuid('customerId') });
const mailSent = z.object({
  sentTo: z.string().describe('The address the e-mail went to'),
  ...recorded,
});

export const staffUserEndpoints = <B extends string>(BASE: B) =>
  ({
    listStaffUsers: {
      method: 'GET',
      path: `${BASE}/users`,
      summary: 'Members of staff with their role and status, by last then first name, paged',
      description:
        'Filters: `q` (the start of an e-mail or name), `role`, `status` (invited, active, deactivated). Customers are never listed.',
      query: staffUserListQuery,
      response: paginated(staffUserSchema, 'StaffApiUserPage'),
      errors: [400, 502],
      access: 'staff',
      permission: 'users:manage',
    },
    inviteStaffUser: {
      method: 'POST',
      path: `${BASE}/users`,
      summary: 'Invite a member of staff with a role, with a reason',
      description: `The invitee gets an e-mail with a link to choose a password (working once, for ${STAFF_INVITATION_DAYS} days), then signs in at /staff/. An e-mail that is already anyone's — a customer's too — is a 409: customers are never made staff. An admin role needs roles:manage.`,
      body: staffInvitationBody.extend({ reason: accessReason }).strict(),
      status: 201,
      response: memberChanged,
      errors: [400, 403, 409, 502],
      access: 'staff',
      permission: 'users:manage',
    },
    changeStaffRole: {
      method: 'POST',
      path: `${BASE}/users/:userId/role`,
      summary: "Change a member of staff's role, with a reason",
      description:
        'Their sessions end, so the new role applies at once (they sign in again). A customer id is a 404; demoting the last active admin is a 409.',
      params: memberParams,
      body: z.object({ role: staffInvitationBody.shape.role, reason: accessReason }).strict(),
      response: memberChanged,
      errors: [400, 404, 409, 502],
      access: 'staff',
      permission: 'roles:manage',
    },
    deactivateStaffUser: {
      method: 'POST',
      path: `${BASE}/users/:userId/deactivate`,
      summary: 'Deactivate a member of staff, with a reason: no sign-in, every session ended',
      description:
        'Within seconds their access token and refresh cookie stop working. Your own account and the last active admin are a 409.',
      params: memberParams,
      body: z.object({ reason: accessReason }).strict(),
      response: memberChanged,
      errors: [400, 404, 409, 502],
      access: 'staff',
      permission: 'users:manage',
    },
    reactivateStaffUser: {
      method: 'POST',
      path: `${BASE}/users/:userId/reactivate`,
      summary: 'Let a deactivated member of staff sign in again, with a reason',
      params: memberParams,
      body: z.object({ reason: accessReason }).strict(),
      response: memberChanged,
      errors: [400, 404, 502],
      access: 'staff',
      permission: 'users:manage',
    },
    setStaffPassword: {
      method: 'POST',
      path: `${BASE}/password`,
      summary: "Choose a password with the code of an invitation's e-mail",
      description:
        'The set-password page of the back office (the link in the invitation). Throttled like a password reset; a wrong or used code is a 401. Then sign in with the new password.',
      body: z
        .object({
          email,
          code: z.string({ error: 'code is required' }).trim().min(1).max(64),
          password,
        })
        .strict(),
      status: 204,
      response: z.undefined(),
      errors: [400, 401, 429],
      access: 'public',
    },
    sendPasswordReset: {
      method: 'POST',
      path: `${BASE}/customers/:customerId/password-reset`,
      summary: 'E-mail a customer the password reset code and link, with a reason',
      description:
        "Identity's own reset e-mail (the one the customer app's Forgot password sends), held to its limits (429). Staff never see the code.",
      params: customerParams,
      body: z.object({ reason: mailReason }).strict(),
      status: 202,
      response: mailSent,
      errors: [400, 404, 429, 502],
      access: 'staff',
      permission: 'customers:write',
    },
    sendCardUpdateLink: {
      method: 'POST',
      path: `${BASE}/customers/:customerId/card-update-link`,
      summary: 'E-mail a customer a link to their saved cards in the customer app, with a reason',
      description:
        'Staff never take card numbers: the customer changes the card themselves on that page.',
      params: customerParams,
      body: z.object({ reason: mailReason }).strict(),
      status: 202,
      response: mailSent,
      errors: [400, 404, 502],
      access: 'staff',
      permission: 'customers:write',
    },
  }) as const;
