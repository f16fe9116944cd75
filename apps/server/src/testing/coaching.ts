import { expect } from 'vitest';
import { createMember, givePaidTier, type TestApp } from './harness.ts';

// The unread-mail schedule's queue, for other features' tests that run it (a feature's jobs.ts
// is not one of its doors).
export { UNREAD_MAIL_QUEUE } from '../features/coaching/jobs.ts';

// Coaching's test fixtures, shared by its test files: members on the tier, and their topics.

/** A confirmed member on 1-on-1 Burn, signed in. */
export async function burnMember(app: TestApp) {
  const member = await createMember(app);
  await givePaidTier(app, member, '1-on-1 Burn');
  return member;
}

/** A new topic of the member's, opened over the API. */
export async function openTopic(app: TestApp, cookie: string, title = 'Lower back after day 5') {
  const res = await app.client(cookie).coaching.topics.$post({ json: { title, description: '' } });
  expect(res.status).toBe(201);
  return (await res.json()).topic;
}
