import { z } from 'zod';
import type { CheckoutPlanId } from './plans.ts';

/** spec §2 Admin users: the member list, searched by name or e-mail, paged on the server. */
export const MemberListQuerySchema = z.object({
  search: z.string().trim().max(100).optional().default(''),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(25),
  // Who needs attention
  plan: z.enum(['all', 'paid', 'trial']).optional().default('all'),
  burn: z.enum(['true', 'false']).optional().default('false'),
  /** At least this many days missed in a row (0: any). */
  missed: z.coerce.number().int().min(0).max(28).optional().default(0),
  falling: z.enum(['true', 'false']).optional().default('false'),
  sort: z.enum(['registered', 'lastActive', 'missed']).optional().default('registered'),
});
export type MemberListQuery = z.infer<typeof MemberListQuerySchema>;

export const UserIdParamSchema = z.object({ userId: z.string().trim().min(1).max(100) });

export type WellnessEntry = { day: number; feeling: number; energy: number };

/**
 * Wellness is falling when, over the last three logged days, feeling or energy went
 * down by two points or more (first of the three to the last).
 */
export function isWellnessFalling(entries: readonly WellnessEntry[]): boolean {
  const last = [...entries].sort((a, b) => a.day - b.day).slice(-3);
  if (last.length < 3) return false;
  const [first, , latest] = last as [WellnessEntry, WellnessEntry, WellnessEntry];
  return first.feeling - latest.feeling >= 2 || first.energy - latest.energy >= 2;
}

/** The dashboard's attention card: two days missed in a row, or a trial ending within three days. */
export const ATTENTION_MISSED_DAYS = 2;
export const ATTENTION_TRIAL_DAYS = 3;

/**
 * The member's subscription as the coach reads it on their page: a trial, active
 * (renewing), cancelling at the period end, active with a downgrade scheduled for the period end,
 * ended, or never subscribed.
 */
export type MemberStatus = 'trial' | 'active' | 'cancelling' | 'downgrading' | 'ended' | 'none';

export function memberStatus(s: {
  subscribed: boolean | null;
  isTrial: boolean | null;
  cancelAtPeriodEnd: boolean | null;
  scheduledPlanId: CheckoutPlanId | null;
  subscriptionEnd: Date | string | null;
}): MemberStatus {
  if (s.isTrial) return 'trial';
  if (!s.subscribed) return s.subscriptionEnd ? 'ended' : 'none';
  if (s.cancelAtPeriodEnd) return 'cancelling';
  return s.scheduledPlanId ? 'downgrading' : 'active';
}
