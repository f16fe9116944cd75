import { coachCount } from './members.ts';
import { at, type SeedOptions, u } from './sql.ts';

// The 1-on-1 Burn members' coaching: each paying Burn member has a coach (spread evenly) and one
// to three conversations of the last two months, every other message the coach's reply. A
// conversation whose last word is the member's awaits a reply, unless archived.

export function coachingStatements({ members, now }: SeedOptions): string[] {
  const T = at(now);
  const coaches = coachCount(members);
  return [
    `insert into coach_assignments (user_id, coach_id, assigned_at, assigned_by)
       select s.user_id, 'bench-coach-' || (1 + m.i % ${coaches}), l.occurred_at, null
       from plan_ledger_states s join bench_seed_members m on m.user_id = s.user_id
       join plan_ledger l on l.seq = s.last_seq
       where s.status = 'paying' and s.plan_id like 'burn-%'`,
    'drop table if exists bench_seed_topics',
    `create unlogged table bench_seed_topics as
       select gen_random_uuid() as id, a.user_id, a.coach_id, m.i, t,
         greatest(m.reg_at, ${T} - interval '60 days') + (${T} - interval '2 days' - greatest(m.reg_at, ${T} - interval '60 days'))
           * ${u('m.i * 4 + t', 70)} as created_at,
         4 + floor(${u('m.i * 4 + t', 71)} * 9)::int as messages,
         ${u('m.i * 4 + t', 72)} < 0.2 as archived
       from coach_assignments a join bench_seed_members m on m.user_id = a.user_id
       cross join generate_series(1, 1 + floor(${u('m.i', 73)} * 3)::int) t
       where m.reg_at < ${T} - interval '2 days'`,
    // Messages every three hours; the last one is the member's when their count is odd. Only the
    // last can be unread, and its e-mail went ten minutes after it, as the unread-mail job sends it
    // (else an instance started on the seed would mail every one of them in its first minute).
    `insert into discussion_topics (id, user_id, title, description, is_archived, awaiting_since,
         member_notified_at, coach_notified_at, created_at, updated_at)
       select id, user_id, (array['Form check','Lower back','Breathing','Plank progress','Diet question','Travel week'])[1 + (i + t) % 6],
         '', archived,
         case when messages % 2 = 1 and not archived then created_at + interval '3 hours' * (messages - 1) end,
         case when messages % 2 = 0 then created_at + interval '3 hours' * (messages - 1) + interval '10 minutes' end,
         case when messages % 2 = 1 then created_at + interval '3 hours' * (messages - 1) + interval '10 minutes' end,
         created_at, created_at + interval '3 hours' * (messages - 1)
       from bench_seed_topics`,
    `insert into discussion_messages (topic_id, user_id, message, is_coach_reply, read_by_user, read_by_coach, created_at)
       select t.id, case when k % 2 = 0 then t.coach_id else t.user_id end,
         case when k % 2 = 0 then 'Good work. Keep the hips level and breathe out on the effort.'
              else 'Message ' || k || ' about form and breathing' end,
         k % 2 = 0, k < t.messages or k % 2 = 1, k < t.messages or k % 2 = 0,
         t.created_at + interval '3 hours' * (k - 1)
       from bench_seed_topics t cross join generate_series(1, t.messages) k`,
  ];
}
