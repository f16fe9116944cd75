import { createHmac, timingSafeEqual } from 'node:crypto';
import { NOTIFICATION_KINDS, type NotificationKind } from '@core28/core/notifications';

// A one-click unsubscribe works without signing in, so the link carries who and what,
// signed with a key derived from the auth secret (deps.mailLinkKey). It does not expire: an
// old mail's link must still stop that kind (RFC 8058 expects the URL to keep working).

const PURPOSE = 'unsubscribe';

const mac = (key: Buffer, payload: string) =>
  createHmac('sha256', key).update(`${PURPOSE}\n${payload}`).digest('base64url');

export function unsubscribeToken(key: Buffer, { userId, kind }: { userId: string; kind: NotificationKind }) {
  const payload = Buffer.from(JSON.stringify([userId, kind])).toString('base64url');
  return `${payload}.${mac(key, payload)}`;
}

/** The member and kind of a valid token; null for anything forged, altered or malformed. */
export function readUnsubscribeToken(
  key: Buffer,
  token: string,
): { userId: string; kind: NotificationKind } | null {
  const [payload, signature, ...rest] = token.split('.');
  if (!payload || !signature || rest.length > 0) return null;
  const expected = Buffer.from(mac(key, payload));
  const given = Buffer.from(signature);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  try {
    const [userId, kind] = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as unknown[];
    if (typeof userId !== 'string' || !NOTIFICATION_KINDS.includes(kind as NotificationKind)) return null;
    return { userId, kind: kind as NotificationKind };
  } catch {
    return null;
  }
}
