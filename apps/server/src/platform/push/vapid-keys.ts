import { randomBytes } from 'node:crypto';
import { linkSync, mkdirSync, readFileSync, unlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import webpush from 'web-push';

export const VAPID_KEYS_FILE = 'vapid-keys.json';
export type VapidKeys = { publicKey: string; privateKey: string };

/**
 * Web Push's keys when VAPID_PUBLIC_KEY/VAPID_PRIVATE_KEY are unset (issue 21): made on first start
 * and kept in DATA_DIR (mode 0600), as the auth secret is, so members' subscriptions outlive a
 * restart (a new key would silently end every one of them). Written to a temporary file and linked
 * into place: two processes starting at once end up with the same keys.
 */
export function readOrCreateVapidKeys(dataDir: string): VapidKeys {
  const file = path.resolve(dataDir, VAPID_KEYS_FILE);
  const existing = readKeys(file);
  if (existing) return existing;
  mkdirSync(dataDir, { recursive: true });
  const temporary = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
  writeFileSync(temporary, `${JSON.stringify(webpush.generateVAPIDKeys())}\n`, { mode: 0o600, flag: 'wx' });
  try {
    linkSync(temporary, file);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err; // another process won the race
  } finally {
    unlinkSync(temporary);
  }
  const keys = readKeys(file);
  if (!keys) throw new Error(`${file} was removed as it was created`);
  return keys;
}

function readKeys(file: string): VapidKeys | undefined {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw err;
  }
  const keys = JSON.parse(text) as Partial<VapidKeys>;
  if (typeof keys.publicKey !== 'string' || typeof keys.privateKey !== 'string')
    throw new Error(
      `${file} holds no VAPID keys: delete it to have new ones made (members turn push on again)`,
    );
  return { publicKey: keys.publicKey, privateKey: keys.privateKey };
}
