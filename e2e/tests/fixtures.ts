import { randomUUID } from 'node:crypto';
import { test as base } from '@playwright/test';
import { ADMIN, paidMember, signInOverHttp, trialMember } from './helpers';

type Account = { email: string; name: string };

/**
 * Accounts made and signed in over HTTP inside the test's own browser context, so `page` is
 * theirs: a member on the free trial (as after the auth page's sign-up), a 1-on-1 Burn member and
 * the admin. Only the journeys about signing up or in go through those screens.
 */
export const test = base.extend<{ member: Account; burnMember: Account; admin: typeof ADMIN }>({
  member: async ({ context }, use) => {
    await use(await trialMember(context));
  },
  // A name of its own, so a retry does not meet what the failed try left behind.
  burnMember: async ({ context }, use) => {
    await use(await paidMember(context, 'burn-monthly', `Maya ${randomUUID().slice(0, 6)}`));
  },
  admin: async ({ context }, use) => {
    await use(await signInOverHttp(context, ADMIN));
  },
});

export { expect } from '@playwright/test';
