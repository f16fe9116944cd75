import { YOUTUBE_EMBED_ORIGIN } from '@core28/core/exercise-media';
import { createMiddleware } from 'hono/factory';
import { secureHeaders } from 'hono/secure-headers';
import type { AppEnv } from '../context.ts';
import { AppError } from '../errors.ts';

/**
 * `storageOrigin`: where stored files' signed links point when not to this server (an S3
 * bucket), so exercise videos play from it.
 */
export const securityHeaders = (isProduction: boolean, storageOrigin: string | null = null) =>
  secureHeaders({
    contentSecurityPolicy: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'"],
      // Radix positions popovers with inline style attributes.
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
      fontSrc: ["'self'", 'data:'],
      connectSrc: ["'self'"],
      // issue 17: exercise videos (uploads from us or the bucket) and YouTube's privacy-enhanced embed
      mediaSrc: ["'self'", ...(storageOrigin ? [storageOrigin] : [])],
      frameSrc: [YOUTUBE_EMBED_ORIGIN],
      frameAncestors: ["'none'"],
      objectSrc: ["'none'"],
      baseUri: ["'self'"],
      formAction: ["'self'"],
    },
    referrerPolicy: 'strict-origin-when-cross-origin',
    xFrameOptions: 'DENY',
    xContentTypeOptions: 'nosniff',
    strictTransportSecurity: isProduction ? 'max-age=31536000; includeSubDomains' : false,
    crossOriginEmbedderPolicy: false,
    crossOriginResourcePolicy: 'same-origin',
  });

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** A state-changing request from another site is refused, whatever cookies it carries. */
export const sameOriginWrites = (publicUrl: string, { exempt = [] }: { exempt?: string[] } = {}) => {
  const ownOrigin = new URL(publicUrl).origin;
  const exemptPaths = new Set(exempt);
  return createMiddleware<AppEnv>(async (c, next) => {
    if (!SAFE_METHODS.has(c.req.method) && !exemptPaths.has(c.req.path)) {
      const origin = c.req.header('origin');
      const fetchSite = c.req.header('sec-fetch-site');
      const isForeignOrigin = origin !== undefined && origin !== ownOrigin;
      if (isForeignOrigin || fetchSite === 'cross-site')
        throw new AppError('FORBIDDEN', 'Cross-site requests are not allowed.');
    }
    await next();
  });
};
