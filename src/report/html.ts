// The HTML pages' shared parts: escaping text, and the document's head.

export const escapeHtml = (text: string): string =>
  text.replace(/[&<>"']/gu, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/**
 * The start of a self-contained page, through `<body>`: its title, its style, and a content security policy
 * that lets nothing be fetched (`policy` adds what the page itself needs, e.g. its inline script).
 */
export const pageHead = (title: string, style: string, policy: string): string => `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'; ${policy}">
<title>${escapeHtml(title)}</title>
<style>${style}</style>
</head>
<body>`;
