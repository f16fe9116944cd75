import { randomBytes } from 'node:crypto';
import { linkSync, mkdirSync, readFileSync, unlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { ConfigError } from '../../config.ts';

export const AUTH_SECRET_FILE = 'auth-secret';

/**
 * The auth secret when AUTH_SECRET is unset: random on first start, kept in DATA_DIR (mode 0600)
 * so sessions and links outlive a restart. Written to a temporary file and linked into place,
 * so two processes starting at once end up with the same secret and neither reads half a file.
 */
export function readOrCreateAuthSecret(dataDir: string): string {
  const file = path.resolve(dataDir, AUTH_SECRET_FILE);
  const existing = readSecret(file);
  if (existing !== undefined) return existing;
  mkdirSync(dataDir, { recursive: true });
  const temporary = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
  writeFileSync(temporary, `${randomBytes(48).toString('base64url')}\n`, { mode: 0o600, flag: 'wx' });
  try {
    linkSync(temporary, file);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err; // another process won the race
  } finally {
    unlinkSync(temporary);
  }
  const secret = readSecret(file);
  if (secret === undefined) throw new Error(`${file} was removed as it was created`);
  return secret;
}

function readSecret(file: string): string | undefined {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw err;
  }
  const secret = text.trim();
  if (secret.length < 32)
    throw new ConfigError(
      `Invalid configuration:\n  AUTH_SECRET: unset, and ${file} holds no usable secret (32+ characters); delete the file to have a new one generated (members will be signed out) or set AUTH_SECRET`,
    );
  return secret;
}
