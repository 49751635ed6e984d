import { composeMail, type MailContent } from './mail-layout.js';
import { passwordResetLink } from './password-reset-mail.js';

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
  return composeMail({
    subject: 'Your Pawfresh account has moved: choose a password',
    heading: 'Choose a password for your account',
    firstName: input.firstName,
    blocks: [
      'Your Pawfresh account, your dogs, plan and past orders have moved to our new system.',
      'Your old password did not come along: choose a new one to sign in.',
      { code: input.code },
      {
        lead: 'Open this link to choose your password:',
        href: link,
        label: 'Choose your password',
      },
      `The code works once and expires in ${input.validDays} days.`,
    ],
  });
}
