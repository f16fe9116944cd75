import { mayCoachMember, staffMay } from '@core28/core/staff';
import type { Deps } from '../../context.ts';
import type { ChannelHandlers } from '../../platform/realtime/channel.ts';
import { getMemberEntitlements, type StateDeps } from '../subscriptions/service.ts';
import { COACHING_REFUSED } from './guard.ts';
import { type CoachingNotice, findMessage } from './messages.ts';

/**
 * Coaching's part of the realtime hub (COACHING_LIVE, published per topic): who may receive a
 * topic's events and what they hold. spec §6: a member reads only their own, and only with
 * 1-on-1 Burn, decided again for every event, not only at connect (the hub keeps the answer until
 * the period ends or the subscription or role changes). Staff receive a topic's events only when
 * they may coach its member (core's `mayCoachMember`: the member's coach, or staff who see every
 * member), with the roles their session has at that event.
 */
export function coachingLive(deps: StateDeps & Pick<Deps, 'storage'>): ChannelHandlers<CoachingNotice> {
  return {
    authorize: async (viewer, allowed) => staffMay(viewer.staff, 'coach') || allowed(),
    refusal: COACHING_REFUSED,
    audience: (notice) => ({
      userIds: [notice.ownerId],
      staff: (staff, viewerId) => mayCoachMember(staff, { viewerId, coachId: notice.coachId ?? null }),
    }),
    // Until the entitlements change by time (a period's or a failed payment's grace's end); a
    // change of the subscription is announced sooner.
    access: async (userId) => {
      const { coaching, until } = await getMemberEntitlements(deps, { userId });
      return { allowed: coaching, until: coaching && until ? new Date(until) : null };
    },
    event: async (notice) => {
      if (notice.t === 'topic') return { type: 'topic', topicId: notice.topicId };
      const message = await findMessage(deps, { messageId: notice.messageId });
      return message && { type: 'message', topicId: notice.topicId, message };
    },
  };
}
