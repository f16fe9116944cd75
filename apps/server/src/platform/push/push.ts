import type { Agent } from 'node:https';
import webpush, { WebPushError } from 'web-push';
import type { VapidKeys } from './vapid-keys.ts';

/** A browser's push subscription, as PushSubscription.toJSON() gives it. */
export type PushTarget = { endpoint: string; keys: { p256dh: string; auth: string } };

/**
 * Web Push through the `web-push` library: the VAPID public key browsers subscribe
 * with, and one encrypted message sent to one subscription. 'gone' is the push service saying the
 * subscription has ended (404/410): the caller forgets it.
 */
export type PushSender = {
  publicKey: string;
  /** Whether the server may send to this endpoint: only the browsers' push services. */
  acceptsEndpoint: (endpoint: string) => boolean;
  send: (target: PushTarget, payload: string) => Promise<'sent' | 'gone'>;
};

// The push services of Chromium/Android, Firefox, Edge/Windows and Safari. Anything else would let
// a member make the server POST to an address of their choosing.
const PUSH_SERVICE_HOSTS = [
  /^fcm\.googleapis\.com$/,
  /^android\.googleapis\.com$/,
  /(^|\.)push\.services\.mozilla\.com$/,
  /\.notify\.windows\.com$/,
  /(^|\.)push\.apple\.com$/,
];

const TTL_SECONDS = 24 * 3600;
const TIMEOUT_MS = 10_000;

export function createWebPush({
  keys,
  subject,
  extraHosts = [],
  agent,
}: {
  keys: VapidKeys;
  /** Who runs this server, for the push services (a mailto: or https: URL). */
  subject: string;
  /** Tests: the local push service double's host. */
  extraHosts?: string[];
  /** Tests: an agent trusting the double's certificate. */
  agent?: Agent;
}): PushSender {
  const vapidDetails = { subject, publicKey: keys.publicKey, privateKey: keys.privateKey };
  return {
    publicKey: keys.publicKey,
    acceptsEndpoint(endpoint) {
      let url: URL;
      try {
        url = new URL(endpoint);
      } catch {
        return false;
      }
      if (url.protocol !== 'https:' || url.username || url.password) return false;
      if (extraHosts.includes(url.host)) return true;
      // Port 443 only (the URL drops an explicit :443): the push services answer on no other, and
      // another port of theirs would be a door to whatever else listens there.
      return url.port === '' && PUSH_SERVICE_HOSTS.some((host) => host.test(url.hostname));
    },
    async send(target, payload) {
      try {
        await webpush.sendNotification(target, payload, {
          vapidDetails,
          TTL: TTL_SECONDS,
          timeout: TIMEOUT_MS,
          ...(agent && { agent }),
        });
        return 'sent';
      } catch (err) {
        if (err instanceof WebPushError && (err.statusCode === 404 || err.statusCode === 410)) return 'gone';
        throw err;
      }
    },
  };
}
