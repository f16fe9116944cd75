import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, json, type TestApp } from '../../testing/harness.ts';
import { staffMember } from '../../testing/team.ts';

// Saved replies: a coach's own and the team's shared ones; only the author changes one.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const replies = async (cookie: string) =>
  json(await t.request('/api/admin/coaching/saved-replies', { cookie }));
const save = async (cookie: string, body: { title: string; body: string; shared?: boolean }) =>
  json(await t.request('/api/admin/coaching/saved-replies', { cookie, json: body }));

describe('saved replies of a team', () => {
  it('a coach sees their own and the shared ones of others; only the author edits or deletes', async () => {
    const ann = await staffMember(t);
    const bob = await staffMember(t);
    const shared = (await save(ann.cookie, { title: 'Welcome', body: 'Hi {firstName}', shared: true })).reply;
    const own = (await save(ann.cookie, { title: 'Private', body: 'Only mine' })).reply;
    expect(shared).toMatchObject({ shared: true, isOwn: true });
    expect(own).toMatchObject({ shared: false, isOwn: true });

    const seenByBob = (await replies(bob.cookie)).replies;
    expect(seenByBob.map((r: { title: string }) => r.title)).toEqual(['Welcome']);
    expect(seenByBob[0]).toMatchObject({ shared: true, isOwn: false });

    const edit = await t.request(`/api/admin/coaching/saved-replies/${shared.id}`, {
      method: 'PUT',
      cookie: bob.cookie,
      json: { title: 'Hijacked', body: 'x' },
    });
    expect(edit.status).toBe(404);
    const remove = await t.request(`/api/admin/coaching/saved-replies/${shared.id}`, {
      method: 'DELETE',
      cookie: bob.cookie,
    });
    expect(remove.status).toBe(404);

    // The author stops sharing it: Bob sees it no more.
    const unshare = await t.request(`/api/admin/coaching/saved-replies/${shared.id}`, {
      method: 'PUT',
      cookie: ann.cookie,
      json: { title: 'Welcome', body: 'Hi {firstName}', shared: false },
    });
    expect(unshare.status).toBe(200);
    expect((await replies(bob.cookie)).replies).toEqual([]);
    expect((await replies(ann.cookie)).replies.map((r: { title: string }) => r.title)).toEqual([
      'Private',
      'Welcome',
    ]);
  });
});
