import { YOUTUBE_EMBED_ORIGIN } from '@core28/core/exercise-media';
import type { Context } from 'hono';
import { createMiddleware } from 'hono/factory';
import type { AppEnv } from '../context.ts';
import { AppError } from '../errors.ts';
import { nodeResponse, requestHeader } from './node-request.ts';

/**
 * The one inline script the app has: index.html's, which puts the dark theme on the page before its
 * first paint (a script file would cost a blocking request). Allowed by its hash; security.test.ts
 * checks the hash against index.html.
 */
export const THEME_SCRIPT_HASH = "'sha256-KTQuTEQ0GxslsUYBUbsN4QvEUAj832oUoe8n5cA2HJI='";

/** The Content-Security-Policy every answer carries. */
function contentSecurityPolicy(storageOrigin: string | null) {
  const directives: Record<string, string[]> = {
    'default-src': ["'self'"],
    'script-src': ["'self'", THEME_SCRIPT_HASH],
    // Radix positions popovers with inline style attributes.
    'style-src': ["'self'", "'unsafe-inline'"],
    'img-src': ["'self'", 'data:', 'blob:', 'https:'],
    'font-src': ["'self'", 'data:'],
    'connect-src': ["'self'"],
    // Exercise videos (uploads from us or the bucket) and YouTube's privacy-enhanced embed
    'media-src': ["'self'", ...(storageOrigin ? [storageOrigin] : [])],
    'frame-src': [YOUTUBE_EMBED_ORIGIN],
    'frame-ancestors': ["'none'"],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'"],
  };
  return Object.entries(directives)
    .map(([name, values]) => `${name} ${values.join(' ')}`)
    .join('; ');
}

const STRICT_TRANSPORT_SECURITY: [string, string] = [
  'Strict-Transport-Security',
  'max-age=31536000; includeSubDomains',
];

/**
 * The security headers of every answer a browser may get, made once. `storageOrigin`: where stored
 * files' signed links point when not to this server (an S3 bucket), so exercise videos play from it.
 */
export function securityHeaderList(isProduction: boolean, storageOrigin: string | null = null) {
  return [
    ['Content-Security-Policy', contentSecurityPolicy(storageOrigin)],
    ['Cross-Origin-Opener-Policy', 'same-origin'],
    ['Cross-Origin-Resource-Policy', 'same-origin'],
    ['Origin-Agent-Cluster', '?1'],
    ['Referrer-Policy', 'strict-origin-when-cross-origin'],
    ...(isProduction ? [STRICT_TRANSPORT_SECURITY] : []),
    ['X-Content-Type-Options', 'nosniff'],
    ['X-DNS-Prefetch-Control', 'off'],
    ['X-Download-Options', 'noopen'],
    ['X-Frame-Options', 'DENY'],
    ['X-Permitted-Cross-Domain-Policies', 'none'],
    ['X-XSS-Protection', '0'],
  ] as [string, string][];
}

/**
 * The security headers of a JSON answer to a machine (the load balancer's probes), after the OWASP
 * REST Security Cheat Sheet: a policy that lets the answer load and frame nothing, no sniffing, no
 * reading from another origin, HSTS. The others of `securityHeaderList` govern a page (its
 * scripts, opener, links, downloads) and mean nothing for a probe's `{"status":"ok"}`.
 */
export function machineSecurityHeaderList(isProduction: boolean) {
  return [
    ['Content-Security-Policy', "default-src 'none'; frame-ancestors 'none'"],
    ['Cross-Origin-Resource-Policy', 'same-origin'],
    ['Referrer-Policy', 'strict-origin-when-cross-origin'],
    ...(isProduction ? [STRICT_TRANSPORT_SECURITY] : []),
    ['X-Content-Type-Options', 'nosniff'],
    ['X-Frame-Options', 'DENY'],
  ] as [string, string][];
}

/**
 * Puts these headers on the answer to come (the request frame, http/request-frame.ts, does it for
 * every request). Served by @hono/node-server (`c.env.outgoing`), they are set on Node's response
 * before the answer is made and Node merges them into it: no fetch `Headers` object is built and
 * filled per request (hono's secureHeaders did that after every answer, ~15 µs).
 * Without a Node response (`app.request` in tests) they go on the answer once it is made: the
 * function returned, to call then.
 */
export function putSecurityHeaders(
  c: Context,
  headers: [string, string][],
): ((c: Context) => void) | undefined {
  const outgoing = nodeResponse(c);
  if (!outgoing) return onAnswer;
  for (const [name, value] of headers) outgoing.setHeader(name, value);
  return undefined;

  function onAnswer(c: Context) {
    for (const [name, value] of headers) c.res.headers.set(name, value);
  }
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** A check that refuses a state-changing request from another site, whatever cookies it carries. */
export function crossSiteWriteCheck(publicUrl: string, { exempt = [] }: { exempt?: string[] } = {}) {
  const ownOrigin = new URL(publicUrl).origin;
  const exemptPaths = new Set(exempt);
  return (c: Context) => {
    if (SAFE_METHODS.has(c.req.method) || exemptPaths.has(c.req.path)) return;
    const origin = requestHeader(c, 'origin');
    const fetchSite = requestHeader(c, 'sec-fetch-site');
    const isForeignOrigin = origin !== undefined && origin !== ownOrigin;
    if (isForeignOrigin || fetchSite === 'cross-site')
      throw new AppError('FORBIDDEN', 'Cross-site requests are not allowed.');
  };
}

/** `crossSiteWriteCheck` as a middleware, for paths outside /api (the demo checkout). */
export const sameOriginWrites = (publicUrl: string) => {
  const check = crossSiteWriteCheck(publicUrl);
  return createMiddleware<AppEnv>((c, next) => {
    check(c);
    return next();
  });
};
