import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { discussionMessages } from '../../platform/db/schema.ts';
import {
  createMember,
  createTestApp,
  givePaidTier,
  json,
  signInAdmin,
  type TestApp,
} from '../../testing/harness.ts';

// Photos and short videos in the coaching chat, checked by their bytes, read only by
// the conversation's two sides (with byte ranges), and the coach's saved replies.

const MAX_BYTES = 4096; // ATTACHMENT_MAX_BYTES here, so "too large" needs no 25 MB body

/** An ISO-BMFF file with this major brand (isom: MP4, qt: QuickTime). */
function isoFile(brand: string, size = 1000) {
  const bytes = Buffer.alloc(size, 0x2a);
  bytes.writeUInt32BE(24, 0);
  bytes.write(`ftyp${brand.padEnd(4)}`, 4, 'latin1');
  bytes.writeUInt32BE(0x200, 12);
  bytes.write('isommp41', 16, 'latin1');
  bytes.writeUInt32BE(size - 24, 24);
  bytes.write('mdat', 28, 'latin1');
  return bytes;
}
const MP4 = isoFile('isom');
const PNG = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]),
  Buffer.from('IHDR'),
  Buffer.alloc(52, 0),
]);

let t: TestApp;
let admin: string;
type Member = Awaited<ReturnType<typeof createMember>>;
let owner: Member;
let otherBurn: Member;
let topicId: string;

beforeAll(async () => {
  t = await createTestApp({ env: { ATTACHMENT_MAX_BYTES: String(MAX_BYTES) } });
  admin = await signInAdmin(t);
  owner = await createMember(t);
  await givePaidTier(t, owner, '1-on-1 Burn');
  otherBurn = await createMember(t);
  await givePaidTier(t, otherBurn, '1-on-1 Burn');
  const topic = await json(
    await t.request('/api/coaching/topics', { cookie: owner.cookie, json: { title: 'My plank' } }),
  );
  topicId = topic.topic.id;
});
afterAll(() => t.close());

function attach(
  bytes: Uint8Array,
  {
    cookie,
    asCoach = false,
    name = 'clip.mp4',
    message,
  }: { cookie: string; asCoach?: boolean; name?: string; message?: string },
) {
  const form = new FormData();
  form.set('file', new File([bytes], name, { type: 'video/mp4' }));
  if (message !== undefined) form.set('message', message);
  const base = asCoach ? '/api/admin/coaching' : '/api/coaching';
  return t.app.request(`${base}/topics/${topicId}/attachments`, {
    method: 'POST',
    body: form,
    headers: { cookie },
  });
}
const storedCount = async () =>
  (await readdir(path.join(t.config.dataDir, 'storage', 'coaching', topicId)).catch(() => [])).length;

describe('attachments in the chat', () => {
  it('the member sends a video checked by its bytes; both sides read it, another member gets 403 on its link', async () => {
    const res = await attach(MP4, { cookie: owner.cookie, message: 'My plank, day 4' });
    expect(res.status).toBe(201);
    const { message } = await json(res);
    expect(message).toMatchObject({
      message: 'My plank, day 4',
      attachment: { url: `/api/coaching/attachments/${message.id}`, type: 'video/mp4', size: MP4.length },
    });
    const url = message.attachment.url;

    const asOwner = await t.request(url, { cookie: owner.cookie });
    expect(asOwner.status).toBe(200);
    expect(asOwner.headers.get('content-type')).toBe('video/mp4');
    // a private conversation: kept by no cache, the browser's included
    expect(asOwner.headers.get('cache-control')).toBe('private, no-store');
    expect(Buffer.from(await asOwner.arrayBuffer()).equals(MP4)).toBe(true);
    const part = await t.request(url, { cookie: admin, headers: { range: 'bytes=100-199' } });
    expect(part.status).toBe(206);
    expect(part.headers.get('content-range')).toBe(`bytes 100-199/${MP4.length}`);
    expect(part.headers.get('cache-control')).toBe('private, no-store');
    expect(Buffer.from(await part.arrayBuffer()).equals(MP4.subarray(100, 200))).toBe(true);

    const foreign = await t.request(url, { cookie: otherBurn.cookie });
    expect(foreign.status).toBe(403);
    expect((await json(foreign)).error.message).toBe('This attachment belongs to another conversation.');
    expect((await t.request(url)).status).toBe(401);
    const dailyCore = await createMember(t);
    await givePaidTier(t, dailyCore, 'The Daily Core');
    expect((await t.request(url, { cookie: dailyCore.cookie })).status).toBe(403);

    const conversation = await json(
      await t.request(`/api/admin/coaching/topics/${topicId}`, { cookie: admin }),
    );
    expect(conversation.messages.at(-1).attachment.url).toBe(url);
  });

  it('the coach sends a photo without a caption; the member reads it', async () => {
    const res = await attach(PNG, { cookie: admin, asCoach: true, name: 'form.png' });
    expect(res.status).toBe(201);
    const { message } = await json(res);
    expect(message).toMatchObject({ isCoachReply: true, message: '', attachment: { type: 'image/png' } });
    const read = await t.request(message.attachment.url, { cookie: owner.cookie });
    expect(read.status).toBe(200);
    expect(read.headers.get('content-type')).toBe('image/png');
  });

  it('refuses what is not a photo or video, a file over the limit, and a missing file, saying why and storing nothing', async () => {
    const before = await storedCount();
    const messagesBefore = (
      await t.db.select().from(discussionMessages).where(eq(discussionMessages.topicId, topicId))
    ).length;
    const text = await attach(Buffer.from('not a video at all, just text'), { cookie: owner.cookie });
    expect(text.status).toBe(415);
    expect((await json(text)).error.message).toMatch(
      /Only photos \(JPEG, PNG, WebP\) and videos \(MP4, WebM, MOV\)/,
    );
    const big = await attach(isoFile('isom', MAX_BYTES + 1), { cookie: owner.cookie });
    expect(big.status).toBe(413);
    expect((await json(big)).error.message).toBe('The file is too large (at most 4 KB).');
    const none = await t.app.request(`/api/coaching/topics/${topicId}/attachments`, {
      method: 'POST',
      body: new FormData(),
      headers: { cookie: owner.cookie },
    });
    expect(none.status).toBe(400);
    const foreign = await attach(MP4, { cookie: otherBurn.cookie });
    expect(foreign.status).toBe(404);
    expect(await storedCount()).toBe(before);
    const messagesAfter = (
      await t.db.select().from(discussionMessages).where(eq(discussionMessages.topicId, topicId))
    ).length;
    expect(messagesAfter).toBe(messagesBefore);
  });

  it('refuses a caption past 5,000 characters with the 400 a text message gets, storing nothing', async () => {
    const before = await storedCount();
    const long = 'x'.repeat(5001);
    const text = await t.request(`/api/coaching/topics/${topicId}/messages`, {
      cookie: owner.cookie,
      json: { message: long },
    });
    expect(text.status).toBe(400);
    const textError = await json(text);
    for (const caption of [long, ` ${'y'.repeat(5001)} `]) {
      for (const side of [{ cookie: owner.cookie }, { cookie: admin, asCoach: true }]) {
        const res = await attach(MP4, { ...side, message: caption });
        expect(res.status).toBe(400);
        expect(await json(res)).toEqual(textError);
      }
    }
    expect(await storedCount()).toBe(before);
    // exactly the limit, once trimmed, still goes
    const atLimit = await attach(MP4, { cookie: admin, asCoach: true, message: ` ${'z'.repeat(5000)} ` });
    expect(atLimit.status).toBe(201);
    expect((await json(atLimit)).message.message).toBe('z'.repeat(5000));
  });

  it('answers any bytes with 201 or a reason (415, 413), never a server error', async () => {
    const headers = [
      Buffer.alloc(0),
      MP4.subarray(0, 12),
      PNG.subarray(0, 8),
      Buffer.from([0xff, 0xd8, 0xff]),
    ];
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...headers), fc.uint8Array({ maxLength: 600 }), async (head, tail) => {
        const res = await attach(Buffer.concat([head, tail]), { cookie: admin, asCoach: true }); // the coach: no throttle
        expect([201, 400, 413, 415]).toContain(res.status);
        if (res.status !== 201) expect((await json(res)).error.message).toEqual(expect.any(String));
      }),
      { numRuns: 40 },
    );
  });

  it('accepts a QuickTime .mov video', async () => {
    const res = await attach(isoFile('qt'), { cookie: owner.cookie, name: 'plank.mov' });
    expect(res.status).toBe(201);
    expect((await json(res)).message.attachment.type).toBe('video/quicktime');
  });
});

describe('saved replies', () => {
  it("keeps each coach's replies: add, list, edit, delete; 404 for an unknown one", async () => {
    const created = await t.request('/api/admin/coaching/saved-replies', {
      cookie: admin,
      json: { title: ' Missed days ', body: 'Hi {firstName}, day {day} is waiting for you.' },
    });
    expect(created.status).toBe(201);
    const { reply } = await json(created);
    expect(reply).toMatchObject({
      title: 'Missed days',
      body: 'Hi {firstName}, day {day} is waiting for you.',
    });
    const edited = await t.request(`/api/admin/coaching/saved-replies/${reply.id}`, {
      method: 'PUT',
      cookie: admin,
      json: { title: 'Missed days', body: 'Hey {firstName}!' },
    });
    expect((await json(edited)).reply.body).toBe('Hey {firstName}!');
    const list = await json(await t.request('/api/admin/coaching/saved-replies', { cookie: admin }));
    expect(list.replies.map((r: { id: string }) => r.id)).toContain(reply.id);
    const blank = await t.request('/api/admin/coaching/saved-replies', {
      cookie: admin,
      json: { title: '', body: 'x' },
    });
    expect(blank.status).toBe(400);
    const removed = await t.request(`/api/admin/coaching/saved-replies/${reply.id}`, {
      method: 'DELETE',
      cookie: admin,
    });
    expect(removed.status).toBe(200);
    const again = await t.request(`/api/admin/coaching/saved-replies/${reply.id}`, {
      method: 'DELETE',
      cookie: admin,
    });
    expect(again.status).toBe(404);
    expect((await t.request('/api/admin/coaching/saved-replies', { cookie: owner.cookie })).status).toBe(403);
  });
});
