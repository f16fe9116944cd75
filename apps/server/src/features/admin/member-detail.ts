import { ATTENTION_MISSED_DAYS, ATTENTION_TRIAL_DAYS, memberStatus } from '@core28/core/admin';
import type { Staff } from '@core28/core/staff';
import { asc, desc, eq, sql } from 'drizzle-orm';
import type { Deps } from '../../context.ts';
import { AppError } from '../../errors.ts';
import { memberProgress, profiles, subscribers, users } from '../../platform/db/schema.ts';
import { isNotAdminSql, memberNameSql, memberScopeSql } from '../auth/service.ts';
import { listMemberTopics, listOverdueConversations, type ReplyTargetDeps } from '../coaching/service.ts';
import { getProgramState, listProgramSummaries, missedAtLeastSql } from '../program/service.ts';
import { memberRowColumns } from './member-list.ts';

// The coach's view of one member, and of who needs attention. Program day, streak and
// missed days come from the program feature (its summaries), never from arithmetic here.

const planOf = (row: { isTrial: boolean | null; subscribed: boolean | null }) =>
  row.isTrial ? ('trial' as const) : row.subscribed ? ('paid' as const) : ('none' as const);

/** The member's account, subscription and last activity; 404 for an unknown id or an admin. */
async function findMemberRow({ db }: Pick<Deps, 'db'>, { userId }: { userId: string }) {
  const [row] = await db
    .select({
      ...memberRowColumns,
      trialEnd: subscribers.trialEnd,
      subscriptionEnd: subscribers.subscriptionEnd,
      cancelAtPeriodEnd: subscribers.cancelAtPeriodEnd,
      scheduledPlanId: subscribers.scheduledPlanId,
      planId: subscribers.planId,
    })
    .from(users)
    .innerJoin(profiles, eq(profiles.userId, users.id))
    .leftJoin(subscribers, eq(subscribers.userId, users.id))
    .leftJoin(memberProgress, eq(memberProgress.userId, users.id))
    .where(sql`${users.id} = ${userId} and ${isNotAdminSql(users.id)}`);
  if (!row) throw new AppError('NOT_FOUND', 'Member not found');
  const name = [row.firstName, row.lastName].filter(Boolean).join(' ') || row.displayName || '';
  return {
    userId: row.id,
    email: row.email,
    name,
    firstName: row.firstName || row.displayName || '',
    tier: row.tier,
    plan: planOf(row),
    status: memberStatus(row),
    planId: row.planId,
    cancelAtPeriodEnd: row.cancelAtPeriodEnd ?? false,
    scheduledPlanId: row.scheduledPlanId,
    trialEnd: row.trialEnd?.toISOString() ?? null,
    subscriptionEnd: row.subscriptionEnd?.toISOString() ?? null,
    registrationDate: row.registrationDate.toISOString(),
    lastActive: row.lastActive?.toISOString() ?? null,
  };
}

/** The chat's side panel: who the member is and where they stand. */
export async function getMemberSummary(deps: Pick<Deps, 'db' | 'now'>, { userId }: { userId: string }) {
  const member = await findMemberRow(deps, { userId });
  const summary = (await listProgramSummaries(deps, { userIds: [userId] })).get(userId);
  if (!summary) throw new AppError('NOT_FOUND', 'Member not found');
  return { ...member, ...summary };
}

/** /admin/users/{userId}: the summary, the 28-day grid with results and wellness, their topics. */
export async function getMemberDetail(deps: Deps, { userId }: { userId: string }) {
  const summary = await getMemberSummary(deps, { userId });
  const [program, topics] = await Promise.all([
    getProgramState(deps, { userId }),
    listMemberTopics(deps, { userId }),
  ]);
  return {
    ...summary,
    days: program.days,
    results: program.results,
    wellness: program.wellness,
    adjustedDays: program.plan.filter((d) => d.adjusted).map((d) => d.day),
    topics: topics.map((t) => ({
      id: t.id,
      title: t.title,
      isArchived: t.isArchived,
      updatedAt: t.updatedAt,
      unreadCount: t.unreadCount,
    })),
  };
}

const ATTENTION_LIMIT = 20;

const memberName = memberNameSql({ profile: 'profiles', user: 'users' });

/**
 * The dashboard's card and the member list's: members whose conversation has waited for a reply
 * longer than the reply target (the longest wait first), 1-on-1 Burn members who missed two days
 * in a row (the most missed first), then members whose trial ends within three days (a trial is
 * always Feel and Burn, spec §4: the coach's chance to win them). docs/decisions/0016. Only the
 * members this staff session coaches (a coach: their own).
 */
export async function listMembersNeedingAttention(
  deps: ReplyTargetDeps,
  { staff, viewerId }: { staff: Staff | null; viewerId: string },
) {
  const at = deps.now();
  const soon = new Date(at.getTime() + ATTENTION_TRIAL_DAYS * 86_400_000);
  const inScope = (column: typeof subscribers.userId) => memberScopeSql(staff, viewerId, column);
  const [waiting, burn, trials] = await Promise.all([
    listOverdueConversations(deps, { staff, viewerId, limit: ATTENTION_LIMIT }),
    deps.db
      .select({ userId: subscribers.userId, name: memberName })
      .from(subscribers)
      .innerJoin(users, eq(users.id, subscribers.userId))
      .innerJoin(profiles, eq(profiles.userId, subscribers.userId))
      .leftJoin(memberProgress, eq(memberProgress.userId, subscribers.userId))
      .where(
        sql`${subscribers.subscriptionTier} = '1-on-1 Burn' and ${subscribers.subscribed} and not ${subscribers.isTrial}
          and ${isNotAdminSql(subscribers.userId)} and ${inScope(subscribers.userId)}
          and ${missedAtLeastSql(memberProgress.completedMask, memberProgress.roundStartedAt, profiles.timeZone, at, ATTENTION_MISSED_DAYS)}`,
      )
      // The newest 20 (an index order that stops early), shown the most missed first.
      .orderBy(desc(profiles.registrationDate))
      .limit(ATTENTION_LIMIT),
    deps.db
      .select({ userId: subscribers.userId, name: memberName, trialEnd: subscribers.trialEnd })
      .from(subscribers)
      .innerJoin(users, eq(users.id, subscribers.userId))
      .innerJoin(profiles, eq(profiles.userId, subscribers.userId))
      .where(
        sql`${subscribers.isTrial} and ${subscribers.trialEnd} > ${at} and ${subscribers.trialEnd} <= ${soon}
          and ${isNotAdminSql(subscribers.userId)} and ${inScope(subscribers.userId)}`,
      )
      .orderBy(asc(subscribers.trialEnd))
      .limit(ATTENTION_LIMIT),
  ]);
  const summaries = await listProgramSummaries(deps, { userIds: burn.map((b) => b.userId) });
  const missing = burn.flatMap((member) => {
    const summary = summaries.get(member.userId);
    if (!summary) return [];
    const { currentDay, missedInARow, round } = summary;
    return [
      { ...member, currentDay, round, missedInARow, trialEnd: null, topicId: null, awaitingSince: null },
    ];
  });
  missing.sort((a, b) => b.missedInARow - a.missedInARow || a.name.localeCompare(b.name));
  const ending = trials.map((t) => ({
    userId: t.userId,
    name: t.name,
    currentDay: null,
    round: null,
    missedInARow: 0,
    trialEnd: t.trialEnd?.toISOString() ?? null,
    topicId: null,
    awaitingSince: null,
  }));
  const overdue = waiting.map((w) => ({
    userId: w.userId,
    name: w.name,
    currentDay: null,
    round: null,
    missedInARow: 0,
    trialEnd: null,
    /** The conversation waiting past the reply target, and since when. */
    topicId: w.topicId as string | null,
    awaitingSince: w.awaitingSince as string | null,
  }));
  return [...overdue, ...missing, ...ending].slice(0, ATTENTION_LIMIT);
}
