import type { MemberTopic } from './api';

export type LatestReply = NonNullable<MemberTopic['lastReply']> & { topicId: string; topicTitle: string };

/** The coach's newest reply across the member's topics (archived ones too: a reply is a reply). */
export function latestReplyOf(topics: MemberTopic[]): LatestReply | null {
  let latest: LatestReply | null = null;
  for (const topic of topics) {
    const reply = topic.lastReply;
    if (reply && (!latest || reply.at > latest.at))
      latest = { ...reply, topicId: topic.id, topicTitle: topic.title };
  }
  return latest;
}
