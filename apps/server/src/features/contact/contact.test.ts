import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contactMessages, mailOutbox } from '../../platform/db/schema.ts';
import { createTestApp, json, type TestApp } from '../../testing/harness.ts';

const message = { name: ' Ann ', email: 'ann@example.com', message: 'How long is each workout?' };

describe('contact', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { TRUST_PROXY: 'true' } });
  });
  afterAll(() => t.close());
  const send = (body: unknown, ip = '203.0.113.1') =>
    t.request('/api/contact', { json: body, headers: { 'x-forwarded-for': ip } });

  it('refuses a blank field with the spec message and a bad e-mail', async () => {
    for (const field of ['name', 'email', 'message']) {
      const res = await send({ ...message, [field]: '   ' });
      expect(res.status).toBe(400);
      expect((await json(res)).error.message).toBe('Please fill in all fields.');
    }
    expect((await json(await send({ ...message, email: 'nope' }))).error.message).toBe(
      'Please enter a valid email address.',
    );
    expect(await t.db.select().from(contactMessages)).toEqual([]);
  });

  it('stores the message and mails it to the contact address, replies going to the visitor', async () => {
    expect((await send(message, '203.0.113.2')).status).toBe(200);
    const [row] = await t.db.select().from(contactMessages);
    expect(row).toMatchObject({ name: 'Ann', email: 'ann@example.com' });
    expect(row?.mailedAt).toBeInstanceOf(Date);
    const mail = await t.lastMail(t.config.contactEmail);
    expect(mail).toMatchObject({ subject: 'Contact form: Ann', replyTo: 'ann@example.com' });
    expect(mail?.meta).toMatchObject({ kind: 'contact', contactMessageId: row?.id });
    expect(mail?.sentAt).toBeInstanceOf(Date);
    expect(mail?.html).toContain('Ann wrote: How long is each workout?');
  });

  it('puts the name into the subject on one line: no CR or LF reaches the mail headers', async () => {
    const name = 'Ann\r\nBcc: x@evil.example\nX-Extra:  1';
    expect((await send({ ...message, name, email: 'one-line@example.com' }, '203.0.113.3')).status).toBe(200);
    const [mail] = (await t.db.select().from(mailOutbox)).filter(
      (row) => row.replyTo === 'one-line@example.com',
    );
    expect(mail?.subject).toBe('Contact form: Ann Bcc: x@evil.example X-Extra: 1');
  });

  it('limits each client to 3 messages in 10 minutes', async () => {
    const statuses = [];
    for (let i = 0; i < 4; i++) statuses.push((await send(message, '198.51.100.4')).status);
    expect(statuses).toEqual([200, 200, 200, 429]);
    const again = await send(message, '198.51.100.4');
    expect(Number(again.headers.get('retry-after'))).toBeGreaterThan(500); // about 10 minutes
    expect((await send(message, '198.51.100.5')).status).toBe(200);
  });

  it('a message sent again with its Idempotency-Key is stored and mailed once, ahead of the limit', async () => {
    const key = randomUUID();
    const keyed = (body: unknown, ip: string) =>
      t.request('/api/contact', {
        json: body,
        headers: { 'x-forwarded-for': ip, 'idempotency-key': key },
      });
    const visitor = { ...message, email: 'kept-once@example.com' };
    const mails = async () =>
      (await t.db.select().from(mailOutbox)).filter((row) => row.replyTo === visitor.email).length;
    const stored = async () =>
      (await t.db.select().from(contactMessages).where(eq(contactMessages.email, visitor.email))).length;
    expect((await keyed(visitor, '198.51.100.7')).status).toBe(200);
    // The answer was lost; the phone sends it again, from another network, and again.
    for (const ip of ['198.51.100.8', '198.51.100.7', '198.51.100.7', '198.51.100.7'])
      expect((await keyed(visitor, ip)).status).toBe(200);
    expect(await stored()).toBe(1);
    expect(await mails()).toBe(1);
    // The retries took none of the address's three: two new messages still go through.
    expect((await send(visitor, '198.51.100.7')).status).toBe(200);
    expect((await send(visitor, '198.51.100.7')).status).toBe(200);
    expect(await stored()).toBe(3);

    const other = await keyed({ ...visitor, message: 'Something else' }, '198.51.100.9');
    expect(other.status).toBe(409);
    expect((await json(other)).error.message).toBe(
      'This Idempotency-Key was already used for another request',
    );
    expect(await stored()).toBe(3);
  });

  it('lets exactly 3 of 30 concurrent messages from one client through', async () => {
    const ip = '198.51.100.6';
    const statuses = await Promise.all(
      Array.from({ length: 30 }, async () => (await send(message, ip)).status),
    );
    expect(statuses.filter((s) => s === 200)).toHaveLength(3);
    expect(statuses.filter((s) => s === 429)).toHaveLength(27);
    const stored = await t.db.select().from(contactMessages).where(eq(contactMessages.clientIp, ip));
    expect(stored).toHaveLength(3);
  });
});

describe('contact when mail fails', () => {
  it('answers at once and keeps the mail in the outbox, with why it failed, for a retry', async () => {
    const t = await createTestApp({
      mailer: { kind: 'smtp', send: () => Promise.reject(new Error('relay down')) },
    });
    try {
      expect((await t.request('/api/contact', { json: message })).status).toBe(200);
      expect(await t.db.select().from(contactMessages)).toHaveLength(1);
      await t.drainJobs();
      const [mail] = await t.db.select().from(mailOutbox);
      expect(mail).toMatchObject({ attempts: 1, lastError: 'relay down', sentAt: null, failedAt: null });
      expect((await t.jobs.counts()).find((c) => c.queue === 'mail-send')).toMatchObject({
        state: 'retry',
        count: 1,
      });
    } finally {
      await t.close();
    }
  });
});
