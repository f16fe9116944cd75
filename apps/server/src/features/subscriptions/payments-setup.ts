import { afterAll, beforeAll, expect } from 'vitest';
import type { DemoProvider } from '../../platform/payments/demo.ts';
import { createMember, createTestApp, json, type TestApp } from '../../testing/harness.ts';

// What the payment tests share: an app whose payments go to the demo provider, and a member who
// checks out and pays it. A test file calls setupPaymentsApp() once; `t` and `demo` are read
// inside its tests.

export let t: TestApp;
export let demo: DemoProvider;
export function setupPaymentsApp() {
  beforeAll(async () => {
    t = await createTestApp();
    demo = t.deps.payments as DemoProvider;
  });
  afterAll(() => t.close());
}

export const form = (fields: Record<string, string>) => new URLSearchParams(fields).toString();
const payForm = (number: string) => form({ number, expiry: '12/40', cvc: '123' });

export async function checkout(cookie: string, plan = 'daily-core-monthly') {
  const res = await t.request('/api/subscription/checkout', { cookie, json: { plan } });
  expect(res.status).toBe(200);
  const { url } = await json(res);
  return new URL(url).pathname;
}

export const pay = (path: string, number: string) =>
  t.app.request(path, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: payForm(number),
  });

export async function paidMember(plan = 'daily-core-monthly') {
  const member = await createMember(t, undefined, { plan: 'none' });
  const res = await pay(await checkout(member.cookie, plan), '4242 4242 4242 4242');
  expect(res.status).toBe(303);
  // biome-ignore lint/style/noNonNullAssertion: the 303 just checked always carries a location
  return { ...member, successUrl: res.headers.get('location')! };
}
