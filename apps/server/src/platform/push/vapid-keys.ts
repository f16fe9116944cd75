import webpush from 'web-push';
import { readOrCreateKeptFile } from '../kept-file.ts';

export const VAPID_KEYS_FILE = 'vapid-keys.json';
export type VapidKeys = { publicKey: string; privateKey: string };

/**
 * Web Push's keys when VAPID_PUBLIC_KEY/VAPID_PRIVATE_KEY are unset: made on first start
 * and kept in DATA_DIR (mode 0600), as the auth secret is, so members' subscriptions outlive a
 * restart (a new key would silently end every one of them); platform/kept-file.ts writes it.
 */
export function readOrCreateVapidKeys(dataDir: string): VapidKeys {
  return readOrCreateKeptFile(dataDir, VAPID_KEYS_FILE, {
    make: () => `${JSON.stringify(webpush.generateVAPIDKeys())}\n`,
    read: (text, file) => {
      const keys = JSON.parse(text) as Partial<VapidKeys>;
      if (typeof keys.publicKey !== 'string' || typeof keys.privateKey !== 'string')
        throw new Error(
          `${file} holds no VAPID keys: delete it to have new ones made (members turn push on again)`,
        );
      return { publicKey: keys.publicKey, privateKey: keys.privateKey };
    },
  });
}
