import { composeMail, type MailContent } from './mail-layout.js';

/** The customer app's page that takes the code (customer-app.md §2 password recovery). */
export function passwordResetLink(publicUrl: string, email: string, code: string): string {
  const base = publicUrl.replace(/\/+$/, '');
  return `${base}/customer/confirm-forgot-password?code=${encodeURIComponent(code)}&email=${encodeURIComponent(email)}`;
}

/** The reset e-mail: plain text for every mail client, and simple, accessible HTML. */
export function passwordResetMail(input: {
  firstName: string;
  email: string;
  code: string;
  publicUrl: string;
  validMinutes: number;
}): MailContent {
  const link = passwordResetLink(input.publicUrl, input.email, input.code);
  return composeMail({
    subject: 'Reset your Pawfresh password',
    heading: 'Reset your password',
    firstName: input.firstName,
    blocks: [
      'We received a request to reset the password of your Pawfresh account.',
      { code: input.code },
      {
        lead: 'Enter it on the password reset page, or open this link to choose a new password:',
        href: link,
        label: 'Choose a new password',
      },
      `The code works once and expires in ${input.validMinutes} minutes.`,
      'If you did not ask for this, you can ignore this e-mail: your password has not changed.',
    ],
  });
}
