import type { ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runningEmbeddedPostgres } from '../../platform/db/embedded.ts';
import { serverPort } from '../../testing/ports.ts';
import { removeServerProcess, startServerProcess } from '../../testing/server-process.ts';

// SIGKILL the real server (on its embedded PostgreSQL) while members pay demo
// checkouts, several submits each, then restart it. Every checkout must be either paid and
// complete, with one subscription, one invoice, one card and its member subscribed, or untouched.

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../..');
const ROUNDS = 6;
const CHECKOUTS_PER_ROUND = 6;
const PASSWORD = 'Core#2026strong';

let dataDir = '';
let port = 0;
let base = '';
let child: ChildProcess | null = null;

type Checkout = { email: string; cookie: string; id: string; userId: string };

describe.skipIf(Boolean(process.env.TEST_DATABASE_URL))('paying a checkout through SIGKILLs', () => {
  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'core28-pay-crash-'));
    port = await serverPort();
    base = `http://127.0.0.1:${port}`;
    await startServer();
  }, 120_000);

  afterAll(() => removeServerProcess(child, dataDir));

  it(`leaves each checkout paid and complete, or untouched, over ${ROUNDS} SIGKILLs`, async () => {
    const all: Checkout[] = [];
    let member = 0;
    let paid = 0;
    for (let round = 1; round <= ROUNDS; round++) {
      const checkouts = await Promise.all(
        Array.from({ length: CHECKOUTS_PER_ROUND }, () => openCheckout(`pay-crash-${member++}@example.com`)),
      );
      all.push(...checkouts);
      // Three submits of each checkout at once (a double click and a retry), cut off by the kill.
      const submits = checkouts.flatMap((checkout) =>
        [0, 1, 2].map(() =>
          fetch(`${base}/demo-pay/checkout/${checkout.id}`, {
            method: 'POST',
            headers: { 'content-type': 'application/x-www-form-urlencoded', origin: base },
            body: new URLSearchParams({ number: '4242424242424242', expiry: '12/40', cvc: '123' }),
            redirect: 'manual',
          }).catch(() => null),
        ),
      );
      // Killed once the first payment has gone through, while the others are on their way.
      await Promise.race([Promise.race(submits), sleep(10_000)]);
      await sleep(Math.random() * 20);
      child!.kill('SIGKILL');
      await once(child!, 'exit');
      await Promise.all(submits);
      await startServer();
      paid = await verify(all);
    }
    await stopServer();
    console.info(
      `pay crash: ${paid} of ${all.length} checkouts paid, the rest untouched, over ${ROUNDS} SIGKILLs`,
    );
    expect(paid, 'the kills landed after payments had started to go through').toBeGreaterThan(0);
  }, 300_000);
});

/** Every checkout so far: paid and complete with everything it implies, or nothing at all. */
async function verify(checkouts: Checkout[]) {
  let paidCount = 0;
  const running = await runningEmbeddedPostgres(dataDir);
  const client = new pg.Client({ connectionString: running!.url });
  await client.connect();
  try {
    for (const checkout of checkouts) {
      const { rows } = await client.query(
        `select c.data->>'subscriptionId' as subscription_id,
           (select count(*) from demo_provider_objects o where o.customer_id = c.customer_id and o.kind = 'subscription')::int as subscriptions,
           (select count(*) from demo_provider_objects o where o.customer_id = c.customer_id and o.kind = 'invoice')::int as invoices,
           (select count(*) from demo_provider_objects o where o.customer_id = c.customer_id and o.kind = 'payment_method')::int as cards,
           (select s.provider_subscription_id from subscribers s where s.user_id = $2 and s.subscribed) as member_subscription
         from demo_provider_objects c where c.id = $1 and c.kind = 'checkout_session'`,
        [checkout.id, checkout.userId],
      );
      const row = rows[0];
      const paid = { subscriptions: 1, invoices: 1, cards: 1, member_subscription: row.subscription_id };
      const untouched = {
        subscription_id: null,
        subscriptions: 0,
        invoices: 0,
        cards: 0,
        member_subscription: null,
      };
      if (row.subscription_id) paidCount++;
      if (row.subscription_id) expect(row, `${checkout.email}: a paid checkout`).toMatchObject(paid);
      else expect(row, `${checkout.email}: an unpaid checkout`).toMatchObject(untouched);
    }
  } finally {
    await client.end();
  }
  return paidCount;
}

async function openCheckout(email: string): Promise<Checkout> {
  const post = (url: string, body: unknown, cookie = '') =>
    fetch(base + url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: base, cookie },
      body: JSON.stringify(body),
    });
  expect((await post('/api/auth/sign-up/email', { email, password: PASSWORD, name: '' })).status).toBe(200);
  let mail: { meta: { url: string } } | undefined;
  for (let tries = 0; tries < 50 && !mail; tries++) {
    [mail] = (await (await fetch(`${base}/dev/mail.json?to=${email}`)).json()) as { meta: { url: string } }[];
    if (!mail) await sleep(100);
  }
  const link = new URL(mail!.meta.url);
  const verified = await fetch(base + link.pathname + link.search, { redirect: 'manual' });
  const cookie = verified.headers
    .getSetCookie()
    .map((line) => line.split(';')[0])
    .join('; ');
  const me = (await (await fetch(`${base}/api/me`, { headers: { cookie } })).json()) as {
    user: { id: string };
  };
  const res = await post('/api/subscription/checkout', { plan: 'daily-core-monthly' }, cookie);
  expect(res.status).toBe(200);
  const { url } = (await res.json()) as { url: string };
  return { email, cookie, id: url.split('/').at(-1)!, userId: me.user.id };
}

async function startServer() {
  child = await startServerProcess({ root: ROOT, dataDir, port });
}

async function stopServer() {
  child!.kill('SIGTERM');
  await once(child!, 'exit');
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
