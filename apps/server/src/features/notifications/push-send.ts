import { type Entitlements, has } from '@core28/core/entitlements';
import { NOTIFICATION_NEEDS } from '@core28/core/notifications';
import type { Deps } from '../../context.ts';
import { sendPush } from '../push/service.ts';
import type { PushJob } from './push-job.ts';

/**
 * The push-send job: the plan rule is asked again as it sends, so a reminder or a coach's reply
 * queued while the plan ran says nothing once it has ended. (A job queued before pushes carried
 * their kind is sent as it was.)
 */
export async function sendPushOfKind(
  deps: Deps,
  { kind, ...message }: PushJob,
  planOf: (userId: string) => Promise<Entitlements>,
) {
  const needs = kind ? NOTIFICATION_NEEDS[kind] : null;
  if (needs && !has(await planOf(message.userId), needs)) return null;
  return sendPush(deps, message);
}
