import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { coachProfiles, staffInvitations, userRoles } from '../../platform/db/schema.ts';
import {
  cookieFrom,
  createMember,
  createTestApp,
  json,
  STRONG_PASSWORD,
  signInAdmin,
  type TestApp,
} from '../../testing/harness.ts';
import { auditRows } from '../../testing/team.ts';

// Joining the team by invitation: a single-use, expiring link for one address.
let t: TestApp;
let owner: string;
beforeAll(async () => {
  t = await createTestApp();
  owner = await signInAdmin(t);
});
afterAll(() => t.close());

/** Invites the address and answers the token from the mail's link. */
async function invite(email: string, roles = ['coach']) {
  const res = await t.request('/api/admin/team/invitations', { cookie: owner, json: { email, roles } });
  expect(res.status).toBe(201);
  const mail = await t.lastMail(email);
  expect(mail?.subject).toBe('You are invited to the Core28 team');
  const url = new URL(mail!.meta.url!);
  expect(url.pathname).toBe('/team/join');
  return { token: url.searchParams.get('token')!, invitation: (await json(res)).invitation };
}

const accept = (cookie: string | undefined, token: string) =>
  t.request('/api/team/invitations/accept', { cookie, json: { token } });
const rolesOf = async (userId: string) =>
  (await t.db.select().from(userRoles).where(eq(userRoles.userId, userId))).map((r) => r.role).sort();

describe('an invitation', () => {
  it('keeps only the hash of its token, and an existing member accepts it once', async () => {
    const member = await createMember(t, 'dana@example.com', { plan: 'none' });
    const { token, invitation } = await invite('Dana@Example.com', ['coach', 'support']);
    const [row] = await t.db.select().from(staffInvitations).where(eq(staffInvitations.id, invitation.id));
    expect(row!.tokenHash).toBe(createHash('sha256').update(token).digest('hex'));
    expect(JSON.stringify(row)).not.toContain(token);

    const listed = await json(await t.request('/api/admin/team', { cookie: owner }));
    expect(listed.invitations.map((i: { email: string }) => i.email)).toContain('dana@example.com');

    expect((await accept(undefined, token)).status).toBe(401);
    const res = await accept(member.cookie, token);
    expect(res.status).toBe(200);
    expect(await rolesOf(member.userId)).toEqual(['coach', 'support']);
    const [profile] = await t.db.select().from(coachProfiles).where(eq(coachProfiles.userId, member.userId));
    expect(profile).toMatchObject({ seats: 0 });
    const [audit] = await auditRows(t, 1);
    expect(audit).toMatchObject({
      action: 'team.invitation.accepted',
      actorId: member.userId,
      objectId: invitation.id,
    });
    expect(audit!.detail).toMatchObject({ roles: ['coach', 'support'] });

    const again = await accept(member.cookie, token);
    expect(again.status).toBe(400);
    expect((await json(again)).error.message).toMatch(/already been used/);
    const preview = await json(
      await t.request(`/api/team/invitations/preview?token=${encodeURIComponent(token)}`),
    );
    expect(preview).toEqual({ email: 'dana@example.com', roles: ['coach', 'support'], state: 'accepted' });
  });

  it('is for its address only: another account is refused and gets nothing', async () => {
    const other = await createMember(t, undefined, { plan: 'none' });
    const { token } = await invite('someone-else@example.com');
    const res = await accept(other.cookie, token);
    expect(res.status).toBe(403);
    expect((await json(res)).error.message).toMatch(/This invitation is for someone-else@example.com/);
    expect(await rolesOf(other.userId)).toEqual([]);
  });

  it('refuses an expired or revoked link', async () => {
    const member = await createMember(t, 'late@example.com', { plan: 'none' });
    const expired = await invite('late@example.com');
    await t.db
      .update(staffInvitations)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(staffInvitations.id, expired.invitation.id));
    const late = await accept(member.cookie, expired.token);
    expect(late.status).toBe(400);
    expect((await json(late)).error.message).toMatch(/expired/);

    const revoked = await invite('late@example.com');
    const revoke = await t.request(`/api/admin/team/invitations/${revoked.invitation.id}`, {
      method: 'DELETE',
      cookie: owner,
    });
    expect(revoke.status).toBe(200);
    const [audit] = await auditRows(t, 1);
    expect(audit!.action).toBe('DELETE /api/admin/team/invitations/:id');
    const refused = await accept(member.cookie, revoked.token);
    expect(refused.status).toBe(400);
    expect((await json(refused)).error.message).toMatch(/withdrawn/);
    expect(await rolesOf(member.userId)).toEqual([]);
    const open = (await json(await t.request('/api/admin/team', { cookie: owner }))).invitations;
    expect(open.map((i: { id: string }) => i.id)).not.toContain(revoked.invitation.id);
    expect((await accept(member.cookie, 'x'.repeat(43))).status).toBe(400);
  });

  it('a new person signs up with the invited address, then accepts', async () => {
    const { token } = await invite('newcoach@example.com', ['editor']);
    const preview = await json(
      await t.request(`/api/team/invitations/preview?token=${encodeURIComponent(token)}`),
    );
    expect(preview).toEqual({ email: 'newcoach@example.com', roles: ['editor'], state: 'open' });
    // Signed up but not yet confirmed: the address is not proven.
    const signUp = await t.request('/api/auth/sign-up/email', {
      json: { email: 'newcoach@example.com', password: STRONG_PASSWORD, name: 'New Coach' },
    });
    expect(signUp.status).toBe(200);
    const signIn = await t.request('/api/auth/sign-in/email', {
      json: { email: 'newcoach@example.com', password: STRONG_PASSWORD },
    });
    if (signIn.status === 200) expect((await accept(cookieFrom(signIn), token)).status).toBe(403);
    const confirm = new URL((await t.lastMail('newcoach@example.com'))!.meta.url!);
    const cookie = cookieFrom(await t.request(confirm.pathname + confirm.search));
    expect((await accept(cookie, token)).status).toBe(200);
    const me = await json(await t.request('/api/me', { cookie }));
    expect(me.staff.roles).toEqual(['editor']);
  });

  it('only the owner invites', async () => {
    const member = await createMember(t);
    const res = await t.request('/api/admin/team/invitations', {
      cookie: member.cookie,
      json: { email: 'x@example.com', roles: ['coach'] },
    });
    expect(res.status).toBe(403);
    const owned = await t.request('/api/admin/team/invitations', {
      cookie: owner,
      json: { email: 'x@example.com', roles: ['owner'] },
    });
    expect(owned.status).toBe(400);
  });
});
