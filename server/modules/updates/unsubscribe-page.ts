import { escapeHtml } from '../../providers/mail/layout';

/**
 * The plain page an unsubscribe link opens: no script, no styles of its own but the browser's in
 * either colour scheme, a heading, a sentence and at most one button, so it reads the same in any
 * screen reader and any mail client's browser.
 */
export function unsubscribePage(input: {
  title: string;
  sentences: string[];
  action?: { to: string; label: string };
}): string {
  const form = input.action
    ? `<form method="post" action="${escapeHtml(input.action.to)}"><button type="submit">${escapeHtml(input.action.label)}</button></form>`
    : '<p><a href="/">Go to Gift of Independence</a></p>';
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light dark">
<meta name="robots" content="noindex">
<title>${escapeHtml(input.title)} | Gift of Independence</title>
</head>
<body>
<main>
<h1>${escapeHtml(input.title)}</h1>
${input.sentences.map((s) => `<p>${escapeHtml(s)}</p>`).join('\n')}
${form}
</main>
</body>
</html>
`;
}
