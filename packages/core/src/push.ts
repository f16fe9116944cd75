import { z } from 'zod';

// A browser's Web Push subscription, as PushSubscription.toJSON() gives it.
const Base64Url = (label: string, min: number, max: number) =>
  z
    .string({ error: `${label} is required` })
    .regex(/^[A-Za-z0-9_-]+=*$/, `${label} must be URL-safe base64`)
    .min(min, `${label} is too short`)
    .max(max, `${label} is too long`);

export const PushEndpointSchema = z.object({
  endpoint: z
    .url({ protocol: /^https$/, error: 'The endpoint must be an https URL' })
    .max(2048, 'The endpoint is too long'),
});

export const PushSubscriptionSchema = PushEndpointSchema.extend({
  // A P-256 public key (65 bytes: 87 characters) and a 16-byte secret (22).
  keys: z.object(
    { p256dh: Base64Url('p256dh', 80, 100), auth: Base64Url('auth', 16, 40) },
    { error: 'keys with p256dh and auth are required' },
  ),
});

export type PushSubscriptionInput = z.infer<typeof PushSubscriptionSchema>;

/** One of the member's devices, named in the path to remove it. */
export const PushDeviceParamSchema = z.object({ id: z.coerce.number().int().positive('No such device') });
