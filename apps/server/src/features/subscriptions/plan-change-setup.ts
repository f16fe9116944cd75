import type { CheckoutPlanId } from '@core28/core/plans';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect } from 'vitest';
import { subscribers } from '../../platform/db/schema.ts';
import type { DemoProvider } from '../../platform/payments/demo.ts';
import { createMember, createTestApp, json, type TestApp } from '../../testing/harness.ts';

// What the plan change tests share: an app on the test's clock (periods are crossed by moving it),
// a member who pays by the demo checkout, and reads of their subscription.

export let t: TestApp;
export let demo: DemoProvider;
export let clock = new Date('2026-04-01T00:00:00Z');
export const DAY = 86_400_000;
export const at = (iso: string) => {
  clock = new Date(iso);
};

/** The file's test app on the test's clock, which starts on 1 April 2026. */
export function setupPlanChangeApp() {
  beforeAll(async () => {
    clock = new Date('2026-04-01T00:00:00Z');
    t = await createTestApp({ now: () => clock });
    demo = t.deps.payments as DemoProvider;
  });
  afterAll(() => t.close());
}

export const form = (fields: Record<string, string>) => new URLSearchParams(fields).toString();
export const post = (path: string, fields: Record<string, string>) =>
  t.app.request(path, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: form(fields),
  });
export const card = { number: '4242 4242 4242 4242', expiry: '12/40', cvc: '123' };

export async function checkoutPath(cookie: string, plan: CheckoutPlanId) {
  const res = await t.client(cookie).subscription.checkout.$post({ json: { plan } });
  expect(res.status).toBe(200);
  return new URL((await res.json()).url).pathname;
}

export async function paidMember(plan: CheckoutPlanId = 'daily-core-monthly') {
  const member = await createMember(t);
  expect((await post(await checkoutPath(member.cookie, plan), card)).status).toBe(303);
  return member;
}

export const state = async (cookie: string) => (await t.client(cookie).subscription.$get()).json();
export const plan = async (cookie: string) => (await t.client(cookie).subscription.plan.$get()).json();
// Untyped: read for its error as well as for its invoices.
export const billing = async (cookie: string) =>
  json(await t.request('/api/subscription/billing', { cookie }));
export const rowOf = async (userId: string) =>
  // biome-ignore lint/style/noNonNullAssertion: asked only of members who have a row
  (await t.db.select().from(subscribers).where(eq(subscribers.userId, userId)))[0]!;
export const coaching = async (cookie: string) => (await t.client(cookie).coaching.topics.$get()).status;
