import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  type MigrationClient,
  migrations,
  migrationWith,
  openMigrationClient,
  runMigration,
} from '../../testing/migration-db.ts';

// The migration to a coaching team, on a database made by the release before it: the one admin
// becomes the owner and a coach with seats; members on 1-on-1 Burn or already talking to the
// coach keep them as their coach; nothing of theirs changes.

let client: MigrationClient;
beforeAll(async () => {
  client = await openMigrationClient();
});
afterAll(() => client.close());

it('makes the admin the owner and coach of every member who had the coach', async () => {
  const thisOne = migrationWith('CREATE TABLE "coach_assignments"');
  expect(thisOne).toBeGreaterThan(0);
  for (const m of migrations.slice(0, thisOne)) await runMigration(client, m);
  await client.exec(`
    insert into users (id, email, email_verified, name) values
      ('admin', 'coach@gym.example', true, 'Coach'), ('burn', 'burn@example.com', true, ''),
      ('talker', 'talker@example.com', true, ''), ('daily', 'daily@example.com', true, '');
    insert into profiles (user_id, first_name, last_name) values ('admin', 'Sam', 'Rivera');
    insert into user_roles (user_id, role) values ('admin', 'admin');
    insert into subscribers (user_id, email, subscribed, subscription_tier, is_trial) values
      ('burn', 'burn@example.com', true, '1-on-1 Burn', false),
      ('daily', 'daily@example.com', true, 'The Daily Core', false);
    insert into discussion_topics (id, user_id, title) values ('00000000-0000-4000-8000-000000000001', 'talker', 'Old topic');
    insert into discussion_messages (topic_id, user_id, message, is_coach_reply) values
      ('00000000-0000-4000-8000-000000000001', 'talker', 'Hi', false),
      ('00000000-0000-4000-8000-000000000001', 'admin', 'Hello', true);
  `);
  const messagesBefore = await client.rows(
    'select id, user_id, message from discussion_messages order by id',
  );
  await runMigration(client, migrations[thisOne]!);

  expect(await client.rows('select user_id, role from user_roles order by role')).toEqual([
    { user_id: 'admin', role: 'coach' },
    { user_id: 'admin', role: 'owner' },
  ]);
  expect(await client.rows('select user_id, name, seats from coach_profiles')).toEqual([
    { user_id: 'admin', name: 'Sam Rivera', seats: 100 },
  ]);
  expect(await client.rows('select user_id, coach_id from coach_assignments order by user_id')).toEqual([
    { user_id: 'burn', coach_id: 'admin' },
    { user_id: 'talker', coach_id: 'admin' },
  ]);
  expect(await client.rows('select id, user_id, message from discussion_messages order by id')).toEqual(
    messagesBefore,
  );
  // The old role is gone for good: the check refuses it.
  await expect(
    client.exec("insert into user_roles (user_id, role) values ('daily', 'admin')"),
  ).rejects.toThrow();
});
