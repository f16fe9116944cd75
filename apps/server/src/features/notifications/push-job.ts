import { NOTIFICATION_KINDS } from '@core28/core/notifications';
import { z } from 'zod';

// The push-send queue, handled by push-send.ts and enqueued by service.ts (notify). Declared in a
// file of its own that imports no feature: push-send.ts asks the plan rule (subscriptions), whose
// mail reaches service.ts, so service.ts importing push-send.ts would be an import cycle.

/** The push-send job's queue: one notification to a member's devices (features/push). */
export const PUSH_QUEUE = 'push-send';

/** The push-send job's payload; `kind` lets the job ask the plan rule again when it sends. */
export const pushJobPayload = z.object({
  userId: z.string().min(1),
  title: z.string(),
  body: z.string(),
  url: z.string(),
  kind: z.enum(NOTIFICATION_KINDS).optional(),
});
export type PushJob = z.infer<typeof pushJobPayload>;
