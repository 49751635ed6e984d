import type { KeptMail } from '../db/mailbox-store.js';
import { escapeHtml } from './escape-html.js';

const style = `body{font-family:system-ui,Arial,sans-serif;margin:0 auto;padding:24px;max-width:60rem;color:#1a1a1a;background:#fff;line-height:1.5}
article{border:1px solid #767676;border-radius:6px;padding:16px;margin:16px 0}
h2{font-size:1.1rem;margin:0 0 8px}
dl{display:grid;grid-template-columns:max-content 1fr;gap:4px 12px;margin:0 0 8px}
dt{font-weight:bold}dd{margin:0}
pre{white-space:pre-wrap;word-break:break-word;background:#f3f3f3;padding:12px;border-radius:4px}
a{color:#0b5394}`;

/** Links are kept clickable (a reset link is what a developer opens), everything else escaped. */
function textWithLinks(text: string): string {
  return text
    .split(/(https?:\/\/[^\s<>"']+)/g)
    .map((part, i) =>
      i % 2 === 1 ? `<a href="${escapeHtml(part)}">${escapeHtml(part)}</a>` : escapeHtml(part),
    )
    .join('');
}

function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en-AU">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>${style}</style>
</head>
<body>
<main>
${body}
</main>
</body>
</html>
`;
}

/** The development mailbox as a page: every kept message, newest first, no external assets. */
export function mailboxPage(messages: readonly KeptMail[], to?: string): string {
  const heading = '<h1>Development mailbox</h1>';
  const intro = `<p>Mail the services would have sent. It is kept here because no SMTP server is configured${
    to ? `; showing messages to <strong>${escapeHtml(to)}</strong>` : ''
  }.</p>`;
  if (messages.length === 0)
    return page('Development mailbox', `${heading}${intro}<p>No messages yet.</p>`);
  const items = messages
    .map(
      (m) => `<article>
<h2>${escapeHtml(m.subject)}</h2>
<dl>
<dt>To</dt><dd>${escapeHtml(m.to)}</dd>
<dt>Sent</dt><dd><time datetime="${m.sentAt.toISOString()}">${m.sentAt.toISOString()}</time></dd>
</dl>
<pre>${textWithLinks(m.text)}</pre>
</article>`,
    )
    .join('\n');
  return page(
    'Development mailbox',
    `${heading}\n${intro}\n<p>${messages.length} message${messages.length === 1 ? '' : 's'}, newest first.</p>\n${items}`,
  );
}

export function mailboxOffPage(message: string): string {
  return page('Development mailbox', `<h1>Development mailbox</h1>\n<p>${escapeHtml(message)}</p>`);
}
