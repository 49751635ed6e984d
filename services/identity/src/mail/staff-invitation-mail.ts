import { composeMail, type MailContent } from './mail-layout.js';

/** The back office's page that takes an invitation's code (apps/staff `/staff/set-password`). */
export function staffSetPasswordLink(publicUrl: string, email: string, code: string): string {
  const base = publicUrl.replace(/\/+$/, '');
  return `${base}/staff/set-password?code=${encodeURIComponent(code)}&email=${encodeURIComponent(email)}`;
}

/** The e-mail an invited member of staff gets: a link to choose a password, then sign in. */
export function staffInvitationMail(input: {
  firstName: string;
  email: string;
  code: string;
  publicUrl: string;
  validDays: number;
}): MailContent {
  return composeMail({
    subject: 'You have been invited to the Pawfresh back office',
    heading: 'Choose a password for the back office',
    firstName: input.firstName,
    blocks: [
      'An admin has given you an account on the Pawfresh back office.',
      {
        lead: 'Open this link to choose your password, then sign in:',
        href: staffSetPasswordLink(input.publicUrl, input.email, input.code),
        label: 'Choose your password',
      },
      { code: input.code },
      `The link works once and expires in ${input.validDays} days.`,
      'If you did not expect this, you can ignore this e-mail.',
    ],
  });
}
