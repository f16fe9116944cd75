import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  discussionMessages,
  discussionTopics,
  profiles,
  userRoles,
  users,
  workoutCompletions,
} from '../../platform/db/schema.ts';
import { burnMember, openTopic } from '../../testing/coaching.ts';
import { createMember, createTestApp, json, signInAdmin, type TestApp } from '../../testing/harness.ts';

let t: TestApp;
let clockOffsetMs = 0;
beforeAll(async () => {
  t = await createTestApp({ now: () => new Date(Date.now() + clockOffsetMs) });
});
afterAll(() => t.close());

const completion = {
  firstName: 'Ada',
  lastName: 'Lovelace',
  age: 36,
  gender: 'female',
  country: 'GB',
  fitnessLevel: 'beginner',
  goals: ['Improve posture'],
  termsAccepted: true,
};

const upload = (cookie: string, bytes: Buffer, name: string, type: string) => {
  const form = new FormData();
  form.set('file', new File([new Uint8Array(bytes)], name, { type }));
  return t.app.request('/api/profile/avatar', { method: 'POST', body: form, headers: { cookie } });
};

describe('profile', () => {
  it('refuses visitors with the spec message', async () => {
    for (const [method, p] of [
      ['GET', '/api/profile'],
      ['PATCH', '/api/profile'],
      ['POST', '/api/profile/complete'],
    ] as const) {
      const res = await t.request(p, { method, json: method === 'GET' ? undefined : {} });
      expect(res.status).toBe(401);
      expect((await json(res)).error.message).toBe('No user logged in');
    }
  });

  it('completes the profile with every rule checked by the server', async () => {
    const member = await createMember(t);
    const post = (body: unknown) => t.request('/api/profile/complete', { json: body, cookie: member.cookie });
    for (const field of ['firstName', 'lastName', 'age', 'gender', 'country', 'fitnessLevel']) {
      const res = await post({ ...completion, [field]: '' });
      expect(res.status, field).toBe(400);
      expect((await json(res)).error.message).toBe('Please fill in all required fields');
    }
    const noTerms = await post({ ...completion, termsAccepted: false });
    expect((await json(noTerms)).error.message).toBe('Please accept the terms and conditions');
    expect((await json(await post({ ...completion, age: 101 }))).error.message).toBe(
      'Age must be between 13 and 100',
    );

    const res = await post({ ...completion, age: '36' });
    expect(res.status).toBe(200);
    const body = await json(res);
    expect(body.profile).toMatchObject({
      firstName: 'Ada',
      age: 36,
      country: 'GB',
      goals: ['Improve posture'],
    });
    expect(body.stats).toEqual({ totalWorkouts: 0, currentStreak: 0, currentDay: 1, progressPercentage: 0 });
  });

  it('keeps the reminder chosen at completion: the time, and the switch on or off', async () => {
    const notifications = async (cookie: string) => json(await t.request('/api/notifications', { cookie }));
    const off = await createMember(t);
    const res = await t.request('/api/profile/complete', {
      cookie: off.cookie,
      json: { ...completion, workoutReminder: false, reminderTime: '06:15' },
    });
    expect(res.status).toBe(200);
    const chosen = await notifications(off.cookie);
    expect(chosen.reminderTime).toBe('06:15');
    expect(chosen.email).toMatchObject({ 'workout-reminder': false, 'streak-at-risk': true });
    // Left as shown: on, at 07:00.
    const asShown = await createMember(t);
    await t.request('/api/profile/complete', { cookie: asShown.cookie, json: completion });
    expect(await notifications(asShown.cookie)).toMatchObject({
      reminderTime: '07:00',
      email: { 'workout-reminder': true },
    });
  });

  it('updates a partial profile and ignores fields a member may not set', async () => {
    const member = await createMember(t);
    const before = (await json(await t.request('/api/profile', { cookie: member.cookie }))).profile;
    const res = await t.request('/api/profile', {
      method: 'PATCH',
      cookie: member.cookie,
      json: {
        age: 120,
        gender: 'prefer_not_to_say',
        userId: 'someone-else',
        registrationDate: '2000-01-01',
        role: 'admin',
      },
    });
    expect(res.status).toBe(200);
    const after = (await json(res)).profile;
    expect(after).toMatchObject({ age: 120, gender: 'prefer-not-to-say', userId: member.userId });
    expect(after.registrationDate).toBe(before.registrationDate);
    expect(await t.db.select().from(userRoles).where(eq(userRoles.userId, member.userId))).toEqual([]);
    const tooOld = await t.request('/api/profile', {
      method: 'PATCH',
      cookie: member.cookie,
      json: { age: 121 },
    });
    expect(tooOld.status).toBe(400);
  });

  it("a member only ever sees their own profile; there is no route to another's", async () => {
    const a = await createMember(t);
    const b = await createMember(t);
    expect((await t.request(`/api/profile/${a.userId}`, { cookie: b.cookie })).status).toBe(404);
    expect((await json(await t.request('/api/profile', { cookie: b.cookie }))).profile.userId).toBe(b.userId);
  });
});

describe('avatar', () => {
  // The header's avatar showed only an initial, whatever photo the member had uploaded.
  it('/api/me carries the signed avatar link the header shows, and none before an upload', async () => {
    const member = await createMember(t);
    expect((await json(await t.request('/api/me', { cookie: member.cookie }))).avatar).toBeNull();
    const png = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#1d4ed8' } })
      .png()
      .toBuffer();
    expect((await upload(member.cookie, png, 'me.png', 'image/png')).status).toBe(200);
    const me = await json(await t.request('/api/me', { cookie: member.cookie }));
    expect(me.avatar.url).toMatch(/^\/api\/files\/avatars\/.+\?expires=\d+&signature=/);
    const image = await t.request(me.avatar.url);
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toBe('image/webp');
  });

  const pngWithGps = () =>
    sharp({ create: { width: 800, height: 600, channels: 3, background: '#c33' } })
      .withExif({
        IFD0: { Make: 'SpyCam', Model: 'X1' },
        IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '51/1 30/1 0/1' },
      })
      .png()
      .toBuffer();

  it('accepts a real PNG, re-encodes it to a 512px WebP without EXIF, and shows it through a signed link', async () => {
    const member = await createMember(t);
    const original = await pngWithGps();
    expect((await sharp(original).metadata()).exif).toBeDefined();
    const res = await upload(member.cookie, original, 'me.png', 'image/png');
    expect(res.status).toBe(200);
    const body = await json(res);
    expect(body.profile.avatarUrl).toBe(`avatars/${member.userId}/avatar.webp`);
    expect(body.avatar.url).toMatch(/^\/api\/files\/avatars\/.+\?expires=\d+&signature=/);

    const image = await t.request(body.avatar.url);
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toBe('image/webp');
    const stored = Buffer.from(await image.arrayBuffer());
    const meta = await sharp(stored).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: 512, height: 512 });
    expect(meta.exif).toBeUndefined();
  });

  it('refuses a file over 5 MB with 413', async () => {
    const member = await createMember(t);
    const res = await upload(member.cookie, Buffer.alloc(6 * 1024 * 1024, 1), 'big.png', 'image/png');
    expect(res.status).toBe(413);
    expect((await json(res)).error.message).toBe('File too large: Please select an image smaller than 5MB');
  });

  it('refuses a text file named .png and an SVG with 415, whatever their declared type', async () => {
    const member = await createMember(t);
    const text = await upload(
      member.cookie,
      Buffer.from('just some text, honestly'),
      'photo.png',
      'image/png',
    );
    expect(text.status).toBe(415);
    expect((await json(text)).error.message).toMatch(/^Invalid file type/);
    const svg = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>',
    );
    expect((await upload(member.cookie, svg, 'a.svg', 'image/svg+xml')).status).toBe(415);
    const [profile] = await t.db.select().from(profiles).where(eq(profiles.userId, member.userId));
    expect(profile?.avatarUrl).toBeNull();
  });

  it('refuses a tampered or expired signed link with 403', async () => {
    const member = await createMember(t);
    const body = await json(await upload(member.cookie, await pngWithGps(), 'me.png', 'image/png'));
    const url = new URL(body.avatar.url, 'http://x');
    const otherKey = `/api/files/avatars/someone-else/avatar.webp${url.search}`;
    expect((await t.request(otherKey)).status).toBe(403);
    url.searchParams.set('expires', String(Number(url.searchParams.get('expires')) + 3600));
    expect((await t.request(url.pathname + url.search)).status).toBe(403);
    // A traversal never reaches the file system: normalised away (404) or refused (403).
    const traversal = await t.request(
      '/api/files/avatars/%2E%2E/%2E%2E/etc/passwd?expires=9999999999&signature=x',
    );
    expect([403, 404]).toContain(traversal.status);

    clockOffsetMs = -2 * 3600_000; // a link made two hours ago has expired by now
    const old = await json(await t.request('/api/profile', { cookie: member.cookie })).finally(() => {
      clockOffsetMs = 0;
    });
    expect((await t.request(old.avatar.url)).status).toBe(403);
  });
});

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

  it('the last admin cannot delete their account', async () => {
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
    expect((await json(res)).error.message).toBe('The last admin cannot delete their account.');
  });
});
