import { Hono } from 'hono';
import type { AppEnv } from '../context.ts';

// RFC 8615's /.well-known/ addresses the app answers; any other answers 404 (never the web app).

/** Where security reports go: SECURITY.md's address (a test keeps the two the same). */
export const SECURITY_CONTACT = 'security@core28.app';

/** RFC 9116 asks Expires to be less than a year ahead; made at each read, it never lapses. */
const SECURITY_TXT_DAYS = 180;

export const wellKnownRoutes = new Hono<AppEnv>()
  .get('/.well-known/security.txt', (c) => {
    const { config, now } = c.get('deps');
    const expires = new Date(now().getTime() + SECURITY_TXT_DAYS * 86_400_000);
    expires.setUTCHours(0, 0, 0, 0);
    const lines = [
      `Contact: mailto:${SECURITY_CONTACT}`,
      `Expires: ${expires.toISOString()}`,
      'Preferred-Languages: en',
      `Canonical: ${config.publicUrl}/.well-known/security.txt`,
    ];
    c.header('Cache-Control', 'public, max-age=86400');
    return c.text(`${lines.join('\n')}\n`);
  })
  // Password managers send people here to change a password (W3C "A Well-Known URL for Changing
  // Passwords"): the form is on /profile.
  .get('/.well-known/change-password', (c) => c.redirect('/profile#password', 302))
  .all('/.well-known/*', (c) => c.text('Not found', 404));
