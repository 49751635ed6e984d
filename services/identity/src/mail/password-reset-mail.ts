import { escapeHtml } from './escape-html.js';

export interface MailContent {
  subject: string;
  text: string;
  html: string;
}

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
  const subject = 'Reset your Pawfresh password';
  const text = [
    `Hi ${input.firstName},`,
    '',
    'We received a request to reset the password of your Pawfresh account.',
    '',
    `Your code is: ${input.code}`,
    '',
    'Enter it on the password reset page, or open this link to choose a new password:',
    link,
    '',
    `The code works once and expires in ${input.validMinutes} minutes.`,
    'If you did not ask for this, you can ignore this e-mail: your password has not changed.',
    '',
    'The Pawfresh team',
  ].join('\n');
  const html = `<!doctype html>
<html lang="en-AU">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(subject)}</title>
</head>
<body style="margin:0;padding:24px;background:#ffffff;color:#1a1a1a;font-family:Arial,Helvetica,sans-serif;font-size:16px;line-height:1.5">
<main>
<h1 style="font-size:22px;margin:0 0 16px">Reset your password</h1>
<p>Hi ${escapeHtml(input.firstName)},</p>
<p>We received a request to reset the password of your Pawfresh account.</p>
<p>Your code is:</p>
<p style="font-size:28px;font-weight:bold;letter-spacing:4px;margin:8px 0 16px"><strong>${escapeHtml(input.code)}</strong></p>
<p><a href="${escapeHtml(link)}" style="color:#0b5394;text-decoration:underline">Choose a new password</a></p>
<p>The code works once and expires in ${input.validMinutes} minutes.</p>
<p>If you did not ask for this, you can ignore this e-mail: your password has not changed.</p>
<p>The Pawfresh team</p>
</main>
</body>
</html>
`;
  return { subject, text, html };
}
