import { escapeHtml } from '../platform/html.ts';

/**
 * A page of its own for a page request the server cannot answer: no script, no stylesheet, nothing
 * from the database, so it shows even while everything else is down.
 */
export function errorPage(kind: 'unavailable' | 'error' | 'not-found') {
  const { title, text } = {
    unavailable: {
      title: 'We’ll be right back',
      text: 'Core28 is briefly unavailable while we sort something out. Your progress is safe. Please try again in a minute.',
    },
    error: { title: 'Something went wrong', text: 'We could not show this page. Please try again.' },
    'not-found': {
      title: 'Oops! Page not found',
      text: 'The page you are looking for does not exist or has moved.',
    },
  }[kind];
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)} · Core28</title>
<style>
  body { margin: 0; min-height: 100vh; display: grid; place-items: center; font-family: system-ui, sans-serif; background: #fafafa; color: #18181b; }
  main { max-width: 28rem; padding: 2rem; text-align: center; }
  h1 { font-size: 1.75rem; margin: 0 0 .75rem; }
  p { color: #52525b; line-height: 1.5; }
  a { display: inline-block; margin-top: 1rem; padding: .625rem 1.25rem; border-radius: .5rem; background: #b91c1c; color: #fff; text-decoration: none; font-weight: 600; }
</style>
</head>
<body>
<main>
  <p><strong>Core28</strong></p>
  <h1>${escapeHtml(title)}</h1>
  <p>${escapeHtml(text)}</p>
  <a href="${kind === 'unavailable' ? '' : '/'}">${kind === 'unavailable' ? 'Try again' : 'Return to Home'}</a>
</main>
</body>
</html>
`;
}
