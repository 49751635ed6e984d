import { escapeHtml } from './escape-html.js';
import { passwordResetLink, type MailContent } from './password-reset-mail.js';

/**
 * The e-mail a customer moved from the legacy system gets: their old password did not come along,
 * so they choose one with this code (the password reset page takes it).
 */
export function passwordSetMail(input: {
  firstName: string;
  email: string;
  code: string;
  publicUrl: string;
  validDays: number;
}): MailContent {
  const link = passwordResetLink(input.publicUrl, input.email, input.code);
  const subject = 'Your Pawfresh account has moved: choose a password';
  const text = [
    `Hi ${input.firstName},`,
    '',
    'Your Pawfresh account, your dogs, plan and past orders have moved to our new system.',
    'Your old password did not come along: choose a new one to sign in.',
    '',
    `Your code is: ${input.code}`,
    '',
    'Open this link to choose your password:',
    link,
    '',
    `The code works once and expires in ${input.validDays} days.`,
    '',
    'The Pawfresh team',
  ].join('\n');
  const html = `<!doctype html>
<html lang="en"><body style="font-family: sans-serif; line-height: 1.5">
<p>Hi ${escapeHtml(input.firstName)},</p>
<p>Your Pawfresh account, your dogs, plan and past orders have moved to our new system. Your old password did not come along: choose a new one to sign in.</p>
<p>Your code is: <strong>${escapeHtml(input.code)}</strong></p>
<p><a href="${escapeHtml(link)}">Choose your password</a></p>
<p>The code works once and expires in ${input.validDays} days.</p>
<p>The Pawfresh team</p>
</body></html>`;
  return { subject, text, html };
}
