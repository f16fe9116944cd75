import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { expect } from 'vitest';
import { createMember, givePaidTier, json, signInAdmin, type TestApp } from '../../testing/harness.ts';
import { profiles } from '../db/schema.ts';

/**
 * Members with completions, results and wellness, a coaching topic with replies, an avatar: what
 * a backup must carry over. Returns the member who owns the topic and the avatar's storage key.
 */
export async function createData(t: TestApp) {
  let member!: Awaited<ReturnType<typeof createMember>>;
  const coach = await signInAdmin(t);
  for (let i = 0; i < 3; i++) {
    const m = await createMember(t);
    const registered = new Date(Date.now() - (10 + i) * 86_400_000);
    await t.db.update(profiles).set({ registrationDate: registered }).where(eq(profiles.userId, m.userId));
    for (let day = 1; day <= 6 + i; day++) {
      expect((await t.request('/api/program/complete', { cookie: m.cookie, json: { day } })).status).toBe(
        200,
      );
      const result = { day, totalSeconds: 300 + day * 7 + i, reps: 40 + day };
      expect(
        (await t.request('/api/program/results', { method: 'PUT', cookie: m.cookie, json: result })).status,
      ).toBe(200);
    }
    const wellness = { day: 11 + i, feeling: 4, energy: 2 + i };
    expect(
      (await t.request('/api/program/wellness', { method: 'PUT', cookie: m.cookie, json: wellness })).status,
    ).toBe(200);
    if (i === 0) member = m;
  }

  await givePaidTier(t, member, '1-on-1 Burn');
  const topic = await json(
    await t.request('/api/coaching/topics', {
      cookie: member.cookie,
      json: { title: 'Lower back', description: '' },
    }),
  );
  for (const message of ['Day 3 hurts a bit', 'Is that normal? ✓ ünïcödé\ttab\\backslash']) {
    const res = await t.request(`/api/coaching/topics/${topic.topic.id}/messages`, {
      cookie: member.cookie,
      json: { message },
    });
    expect(res.status).toBe(201);
  }
  const reply = await t.request(`/api/admin/coaching/topics/${topic.topic.id}/replies`, {
    cookie: coach,
    json: { message: 'Yes, go easy on planks.\nNew line too.' },
  });
  expect(reply.status).toBe(201);

  const png = await sharp({ create: { width: 300, height: 200, channels: 3, background: '#3a6' } })
    .png()
    .toBuffer();
  const form = new FormData();
  form.set('file', new File([new Uint8Array(png)], 'me.png', { type: 'image/png' }));
  const upload = await t.app.request('/api/profile/avatar', {
    method: 'POST',
    body: form,
    headers: { cookie: member.cookie },
  });
  expect(upload.status).toBe(200);
  const avatarKey: string = (await json(upload)).profile.avatarUrl;
  return { member, avatarKey };
}
