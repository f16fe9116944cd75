import { setTimeout as sleep } from 'node:timers/promises';
import { eq } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, STRONG_PASSWORD, type TestApp } from '../../testing/harness.ts';
import { makeRetriesDue, retryWaits, until } from '../../testing/jobs.ts';
import { startSmtpDouble } from '../../testing/smtp.ts';
import { mailOutbox } from '../db/schema.ts';
import { createSmtpMailer } from './mailer.ts';
import {
  enqueueMail,
  INTERRUPTED,
  MAIL_POLICY,
  MAIL_QUEUE,
  minimumRetrySpanSeconds,
  requeueStrandedMail,
} from './outbox.ts';

// Mail through the queue, against a local SMTP server speaking the protocol.

const log = pino({ level: 'silent' });
const FROM = 'Core28 <hello@core28.app>';
const contact = { name: 'Ann', email: 'ann@example.com', message: 'How long is each workout?' };

describe('mail with a relay that refuses the first attempts', () => {
  let smtp: Awaited<ReturnType<typeof startSmtpDouble>>;
  let t: TestApp;
  beforeAll(async () => {
    smtp = await startSmtpDouble();
    t = await createTestApp({ mailer: createSmtpMailer({ url: smtp.url, from: FROM, log }) });
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  it('keeps retrying with growing waits and delivers the mail once', async () => {
    smtp.state.refuseNext = 3;
    const email = 'refused@example.com';
    const signUp = await t.request('/api/auth/sign-up/email', {
      json: { email, password: STRONG_PASSWORD, name: '' },
    });
    expect(signUp.status).toBe(200);
    const waits: number[] = [];
    for (let attempt = 1; attempt <= 4; attempt++) {
      expect(await t.drainJobs()).toBe(1);
      if (attempt < 4) {
        expect(smtp.received).toHaveLength(0);
        waits.push(...(await retryWaits(t.database.executeSql, MAIL_QUEUE)));
        await makeRetriesDue(t.database.executeSql);
      }
    }
    expect(smtp.received).toHaveLength(1);
    expect(smtp.received[0]).toMatchObject({ from: 'hello@core28.app', to: [email] });
    expect(smtp.received[0]?.data).toContain('Subject: Confirm your Core28 account');
    const [row] = await t.db.select().from(mailOutbox).where(eq(mailOutbox.to, email));
    expect(row).toMatchObject({ attempts: 4, failedAt: null });
    expect(row?.sentAt).toBeInstanceOf(Date);
    expect(row?.lastError).toMatch(/Service not available/);
    // Exponential: 10-20 s, 20-40 s, 40-80 s (pg-boss adds up to 100 % jitter).
    waits.forEach((wait, i) => {
      expect(wait).toBeGreaterThan(10 * 2 ** i - 2);
      expect(wait).toBeLessThanOrEqual(10 * 2 ** (i + 1));
    });
    expect(await t.drainJobs()).toBe(0);
    expect(smtp.received).toHaveLength(1);
  });

  it('has attempts left for more than ten minutes of a relay that is down', () => {
    // The waits above follow MAIL_POLICY's doubling; its last attempt is this long after the first.
    expect(minimumRetrySpanSeconds()).toBeGreaterThan(10 * 60);
    expect(minimumRetrySpanSeconds(MAIL_POLICY)).toBe(10 * (2 ** 10 - 1));
  });

  it('records the final failure and its reason once no attempt is left', async () => {
    smtp.state.refuseNext = 100;
    await t.request('/api/contact', { json: contact });
    for (let attempt = 0; attempt <= MAIL_POLICY.retryLimit!; attempt++) {
      expect(await t.drainJobs()).toBe(1);
      await makeRetriesDue(t.database.executeSql);
    }
    expect(await t.drainJobs()).toBe(0);
    const [row] = await t.db.select().from(mailOutbox).where(eq(mailOutbox.to, t.config.contactEmail));
    expect(row).toMatchObject({ attempts: 11, sentAt: null });
    expect(row?.failedAt).toBeInstanceOf(Date);
    expect(row?.lastError).toMatch(/Service not available/);
    smtp.state.refuseNext = 0;
  });

  it('sends the contact mail with the member as Reply-To', async () => {
    await t.request('/api/contact', {
      json: { ...contact, email: 'reply.here@example.com' },
      from: '192.0.2.9',
    });
    await t.drainJobs();
    const mail = smtp.received.at(-1);
    expect(mail?.to).toEqual([t.config.contactEmail]);
    expect(mail?.data).toMatch(/^Reply-To: reply\.here@example\.com$/m);
  });
});

describe('mail with a relay that hangs', () => {
  it('answers the request at once; a worker sends the mail later', async () => {
    const smtp = await startSmtpDouble();
    // An inline send would wait the whole greeting timeout before answering.
    const timeouts = { connectionMs: 2_000, greetingMs: 2_000, socketMs: 5_000 };
    const t = await createTestApp({
      jobWorkers: true,
      mailer: createSmtpMailer({ url: smtp.url, from: FROM, log, timeouts }),
    });
    try {
      smtp.state.hangNext = 2;
      let started = performance.now();
      expect((await t.request('/api/contact', { json: contact })).status).toBe(200);
      expect(performance.now() - started).toBeLessThan(1_000);
      started = performance.now();
      const signUp = await t.request('/api/auth/sign-up/email', {
        json: { email: 'hung@example.com', password: STRONG_PASSWORD, name: '' },
      });
      expect(signUp.status).toBe(200);
      expect(performance.now() - started).toBeLessThan(1_000);
      // The background workers meet the silent relay, give up after the greeting timeout…
      await until(async () => {
        const rows = await t.db.select().from(mailOutbox);
        return rows.length === 2 && rows.every((row) => row.attempts === 1);
      }, 30_000);
      const [first] = await t.db.select().from(mailOutbox);
      expect(first?.lastError).toMatch(/greeting/i);
      await until(async () => (await retryWaits(t.database.executeSql, MAIL_QUEUE)).length === 2, 30_000);
      // …and send both at the next attempt.
      await makeRetriesDue(t.database.executeSql);
      await until(() => smtp.received.length === 2, 30_000);
      await sleep(1_500); // a worker's poll or two: nothing is sent twice
      expect(smtp.received.map((mail) => mail.to[0]).sort()).toEqual([
        'hung@example.com',
        'support@core28.app',
      ]);
      const rows = await t.db.select().from(mailOutbox);
      expect(rows.every((row) => row.sentAt && row.attempts === 2)).toBe(true);
    } finally {
      await t.close();
      await smtp.close();
    }
  }, 60_000);
});

describe('mail whose job was lost', () => {
  it('gets one job again at start (after a restore: backups hold the outbox, not the queue)', async () => {
    const t = await createTestApp();
    try {
      const mail = { subject: 'Confirm your Core28 account', text: 't', html: 'h' };
      await t.db.insert(mailOutbox).values([
        { ...mail, to: 'restored@example.com' },
        { ...mail, to: 'stale@example.com', createdAt: new Date(Date.now() - 8 * 86_400_000) },
      ]);
      const twoStarts = await Promise.all([requeueStrandedMail(t.deps), requeueStrandedMail(t.deps)]);
      expect(twoStarts.sort()).toEqual([0, 1]);
      expect(await t.drainJobs()).toBe(1);
      expect((await t.lastMail('restored@example.com'))?.sentAt).toBeInstanceOf(Date);
      expect((await t.lastMail('stale@example.com'))?.sentAt).toBeNull();
      expect(await requeueStrandedMail(t.deps)).toBe(0);
    } finally {
      await t.close();
    }
  });

  it("is not one whose job waits in the earlier release's queue (a rolling deploy)", async () => {
    const t = await createTestApp();
    try {
      const [row] = await t.db
        .insert(mailOutbox)
        .values({ to: 'older@example.com', subject: 'Confirm your Core28 account', text: 't', html: 'h' })
        .returning();
      // The two columns of pg-boss 10's job table the check reads.
      await t.database.executeSql('create schema pgboss; create table pgboss.job (name text, data jsonb)');
      await t.database.executeSql('insert into pgboss.job values ($1, $2)', [
        MAIL_QUEUE,
        JSON.stringify({ outboxId: row?.id }),
      ]);
      expect(await requeueStrandedMail(t.deps)).toBe(0);
      await t.database.executeSql('drop schema pgboss cascade');
      expect(await requeueStrandedMail(t.deps)).toBe(1);
    } finally {
      await t.close();
    }
  });
});

describe('a send cut off by a killed process', () => {
  let smtp: Awaited<ReturnType<typeof startSmtpDouble>>;
  let t: TestApp;
  beforeAll(async () => {
    smtp = await startSmtpDouble();
    t = await createTestApp({ mailer: createSmtpMailer({ url: smtp.url, from: FROM, log }) });
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  /** A mail written, then its attempt begun and never finished, as a SIGKILL mid-send leaves it. */
  async function cutOff(to: string, atMostOnce: boolean) {
    const message = { to, subject: `For ${to}`, preview: '', text: 'Hello', html: '<p>Hello</p>' };
    expect(await enqueueMail(t.deps, t.db, message, { atMostOnce })).toBe(true);
    await t.db.update(mailOutbox).set({ sendingAt: new Date() }).where(eq(mailOutbox.to, to));
  }

  it('sends a member notification at most once, and account mail again', async () => {
    await cutOff('notified@example.com', true);
    await cutOff('account@example.com', false);
    expect(await t.drainJobs()).toBe(2);
    expect(smtp.received.map((mail) => mail.to)).toEqual([['account@example.com']]);
    const [notified] = await t.db.select().from(mailOutbox).where(eq(mailOutbox.to, 'notified@example.com'));
    expect(notified).toMatchObject({ sentAt: null, lastError: INTERRUPTED });
    expect(notified?.failedAt).toBeInstanceOf(Date);
    // Given up for good: a later run of its job (a duplicate, a requeue) sends nothing either.
    expect(await requeueStrandedMail(t.deps)).toBe(0);
  });

  it('an attempt the relay refused is no cut-off: the next one sends', async () => {
    // Refused for the whole attempt (the pool tries another connection after a 421), then back.
    smtp.state.refuseNext = 100;
    const message = {
      to: 'refused-once@example.com',
      subject: 'Hi',
      preview: '',
      text: 'Hi',
      html: '<p>Hi</p>',
    };
    await enqueueMail(t.deps, t.db, message, { atMostOnce: true });
    expect(await t.drainJobs()).toBe(1);
    const [row] = await t.db.select().from(mailOutbox).where(eq(mailOutbox.to, 'refused-once@example.com'));
    expect(row).toMatchObject({ sendingAt: null, sentAt: null, failedAt: null });
    smtp.state.refuseNext = 0;
    await makeRetriesDue(t.database.executeSql);
    expect(await t.drainJobs()).toBe(1);
    expect(smtp.received.filter((mail) => mail.to[0] === 'refused-once@example.com')).toHaveLength(1);
  });
});
