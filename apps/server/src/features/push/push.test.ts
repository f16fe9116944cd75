import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import webpush from 'web-push';
import { pushSubscriptions } from '../../platform/db/schema.ts';
import { createWebPush } from '../../platform/push/push.ts';
import { readOrCreateVapidKeys, VAPID_KEYS_FILE } from '../../platform/push/vapid-keys.ts';
import { createMember, createTestApp, json, type TestApp } from '../../testing/harness.ts';
import { startPushService } from '../../testing/push-service.ts';
import { sendPush } from './service.ts';

// Web Push through web-push, against a local push service that decrypts what it gets.

let t: TestApp;
let service: Awaited<ReturnType<typeof startPushService>>;
const KEYS = webpush.generateVAPIDKeys();

beforeAll(async () => {
  service = await startPushService();
  const push = createWebPush({
    keys: KEYS,
    subject: 'mailto:support@core28.app',
    extraHosts: [service.host],
    agent: service.agent,
  });
  t = await createTestApp({ push });
});
afterAll(async () => {
  await t.close();
  await service.close();
});

const subscribe = (cookie: string, body: unknown) =>
  t.request('/api/push/subscriptions', { cookie, json: body });
const rowsOf = (userId: string) =>
  t.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, userId));

describe('push subscriptions', () => {
  it('gives the VAPID public key to members only', async () => {
    const member = await createMember(t);
    expect(await json(await t.request('/api/push/key', { cookie: member.cookie }))).toEqual({
      publicKey: KEYS.publicKey,
    });
    expect((await t.request('/api/push/key')).status).toBe(401);
  });

  it('lists the member’s devices without their endpoints, and removes one of them, never another member’s', async () => {
    const [a, b] = [await createMember(t), await createMember(t)];
    for (let i = 0; i < 2; i++) await subscribe(a.cookie, service.subscribe());
    const listed = await json(await t.request('/api/push/devices', { cookie: a.cookie }));
    expect(listed.devices).toHaveLength(2);
    expect(listed.devices[0]).toEqual({
      id: expect.any(Number),
      host: service.host,
      endpointKey: expect.stringMatching(/^[0-9a-f]{16}$/),
      createdAt: expect.any(String),
    });
    // The key a browser computes from its own endpoint (Web Crypto's SHA-256, as the web does).
    const [stored] = await rowsOf(a.userId);
    const digest = new Uint8Array(
      await crypto.subtle.digest('SHA-256', new TextEncoder().encode(stored!.endpoint)),
    );
    const keys = listed.devices.map((d: { endpointKey: string }) => d.endpointKey);
    expect(keys).toContain(Buffer.from(digest.slice(0, 8)).toString('hex'));
    expect(JSON.stringify(listed)).not.toContain('/push/'); // no endpoint path, no keys
    const [first, second] = listed.devices;
    // B names A's device: nothing changes, and B is told of B's own devices only.
    const byB = await t.request(`/api/push/devices/${first.id}/remove`, { cookie: b.cookie, json: {} });
    expect(await json(byB)).toEqual({ devices: [] });
    expect(await rowsOf(a.userId)).toHaveLength(2);
    const byA = await json(
      await t.request(`/api/push/devices/${first.id}/remove`, { cookie: a.cookie, json: {} }),
    );
    expect(byA.devices).toEqual([second]);
    expect(
      (await t.request('/api/push/devices/not-a-device/remove', { cookie: a.cookie, json: {} })).status,
    ).toBe(400);
  });

  it('turns push on and off for a browser; another member subscribing it takes it over', async () => {
    const [a, b] = [await createMember(t), await createMember(t)];
    const browser = service.subscribe();
    expect(await json(await subscribe(a.cookie, browser))).toEqual({ isSubscribed: true });
    expect(await json(await subscribe(a.cookie, browser))).toEqual({ isSubscribed: true });
    expect(await rowsOf(a.userId)).toHaveLength(1);
    // B cannot turn off A's browser
    const remove = (cookie: string) =>
      t.request('/api/push/subscriptions/remove', { cookie, json: { endpoint: browser.endpoint } });
    await remove(b.cookie);
    expect(await rowsOf(a.userId)).toHaveLength(1);
    // B signed in on the same browser and turned push on: it is B's now
    await subscribe(b.cookie, browser);
    expect([(await rowsOf(a.userId)).length, (await rowsOf(b.userId)).length]).toEqual([0, 1]);
    expect(await json(await remove(b.cookie))).toEqual({ isSubscribed: false });
    expect(await rowsOf(b.userId)).toEqual([]);
  });

  it("refuses what is not a browser's push service, and bad keys, with a clear 400", async () => {
    const member = await createMember(t);
    const browser = service.subscribe();
    const cases: [unknown, string][] = [
      [
        { ...browser, endpoint: 'https://internal.example/admin' },
        "The endpoint is not a browser's push service",
      ],
      [{ ...browser, endpoint: `http://${service.host}/push/x` }, 'The endpoint must be an https URL'],
      [{ ...browser, keys: { p256dh: 'short', auth: browser.keys.auth } }, 'p256dh is too short'],
      [{ endpoint: browser.endpoint }, 'keys with p256dh and auth are required'],
    ];
    for (const [body, message] of cases) {
      const res = await subscribe(member.cookie, body);
      expect(res.status).toBe(400);
      expect((await json(res)).error.message).toBe(message);
    }
    expect(await rowsOf(member.userId)).toEqual([]);
  });
});

describe('a member’s devices', () => {
  it('keeps at most 10: an 11th replaces the oldest; a browser taken over counts as the newest', async () => {
    const [member, other] = [await createMember(t), await createMember(t)];
    const shared = service.subscribe();
    await subscribe(other.cookie, shared); // registered before all of the member's
    const browsers = Array.from({ length: 11 }, () => service.subscribe());
    for (const browser of browsers.slice(0, 10))
      expect((await subscribe(member.cookie, browser)).status).toBe(200);
    // one of them again: still 10, nothing dropped
    expect((await subscribe(member.cookie, browsers[0])).status).toBe(200);
    expect(await rowsOf(member.userId)).toHaveLength(10);
    const endpointsOf = async (userId: string) => new Set((await rowsOf(userId)).map((r) => r.endpoint));

    // the shared browser, signed in as the member now: theirs and kept, their oldest goes
    expect((await subscribe(member.cookie, shared)).status).toBe(200);
    expect(await endpointsOf(member.userId)).toEqual(
      new Set([...browsers.slice(1, 10), shared].map((b) => b.endpoint)),
    );
    expect(await rowsOf(other.userId)).toEqual([]);
    expect((await subscribe(member.cookie, browsers[10])).status).toBe(200);
    expect(await endpointsOf(member.userId)).toEqual(
      new Set([...browsers.slice(2, 11), shared].map((b) => b.endpoint)),
    );
  });

  it('accepts a push service only over https on port 443', async () => {
    const member = await createMember(t);
    const { keys } = service.subscribe();
    const at = (endpoint: string) => subscribe(member.cookie, { endpoint, keys });
    for (const endpoint of [
      'https://fcm.googleapis.com:8443/fcm/send/a',
      'https://updates.push.services.mozilla.com:80/wpush/v2/b',
      'https://user:secret@fcm.googleapis.com/fcm/send/c',
    ]) {
      const res = await at(endpoint);
      expect(res.status, endpoint).toBe(400);
      expect((await json(res)).error.message).toBe("The endpoint is not a browser's push service");
    }
    expect(await rowsOf(member.userId)).toEqual([]);
    expect((await at('https://fcm.googleapis.com/fcm/send/d')).status).toBe(200);
    expect((await at('https://fcm.googleapis.com:443/fcm/send/e')).status).toBe(200);
    expect(await rowsOf(member.userId)).toHaveLength(2);
  });
});

describe('sendPush', () => {
  it('sends an encrypted notification to each of the member’s browsers and forgets a gone one', async () => {
    const member = await createMember(t);
    const [phone, laptop] = [service.subscribe(), service.subscribe()];
    await subscribe(member.cookie, phone);
    await subscribe(member.cookie, laptop);
    const message = { title: 'Day 5 is ready', body: 'Your core is waiting.', url: '/program' };
    const before = service.received.length;
    expect(await sendPush(t.deps, { userId: member.userId, ...message })).toEqual({
      sent: 2,
      removed: 0,
      failed: 0,
    });
    const got = service.received.slice(before);
    expect(got.map((r) => r.message)).toEqual([message, message]);
    expect(new Set(got.map((r) => r.path))).toEqual(
      new Set([new URL(phone.endpoint).pathname, new URL(laptop.endpoint).pathname]),
    );
    expect(got[0]?.authorization).toContain(`k=${KEYS.publicKey}`);

    service.expire(laptop.endpoint);
    expect(await sendPush(t.deps, { userId: member.userId, ...message })).toEqual({
      sent: 1,
      removed: 1,
      failed: 0,
    });
    expect((await rowsOf(member.userId)).map((r) => r.endpoint)).toEqual([phone.endpoint]);

    // A service that answers 404 for an expired subscription: forgotten the same way.
    service.expire(phone.endpoint, 404);
    expect(await sendPush(t.deps, { userId: member.userId, ...message })).toEqual({
      sent: 0,
      removed: 1,
      failed: 0,
    });
    expect(await rowsOf(member.userId)).toEqual([]);
  });
});

describe('VAPID keys', () => {
  it('are generated into DATA_DIR once (mode 0600) and reused', () => {
    const dir = t.deps.config.dataDir;
    const keys = readOrCreateVapidKeys(dir);
    expect(readOrCreateVapidKeys(dir)).toEqual(keys);
    const file = path.join(dir, VAPID_KEYS_FILE);
    expect(existsSync(file)).toBe(true);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual(keys);
    expect(keys.publicKey).toMatch(/^[\w-]{87}$/);
  });
});
