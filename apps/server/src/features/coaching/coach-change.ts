import { and, desc, eq } from 'drizzle-orm';
import type { Deps } from '../../context.ts';
import { discussionTopics } from '../../platform/db/schema.ts';
import { changeMemberCoach, memberCoachCard } from '../team/service.ts';
import { postCoachReply } from './messages.ts';

// A member's coach changes (the owner's choice): the team records it and mails the member; here
// the new coach says so in the member's latest open conversation. The conversations stay the
// member's, with every earlier reply still under its author's name.

export async function moveMemberToCoach(
  deps: Pick<Deps, 'db' | 'jobs' | 'config' | 'now' | 'storage'>,
  { by, userId, coachId }: { by: string; userId: string; coachId: string },
) {
  const coachName = await changeMemberCoach(deps, { by, userId, coachId });
  if (coachName === null) return { changed: false };
  const [topic] = await deps.db
    .select({ id: discussionTopics.id })
    .from(discussionTopics)
    .where(and(eq(discussionTopics.userId, userId), eq(discussionTopics.isArchived, false)))
    .orderBy(desc(discussionTopics.updatedAt), desc(discussionTopics.id))
    .limit(1);
  if (topic)
    await postCoachReply(deps, { coachId, topicId: topic.id, message: `Your coach is now ${coachName}.` });
  return { changed: true };
}

export { memberCoachCard };
