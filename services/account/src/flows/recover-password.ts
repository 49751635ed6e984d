import { relay } from '../upstream-errors.js';
import type { AccountContext, BodyOf } from './context.js';

/** E-mails a reset code; the answer is the same whether or not the e-mail has an account. */
export async function requestPasswordReset(ctx: AccountContext, email: string, clientIp: string) {
  await relay(ctx.identity.requestPasswordReset({ body: { email, clientIp } }), [400, 429]);
}

/** Sets a new password with the e-mailed code. */
export async function confirmPasswordReset(
  ctx: AccountContext,
  form: BodyOf<'confirmForgotPassword'>,
) {
  await relay(
    ctx.identity.confirmPasswordReset({
      body: { email: form.email, code: form.confirmationCode, password: form.password },
    }),
    [400, 401, 429],
  );
}
