import { escapeHtml } from './escape-html.js';

export interface MailContent {
  subject: string;
  text: string;
  html: string;
}

/** A part of an e-mail's body: a paragraph, a one-time code, or a link with what it is for. */
export type MailBlock = string | { code: string } | { href: string; label: string; lead: string };

/**
 * Every e-mail the business sends, in one layout: plain text for every mail client, and simple,
 * accessible HTML (a language, a title, one heading, real links, no images or tables).
 */
export function composeMail(input: {
  subject: string;
  heading: string;
  firstName: string;
  blocks: readonly MailBlock[];
}): MailContent {
  const { subject, heading, firstName, blocks } = input;
  const textOf = (b: MailBlock) =>
    typeof b === 'string' ? b : 'code' in b ? `Your code is: ${b.code}` : `${b.lead}\n${b.href}`;
  const htmlOf = (b: MailBlock) =>
    typeof b === 'string'
      ? `<p>${escapeHtml(b)}</p>`
      : 'code' in b
        ? `<p>Your code is:</p>\n<p style="font-size:28px;font-weight:bold;letter-spacing:4px;margin:8px 0 16px"><strong>${escapeHtml(b.code)}</strong></p>`
        : `<p><a href="${escapeHtml(b.href)}" style="color:#0b5394;text-decoration:underline">${escapeHtml(b.label)}</a></p>`;
  const text = [`Hi ${firstName},`, ...blocks.map(textOf), 'The Pawfresh team'].join('\n\n');
  const html = `<!doctype html>
<html lang="en-AU">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(subject)}</title>
</head>
<body style="margin:0;padding:24px;background:#ffffff;color:#1a1a1a;font-family:Arial,Helvetica,sans-serif;font-size:16px;line-height:1.5">
<main>
<h1 style="font-size:22px;margin:0 0 16px">${escapeHtml(heading)}</h1>
<p>Hi ${escapeHtml(firstName)},</p>
${blocks.map(htmlOf).join('\n')}
<p>The Pawfresh team</p>
</main>
</body>
</html>
`;
  return { subject, text, html };
}
