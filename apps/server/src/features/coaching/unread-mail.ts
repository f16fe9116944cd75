import { sql } from 'drizzle-orm';
import type { Deps } from '../../context.ts';
import { rawRows as rows } from '../../platform/db/index.ts';
import { actionEmail } from '../../platform/mail/templates.ts';
import { notify } from '../notifications/service.ts';
import { getMemberEntitlements, type StateDeps } from '../subscriptions/service.ts';

// Nobody's message left unseen. A coach reply unread by the member, or a member's
// message unread by their coach, for NOTIFY_UNREAD_AFTER_MINUTES gets one e-mail per topic; the
// next one only after everything was read and a new message stays unread again. The topic's
// member_/coach_notified_at is claimed in the transaction that writes the mail, so two instances
// send it once: a topic is due when its oldest unread message is older than the delay and newer
// than the last notice.

type Side = 'member' | 'coach';
type Due = {
  topicId: string;
  ownerId: string;
  coachId: string | null;
  title: string;
  oldest: Date;
  message: string;
};

const unread = (side: Side) =>
  side === 'member'
    ? sql`m.is_coach_reply and not m.read_by_user`
    : sql`not m.is_coach_reply and not m.read_by_coach`;
const notifiedColumn = (side: Side) =>
  sql.identifier(side === 'member' ? 'member_notified_at' : 'coach_notified_at');

async function listDue(deps: Pick<Deps, 'db'>, side: Side, cutoff: Date) {
  return rows<Due>(
    deps.db,
    sql`select t.id as "topicId", t.user_id as "ownerId", ca.coach_id as "coachId", t.title,
          o.created_at as oldest, o.message
        from discussion_topics t
        left join coach_assignments ca on ca.user_id = t.user_id
        cross join lateral (select m.created_at, m.message from discussion_messages m
          where m.topic_id = t.id and ${unread(side)} order by m.created_at, m.id limit 1) o
        where o.created_at <= ${cutoff.toISOString()}::timestamptz
          and (t.${notifiedColumn(side)} is null or t.${notifiedColumn(side)} < o.created_at)`,
  );
}

const snippet = (text: string) => {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > 140 ? `${flat.slice(0, 139)}…` : flat;
};

/**
 * Who is told of a member nobody coaches (the member's coach is told of the others, and nobody
 * else: another coach may not read the conversation): ADMIN_EMAIL's account when that is set (the
 * head coach, one person rather than every owner), else every owner.
 */
async function listUnassignedNoticeIds(deps: Pick<Deps, 'db' | 'config'>) {
  const email = deps.config.coachNoticeEmail;
  const found = await rows<{ id: string }>(
    deps.db,
    email
      ? sql`select u.id from users u where u.email = ${email.toLowerCase()}`
      : sql`select distinct r.user_id as id from user_roles r where r.role = 'owner'`,
  );
  return found.map((row) => row.id);
}

/** The schedule (every minute): both directions. Answers how many e-mails were written. */
export async function mailUnreadCoaching(deps: StateDeps) {
  const now = deps.now();
  const cutoff = new Date(now.getTime() - deps.config.notifyUnreadAfterMinutes * 60_000);
  const base = deps.config.publicUrl;
  let mailed = 0;
  for (const side of ['member', 'coach'] as const) {
    const due = await listDue(deps, side, cutoff);
    const unassigned =
      side === 'coach' && due.some((topic) => topic.coachId === null)
        ? await listUnassignedNoticeIds(deps)
        : [];
    for (const topic of due) {
      // A member whose plan no longer has coaching is not mailed (the plan rule, asked now); the
      // topic is marked all the same, so it is not looked at again every minute.
      const isMemberCoached =
        side === 'coach' || (await getMemberEntitlements(deps, { userId: topic.ownerId })).coaching;
      await deps.db.transaction(async (tx) => {
        const claimed = await rows<{ id: string }>(
          tx,
          sql`update discussion_topics set ${notifiedColumn(side)} = ${now.toISOString()}::timestamptz
              where id = ${topic.topicId}
                and (${notifiedColumn(side)} is null or ${notifiedColumn(side)} < ${new Date(topic.oldest).toISOString()}::timestamptz)
              returning id`,
        );
        if (claimed.length === 0) return; // another instance took it
        const stamp = new Date(topic.oldest).toISOString();
        const recipients =
          side === 'coach'
            ? (topic.coachId ? [topic.coachId] : unassigned).filter((id) => id !== topic.ownerId)
            : isMemberCoached
              ? [topic.ownerId]
              : [];
        for (const userId of recipients) {
          const url =
            side === 'member'
              ? `${base}/one-on-one?topic=${topic.topicId}`
              : `${base}/admin/chat/${topic.ownerId}/${topic.topicId}`;
          const isWritten = await notify(deps, tx, {
            userId,
            kind: 'coaching',
            dedupeKey: `coaching:${side}:${topic.topicId}:${userId}:${stamp}`,
            build: ({ email, unsubscribe }) =>
              actionEmail({
                to: email,
                kind: side === 'member' ? 'coach-reply-unread' : 'member-message-unread',
                subject:
                  side === 'member'
                    ? `Your coach replied: ${topic.title}`
                    : `A member is waiting for a reply: ${topic.title}`,
                preview: snippet(topic.message),
                intro: `${side === 'member' ? 'Your coach wrote' : 'The member wrote'} in “${topic.title}”:\n\n${snippet(topic.message)}`,
                action: side === 'member' ? 'Read the reply' : 'Open the conversation',
                url,
                outro: 'You get one e-mail per conversation until you have read it.',
                unsubscribe,
              }),
          });
          if (isWritten) mailed++;
        }
      });
    }
  }
  return mailed;
}
