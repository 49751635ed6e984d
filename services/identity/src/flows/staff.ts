import type { StaffUser } from '@pawfresh/contracts/identity';
import { STAFF_INVITATION_DAYS } from '@pawfresh/contracts/identity';
import type { StaffRole } from '@pawfresh/contracts/staff-roles';
import { storeResetCode } from '../db/password-reset-store.js';
import {
  changeStaff,
  listStaff,
  reinviteStaff,
  toStaffUser,
  type StaffChange,
} from '../db/staff-store.js';
import type { IdentityDb } from '../db/identity-db.js';
import { findUserByEmail, insertUser } from '../db/users-store.js';
import { staffInvitationMail } from '../mail/staff-invitation-mail.js';
import { hashResetCode, newResetCode } from '../rules/reset-codes.js';
import { INVITED_NO_PASSWORD_YET } from '../rules/staff-accounts.js';
import { startsWithPattern } from '../rules/user-search.js';
import type { IdentityContext } from './context.js';

export async function staffUsers(
  ctx: IdentityContext,
  query: {
    q?: string | undefined;
    role?: StaffRole | undefined;
    status?: StaffUser['status'] | undefined;
    offset: number;
    limit: number;
  },
) {
  const { rows, total } = await listStaff(
    ctx.db,
    {
      prefix: query.q ? startsWithPattern(query.q) : undefined,
      role: query.role,
      status: query.status,
    },
    query,
  );
  return { data: rows, meta: { total, offset: query.offset, limit: query.limit } };
}

/**
 * Opens an account for a member of staff with no password, and e-mails them a link to choose one
 * (the password-reset code, valid STAFF_INVITATION_DAYS): the account and the code in one
 * transaction, the e-mail after it. Someone invited who has not chosen a password yet is invited
 * again: a new link (the old one stops working), with the name and role given now. Any other
 * e-mail that is anyone's already (a member of staff signed up or deactivated, a customer) is
 * `email_taken`.
 */
export async function inviteStaff(
  ctx: IdentityContext,
  input: { email: string; firstName: string; lastName: string; role: StaffRole },
): Promise<StaffUser | 'email_taken'> {
  const now = ctx.clock.now();
  const code = newResetCode();
  const storeCode = (tx: IdentityDb, userId: string) =>
    storeResetCode(
      tx,
      userId,
      hashResetCode(code, userId, ctx.accessTokenSecret),
      now,
      new Date(now.getTime() + STAFF_INVITATION_DAYS * 86_400_000),
    );
  const invited = (await findUserByEmail(ctx.db, input.email))
    ? await reinviteStaff(ctx.db, input.email, input, storeCode, now)
    : await ctx.db.transaction(async (tx) => {
        const user = await insertUser(
          tx,
          { ...input, passwordHash: INVITED_NO_PASSWORD_YET, phoneNumber: null },
          now,
        );
        if (user === 'email_taken') return undefined;
        await storeCode(tx, user.id);
        return toStaffUser({ ...user, role: input.role });
      });
  if (!invited) return 'email_taken';
  const mail = staffInvitationMail({
    firstName: invited.firstName,
    email: invited.email,
    code,
    publicUrl: ctx.settings.publicUrl,
    validDays: STAFF_INVITATION_DAYS,
  });
  await ctx.mailer.dispatch({ to: invited.email, ...mail });
  return invited;
}

export const changeStaffMember = (ctx: IdentityContext, userId: string, change: StaffChange) =>
  changeStaff(ctx.db, userId, change, ctx.clock.now());
