import { randomUUID } from 'node:crypto';
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { json } from '../../testing/harness.ts';
import { memberLimits } from './guard.ts';
import { coach, memberWithTopic, rowsOf, send, setupRetryApp, t, taken } from './retry-setup.ts';

// A photo sent again after its answer was lost (DESIGN "Idempotency"): the same Idempotency-Key
// answers the stored message before the upload is read, and keeps no second file.

setupRetryApp();

/** A PNG's first bytes: enough for its type to be found by them. */
const PNG = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]),
  Buffer.from('IHDR'),
  Buffer.alloc(52, 0),
]);

/** POST a photo with a caption (as the member, or with `side: 'coach'` as the coach) and a key. */
const upload = (cookie: string, topicId: string, caption: string, key: string, side = 'member') => {
  const body = new FormData();
  body.set('file', new File([PNG], 'plank.png', { type: 'image/png' }));
  body.set('message', caption);
  const base = side === 'member' ? '/api/coaching' : '/api/admin/coaching';
  return t.app.request(`${base}/topics/${topicId}/attachments`, {
    method: 'POST',
    body,
    headers: { cookie, 'idempotency-key': key },
  });
};

const storedFiles = async (topicId: string) =>
  (await readdir(path.join(t.config.dataDir, 'storage', 'coaching', topicId)).catch(() => [])).length;

describe('a photo sent again with its Idempotency-Key', () => {
  it('answers the stored message before the upload is read: one row, one file, one limit taken', async () => {
    const { member, topic } = await memberWithTopic();
    const key = randomUUID();
    const first = await upload(member.cookie, topic.id, 'Day 4 form', key);
    expect(first.status).toBe(201);
    const sent = (await json(first)).message;
    expect(sent).toMatchObject({ id: key, message: 'Day 4 form', attachment: { type: 'image/png' } });

    const again = await upload(member.cookie, topic.id, 'Day 4 form', key);
    expect(again.status).toBe(201);
    expect((await json(again)).message).toEqual(sent);
    expect(await rowsOf(topic.id)).toHaveLength(1);
    expect(await storedFiles(topic.id)).toBe(1);
    expect(await taken(member.userId)).toBe(memberLimits('message', member.userId).length);
  });

  it('refuses a key that named a text message or another sender’s photo (409), keeping no file', async () => {
    const { member, topic } = await memberWithTopic();
    const textKey = randomUUID();
    expect((await send(member.cookie, topic.id, 'Words first', textKey)).status).toBe(201);
    expect((await upload(member.cookie, topic.id, 'Words first', textKey)).status).toBe(409);
    const photoKey = randomUUID();
    expect((await upload(member.cookie, topic.id, 'Mine', photoKey)).status).toBe(201);
    expect((await upload(coach, topic.id, 'Mine', photoKey, 'coach')).status).toBe(409);
    expect((await send(member.cookie, topic.id, 'Mine', photoKey)).status).toBe(409);
    expect(await rowsOf(topic.id)).toHaveLength(2);
    expect(await storedFiles(topic.id)).toBe(1);
  });

  it('keeps one message and one file when the copies race each other', async () => {
    const { member, topic } = await memberWithTopic();
    const key = randomUUID();
    const answers = await Promise.all([1, 2, 3].map(() => upload(member.cookie, topic.id, 'Race', key)));
    // Each is the stored message (it was written, or found before its upload was read) or a 409
    // (it met the stored copy only after its own file was stored, and that file was removed).
    expect(answers.map((a) => a.status)).toContain(201);
    for (const answer of answers) expect([201, 409]).toContain(answer.status);
    expect(await rowsOf(topic.id)).toHaveLength(1);
    expect(await storedFiles(topic.id)).toBe(1);
  });

  it('answers a coach’s photo sent again with the stored reply', async () => {
    const { topic } = await memberWithTopic();
    const key = randomUUID();
    const first = await upload(coach, topic.id, 'Like this', key, 'coach');
    expect(first.status).toBe(201);
    const again = await upload(coach, topic.id, 'Like this', key, 'coach');
    expect(again.status).toBe(201);
    expect((await json(again)).message).toEqual((await json(first)).message);
    expect(await rowsOf(topic.id)).toHaveLength(1);
    expect(await storedFiles(topic.id)).toBe(1);
  });
});
