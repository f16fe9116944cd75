import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contactMessages, mailOutbox } from '../../platform/db/schema.ts';
import {
  createMember,
  createTestApp,
  givePaidTier,
  json,
  signInAdmin,
  type TestApp,
} from '../../testing/harness.ts';
import { staffMember } from '../../testing/team.ts';

// The support inbox: 1-on-1 Burn members' messages first and marked, then The Daily Core's, then
// everyone else's, each oldest first; handled ones apart; a reply by e-mail with Reply-To set to the
// business's contact address.
let t: TestApp;
let owner: string;
beforeAll(async () => {
  t = await createTestApp();
  owner = await signInAdmin(t);
});
afterAll(() => t.close());

const list = async (cookie: string, query = '') => {
  const res = await t.request(`/api/admin/support${query}`, { cookie });
  expect(res.status).toBe(200);
  return json(res);
};
const at = (minutes: number) => new Date(Date.UTC(2026, 11, 1, 8, minutes));

describe('the support inbox', () => {
  it('puts 1-on-1 Burn members first, then The Daily Core, then others, each oldest first', async () => {
    const burn = await createMember(t);
    await givePaidTier(t, burn, '1-on-1 Burn');
    const daily = await createMember(t);
    await givePaidTier(t, daily, 'The Daily Core');
    const trial = await createMember(t); // a trial is not priority support
    const write = (name: string, email: string, minutes: number) =>
      t.db
        .insert(contactMessages)
        .values({ name, email, message: `From ${name}`, createdAt: at(minutes) })
        .returning({ id: contactMessages.id })
        .then(([row]) => row!.id);
    await write('Visitor early', 'nobody@example.com', 0);
    await write('Daily', daily.email.toUpperCase(), 5);
    await write('Trial', trial.email, 6);
    await write('Burn late', burn.email, 20);
    await write('Burn early', burn.email, 10);
    const open = await list(owner);
    expect(open.messages.map((m: { name: string }) => m.name)).toEqual([
      'Burn early',
      'Burn late',
      'Daily',
      'Visitor early',
      'Trial',
    ]);
    expect(open.messages.map((m: { priority: string }) => m.priority)).toEqual([
      'burn',
      'burn',
      'daily-core',
      'other',
      'other',
    ]);
    expect(open.messages[0].memberId).toBe(burn.userId);
    expect(open.total).toBe(5);
  });

  it('marks a message handled (by whom) into its own view, and open again', async () => {
    const support = await staffMember(t, ['support']);
    const [first] = (await list(support.cookie)).messages;
    const mark = (handled: boolean) =>
      t.request(`/api/admin/support/${first.id}`, {
        method: 'PATCH',
        cookie: support.cookie,
        json: { handled },
      });
    const marked = await json(await mark(true));
    expect(marked.message).toMatchObject({ handledByName: support.email });
    expect(marked.message.handledAt).not.toBeNull();
    expect((await list(support.cookie)).messages.map((m: { id: string }) => m.id)).not.toContain(first.id);
    expect((await list(support.cookie, '?view=handled')).messages.map((m: { id: string }) => m.id)).toEqual([
      first.id,
    ]);
    expect((await mark(false)).status).toBe(200);
    expect((await list(support.cookie)).messages[0].id).toBe(first.id);
    // A coach without the grant has no support inbox.
    const coach = await staffMember(t);
    expect((await t.request('/api/admin/support', { cookie: coach.cookie })).status).toBe(403);
  });

  it('replies by e-mail through the outbox with Reply-To the contact address, and marks it handled', async () => {
    const [first] = (await list(owner)).messages;
    const res = await t.request(`/api/admin/support/${first.id}/replies`, {
      cookie: owner,
      json: { message: 'Thanks, we fixed your plan.' },
    });
    expect(res.status).toBe(201);
    expect((await json(res)).message.handledAt).not.toBeNull();
    const [mail] = await t.db
      .select()
      .from(mailOutbox)
      .where(sql`${mailOutbox.meta}->>'kind' = 'support-reply'`);
    expect(mail).toMatchObject({ to: first.email, replyTo: t.config.contactEmail });
    expect(mail?.text).toContain('Thanks, we fixed your plan.');
    expect(mail?.text).toContain(`> ${first.message}`);
    const [row] = await t.db.select().from(contactMessages).where(eq(contactMessages.id, first.id));
    expect(row?.handledBy).not.toBeNull();
    // The staff write is audited.
    const audited = await t.db.execute(sql`select action, object_id as "objectId" from audit_log`);
    expect((audited as unknown as { rows: unknown[] }).rows).toContainEqual({
      action: 'POST /api/admin/support/:messageId/replies',
      objectId: first.id,
    });
  });
});
