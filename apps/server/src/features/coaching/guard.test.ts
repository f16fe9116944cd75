import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppEnv } from '../../context.ts';
import { onError } from '../../http/on-error.ts';
import { subscribers } from '../../platform/db/schema.ts';
import { cookieFrom, createMember, createTestApp, type TestApp } from '../../testing/harness.ts';
import { requireCoaching } from './guard.ts';

let t: TestApp;
let probe: Hono<AppEnv>;
beforeAll(async () => {
  t = await createTestApp();
  probe = new Hono<AppEnv>()
    .use(async (c, next) => {
      c.set('deps', t.deps);
      await next();
    })
    .get('/coaching', requireCoaching, (c) => c.text('ok'));
  probe.onError(onError);
});
afterAll(() => t.close());

const get = (cookie?: string) => probe.request('/coaching', { headers: cookie ? { cookie } : {} });

describe('requireCoaching', () => {
  it('refuses visitors (401), members without the tier and expired tiers (403); admits the tier and admins', async () => {
    expect((await get()).status).toBe(401);
    const daily = await createMember(t, undefined, { plan: 'none' });
    await t.db.insert(subscribers).values({
      userId: daily.userId,
      email: daily.email,
      subscribed: true,
      subscriptionTier: 'The Daily Core',
    });
    expect((await get(daily.cookie)).status).toBe(403);

    const burn = await createMember(t, undefined, { plan: 'none' });
    await t.db
      .insert(subscribers)
      .values({ userId: burn.userId, email: burn.email, subscribed: true, subscriptionTier: '1-on-1 Burn' });
    expect((await get(burn.cookie)).status).toBe(200);

    const lapsed = await createMember(t, undefined, { plan: 'none' });
    await t.db.insert(subscribers).values({
      userId: lapsed.userId,
      email: lapsed.email,
      subscribed: false,
      subscriptionTier: '1-on-1 Burn',
    });
    expect((await get(lapsed.cookie)).status).toBe(403);

    const admin = await t.request('/api/auth/sign-in/email', {
      json: { email: t.config.admin.email, password: t.config.admin.password },
    });
    expect((await get(cookieFrom(admin))).status).toBe(200);
  });
});
