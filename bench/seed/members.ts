import { at, type SeedOptions, TIME_ZONES, textArray, u } from './sql.ts';

// The members: better-auth's users rows, their profiles and (for the first ones) a password, spread
// over two years of sign-ups (more of them lately, as a growing business has) and over time zones.

/** Members who can sign in with BENCH_PASSWORD (the rest have no credential: one hash each is slow). */
export const SIGN_IN_MEMBERS = 10_000;
export const BENCH_PASSWORD = 'Bench#2026pass';

/** How many coaches the Burn members are spread over: one per 20,000 members, at least one. */
export const coachCount = (members: number) => Math.max(1, Math.round(members / 20_000));

export function memberStatements({ members, now }: SeedOptions, passwordHash: string): string[] {
  const names = textArray(['Ann', 'Ben', 'Cyra', 'Dana', 'Eli', 'Fay', 'Gus', 'Hana', 'Ivo', 'Jun']);
  const coaches = coachCount(members);
  return [
    // The draws every later stage reads: when the member signed up and the dice of their history.
    'drop table if exists bench_seed_members',
    `create unlogged table bench_seed_members as
       select i, 'bench-' || i as user_id,
         date_trunc('second', ${at(now)} - interval '730 days' * power(${u('i', 1)}, 1.3)
           - interval '1 second' * floor(${u('i', 2)} * 86400)) as reg_at
       from generate_series(1, ${members}) i`,
    'alter table bench_seed_members add primary key (i)',
    `insert into users (id, name, email, email_verified, created_at, updated_at)
       select user_id, 'Member ' || i, 'member' || i || '@bench.example', true, reg_at, reg_at
       from bench_seed_members`,
    `insert into profiles (user_id, registration_date, first_name, last_name, gender, age, fitness_level,
         country, time_zone, reminder_time, created_at, updated_at)
       select user_id, reg_at, (${names})[1 + i % 10], 'Lastname' || (i % 5000),
         (array['female','male','female','other','prefer-not-to-say'])[1 + floor(${u('i', 30)} * 5)::int],
         18 + floor(${u('i', 31)} * 50)::int,
         (array['beginner','intermediate','advanced'])[1 + floor(${u('i', 32)} * 3)::int],
         (array['US','US','BR','GB','DE','FR','NG','IN','SG','JP','AU'])[1 + floor(${u('i', 33)} * 11)::int],
         (${textArray(TIME_ZONES)})[1 + floor(${u('i', 3)} * ${TIME_ZONES.length})::int],
         lpad((5 + floor(${u('i', 34)} * 16)::int)::text, 2, '0') || ':' || (array['00','15','30','45'])[1 + floor(${u('i', 35)} * 4)::int],
         reg_at, reg_at
       from bench_seed_members`,
    // better-auth's credential account: the same hash for every one of them (one argon2 hash takes 50 ms).
    `insert into accounts (id, account_id, provider_id, user_id, password, created_at, updated_at)
       select 'acct-' || user_id, user_id, 'credential', user_id, '${passwordHash}', reg_at, reg_at
       from bench_seed_members where i <= ${SIGN_IN_MEMBERS}`,
    // The staff: the owner and the coaches, who are no members of the figures.
    `insert into users (id, name, email, email_verified, created_at, updated_at)
       select id, name, email, true, ${at(now)} - interval '800 days', ${at(now)} - interval '800 days'
       from (select 'bench-owner' as id, 'Owner' as name, 'owner@bench.example' as email
             union all select 'bench-coach-' || c, 'Coach ' || c, 'coach' || c || '@bench.example'
             from generate_series(1, ${coaches}) c) s`,
    `insert into accounts (id, account_id, provider_id, user_id, password, created_at, updated_at)
       select 'acct-' || id, id, 'credential', id, '${passwordHash}', created_at, created_at
       from users where id = 'bench-owner' or id like 'bench-coach-%'`,
    `insert into user_roles (user_id, role) select 'bench-owner', 'owner'
       union all select 'bench-coach-' || c, 'coach' from generate_series(1, ${coaches}) c`,
    `insert into coach_profiles (user_id, name, seats)
       select 'bench-coach-' || c, 'Coach ' || c, 10000 from generate_series(1, ${coaches}) c`,
  ];
}
