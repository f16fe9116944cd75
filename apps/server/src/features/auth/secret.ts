import { randomBytes } from 'node:crypto';
import { ConfigError, PUBLISHED_DEV_SECRET } from '../../config.ts';
import { readOrCreateKeptFile } from '../../platform/kept-file.ts';

export const AUTH_SECRET_FILE = 'auth-secret';

/**
 * The auth secret when AUTH_SECRET is unset: random on first start, kept in DATA_DIR (mode 0600)
 * so sessions and links outlive a restart (platform/kept-file.ts: two processes starting at once
 * end up with the same secret).
 */
export function readOrCreateAuthSecret(dataDir: string): string {
  return readOrCreateKeptFile(dataDir, AUTH_SECRET_FILE, {
    make: () => `${randomBytes(48).toString('base64url')}\n`,
    read: (text, file) => {
      const secret = text.trim();
      if (secret.length < 32)
        throw new ConfigError(
          `Invalid configuration:\n  AUTH_SECRET: unset, and ${file} holds no usable secret (32+ characters); delete the file to have a new one generated (members will be signed out) or set AUTH_SECRET`,
        );
      // The value once published in the source forges sessions and links, wherever it is kept.
      if (secret === PUBLISHED_DEV_SECRET)
        throw new ConfigError(
          `Invalid configuration:\n  AUTH_SECRET: unset, and ${file} holds the development value published in Core28's source: anyone can forge sessions and links with it. Delete the file to have a random one generated (members will be signed out) or set AUTH_SECRET`,
        );
      return secret;
    },
  });
}
