import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  discussionMessages,
  discussionTopics,
  profiles,
  users,
  workoutCompletions,
} from '../../platform/db/schema.ts';
import { burnMember, openTopic } from '../../testing/coaching.ts';
import { createMember, createTestApp, json, signInAdmin, type TestApp } from '../../testing/harness.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const upload = (cookie: string, bytes: Buffer, name: string, type: string) => {
  const form = new FormData();
  form.set('file', new File([new Uint8Array(bytes)], name, { type }));
  return t.app.request('/api/profile/avatar', { method: 'POST', body: form, headers: { cookie } });
};

describe('my data', () => {
  it('exports exactly the member’s own rows', async () => {
    const a = await createMember(t);
    const b = await createMember(t);
    await t.db.insert(workoutCompletions).values([
      { userId: a.userId, dayNumber: 1 },
      { userId: b.userId, dayNumber: 1 },
      { userId: b.userId, dayNumber: 2 },
    ]);
    const res = await t.request('/api/profile/export', { cookie: a.cookie });
    expect(res.headers.get('content-disposition')).toContain('attachment');
    const data = await json(res);
    expect(data.account.email).toBe(a.email);
    expect(data.profile.userId).toBe(a.userId);
    expect(
      data.completedDays.map((c: { userId: string; dayNumber: number }) => [c.userId, c.dayNumber]),
    ).toEqual([[a.userId, 1]]);
  });

  it('exports the member’s devices and attachments but no bearer secret or storage key', async () => {
    const a = await createMember(t);
    const png = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#fff' } })
      .png()
      .toBuffer();
    expect((await upload(a.cookie, png, 'a.png', 'image/png')).status).toBe(200);
    const link = await json(await t.request('/api/calendar/link', { method: 'POST', cookie: a.cookie }));
    const calendarToken = new URL(link.url).pathname.split('/').at(-1)!.replace('.ics', '');
    const device = {
      endpoint: 'https://fcm.googleapis.com/fcm/send/device-secret-path',
      keys: { p256dh: `B${'p'.repeat(86)}`, auth: 'authsecretauthsecret12' },
    };
    expect((await t.request('/api/push/subscriptions', { cookie: a.cookie, json: device })).status).toBe(200);
    const [topic] = await t.db
      .insert(discussionTopics)
      .values({ userId: a.userId, title: 'Form check' })
      .returning();
    const attachmentKey = `coaching/${topic!.id}/stored-object.png`;
    await t.db.insert(discussionMessages).values({
      topicId: topic!.id,
      userId: a.userId,
      message: 'My plank',
      attachmentKey,
      attachmentType: 'image/png',
      attachmentSize: 1234,
    });

    const res = await t.request('/api/profile/export', { cookie: a.cookie });
    const text = await res.text();
    for (const secret of [
      calendarToken,
      'avatars/',
      attachmentKey,
      device.endpoint,
      'device-secret-path',
      device.keys.p256dh,
      device.keys.auth,
    ])
      expect(text, secret).not.toContain(secret);
    const data = JSON.parse(text);
    expect(data.profile).toMatchObject({ userId: a.userId, hasAvatar: true, hasCalendarLink: true });
    expect(data.profile).not.toHaveProperty('calendarToken');
    expect(data.profile).not.toHaveProperty('avatarUrl');
    expect(data.pushDevices).toEqual([{ host: 'fcm.googleapis.com', createdAt: expect.any(String) }]);
    expect(data.coaching[0].messages).toEqual([
      expect.objectContaining({ message: 'My plank', attachment: { type: 'image/png', size: 1234 } }),
    ]);
  });

  it('deletes the account, its rows and its avatar after the password, leaving others alone', async () => {
    const a = await createMember(t);
    const b = await createMember(t);
    await upload(
      a.cookie,
      await sharp({ create: { width: 64, height: 64, channels: 3, background: '#fff' } })
        .png()
        .toBuffer(),
      'a.png',
      'image/png',
    );
    await t.db.insert(workoutCompletions).values([
      { userId: a.userId, dayNumber: 1 },
      { userId: b.userId, dayNumber: 1 },
    ]);
    const avatarFile = path.resolve(t.config.dataDir, 'storage', `avatars/${a.userId}/avatar.webp`);
    expect(existsSync(avatarFile)).toBe(true);

    const wrong = await t.request('/api/profile/delete', {
      cookie: a.cookie,
      json: { password: 'Nope#1234' },
    });
    expect(wrong.status).toBe(400);
    const empty = await t.request('/api/profile/delete', { cookie: a.cookie, json: { password: '' } });
    expect(empty.status).toBe(400);
    const res = await t.request('/api/profile/delete', { cookie: a.cookie, json: { password: a.password } });
    expect(res.status).toBe(200);

    expect(await t.db.select().from(users).where(eq(users.id, a.userId))).toEqual([]);
    expect(await t.db.select().from(profiles).where(eq(profiles.userId, a.userId))).toEqual([]);
    expect(
      await t.db.select().from(workoutCompletions).where(eq(workoutCompletions.userId, a.userId)),
    ).toEqual([]);
    expect(existsSync(avatarFile)).toBe(false);
    expect(
      await t.db.select().from(workoutCompletions).where(eq(workoutCompletions.userId, b.userId)),
    ).toHaveLength(1);
    expect((await t.request('/api/profile', { cookie: a.cookie })).status).toBe(401);
  });

  it('deleting an account removes every file stored for it: avatar, and the photos and videos of its conversations', async () => {
    const member = await burnMember(t);
    const topic = await openTopic(t, member.cookie);
    const png = await sharp({ create: { width: 32, height: 32, channels: 3, background: '#3a6' } })
      .png()
      .toBuffer();
    await upload(member.cookie, png, 'me.png', 'image/png');
    const coach = await signInAdmin(t);
    for (const [base, cookie] of [
      ['/api/coaching', member.cookie],
      ['/api/admin/coaching', coach],
    ] as const) {
      const form = new FormData();
      form.set('file', new File([new Uint8Array(png)], 'photo.png', { type: 'image/png' }));
      const sent = await t.app.request(`${base}/topics/${topic.id}/attachments`, {
        method: 'POST',
        body: form,
        headers: { cookie },
      });
      expect(sent.status).toBe(201);
    }
    const storage = path.resolve(t.config.dataDir, 'storage');
    const filesOf = () =>
      readdirSync(storage, { recursive: true, withFileTypes: true })
        .filter((entry) => entry.isFile())
        .map((entry) => path.relative(storage, path.join(entry.parentPath, entry.name)))
        .filter((file) => file.includes(member.userId) || file.includes(topic.id));
    expect(filesOf()).toHaveLength(3);

    const res = await t.request('/api/profile/delete', {
      cookie: member.cookie,
      json: { password: member.password },
    });
    expect(res.status).toBe(200);
    expect(filesOf()).toEqual([]);
  });

  it('the owner cannot delete their account', async () => {
    const signIn = await t.request('/api/auth/sign-in/email', {
      json: { email: t.config.admin.email, password: t.config.admin.password },
    });
    const cookie = signIn.headers
      .getSetCookie()
      .map((line) => line.split(';')[0])
      .join('; ');
    const res = await t.request('/api/profile/delete', {
      cookie,
      json: { password: t.config.admin.password },
    });
    expect(res.status).toBe(409);
    expect((await json(res)).error.message).toBe('The owner cannot delete their account.');
  });
});
