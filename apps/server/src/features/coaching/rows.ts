import type { LiveMessage } from '@core28/core/realtime';
import { type SQL, sql } from 'drizzle-orm';
import { discussionMessages, discussionTopics } from '../../platform/db/schema.ts';
import { memberNameSql } from '../auth/service.ts';

// The columns coaching reads and the shapes its answers take.

export const messageColumns = {
  id: discussionMessages.id,
  topicId: discussionMessages.topicId,
  userId: discussionMessages.userId,
  message: discussionMessages.message,
  createdAt: discussionMessages.createdAt,
  isCoachReply: discussionMessages.isCoachReply,
  readByUser: discussionMessages.readByUser,
  attachmentType: discussionMessages.attachmentType,
  attachmentSize: discussionMessages.attachmentSize,
};

export type MessageRow = {
  id: string;
  topicId: string;
  userId: string;
  message: string;
  createdAt: Date;
  isCoachReply: boolean;
  readByUser: boolean;
  attachmentType: string | null;
  attachmentSize: number | null;
};

/** Where a message's attachment is read: a route that checks the reader (attachments.ts). */
export const attachmentPath = (messageId: string) => `/api/coaching/attachments/${messageId}`;

export const toLiveMessage = ({ attachmentType, attachmentSize, ...row }: MessageRow): LiveMessage => ({
  ...row,
  createdAt: row.createdAt.toISOString(),
  attachment:
    attachmentType && attachmentSize !== null
      ? { url: attachmentPath(row.id), type: attachmentType, size: attachmentSize }
      : null,
});

const lastMessageAt =
  sql`(select max(m.created_at) from discussion_messages m where m.topic_id = discussion_topics.id)`.mapWith(
    discussionMessages.createdAt,
  ) as SQL<Date | null>;

/** For the member: coach replies not yet opened. For the coach: member messages not yet opened. */
export const unreadFor = (reader: 'member' | 'coach') =>
  sql`(select count(*) from discussion_messages m where m.topic_id = discussion_topics.id and ${
    reader === 'member'
      ? sql`m.is_coach_reply and not m.read_by_user`
      : sql`not m.is_coach_reply and not m.read_by_coach`
  })`.mapWith(Number);

/** For the coach's lists, which join users and profiles. */
export const memberName = memberNameSql({ profile: 'profiles', user: 'users' });

export const topicColumns = {
  id: discussionTopics.id,
  userId: discussionTopics.userId,
  title: discussionTopics.title,
  description: discussionTopics.description,
  isArchived: discussionTopics.isArchived,
  createdAt: discussionTopics.createdAt,
  updatedAt: discussionTopics.updatedAt,
  lastMessageAt,
};

type TopicRow = {
  id: string;
  userId: string;
  title: string;
  description: string | null;
  isArchived: boolean;
  createdAt: Date;
  updatedAt: Date;
  lastMessageAt: Date | null;
  unreadCount: number;
};

export const toTopic = (row: TopicRow) => ({
  id: row.id,
  userId: row.userId,
  title: row.title,
  description: row.description ?? '',
  isArchived: row.isArchived,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
  lastMessageAt: row.lastMessageAt?.toISOString() ?? null,
  unreadCount: row.unreadCount,
  hasNewMessages: row.unreadCount > 0,
});
