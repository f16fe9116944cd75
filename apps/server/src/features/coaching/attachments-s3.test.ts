import { mkdtemp, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createMember,
  createTestApp,
  givePaidTier,
  json,
  signInAdmin,
  type TestApp,
} from '../../testing/harness.ts';

// docs/decisions/0016: with S3 storage, an attachment's link checks the reader like
// the local one, then redirects to a short-lived presigned link of the bucket. s3rver is the
// bucket service, the one stand-in.

const PNG = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]),
  Buffer.from('IHDR'),
  Buffer.alloc(52, 7),
]);

let s3: S3rver;
let s3Dir: string;
let endpoint: string;
let t: TestApp;

beforeAll(async () => {
  s3Dir = await mkdtemp(path.join(tmpdir(), 'core28-attachments-s3-'));
  s3 = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory: s3Dir,
    configureBuckets: [{ name: 'core28-attachments', configs: [] }],
  });
  endpoint = `http://127.0.0.1:${((await s3.run()) as AddressInfo).port}`;
  t = await createTestApp({
    env: {
      S3_BUCKET: 'core28-attachments',
      S3_ENDPOINT: endpoint,
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
      S3_FORCE_PATH_STYLE: 'true',
    },
  });
});
afterAll(async () => {
  await t?.close();
  await s3?.close();
  await rm(s3Dir, { recursive: true, force: true });
});

describe('attachments stored in S3', () => {
  it('redirects both sides to a presigned link of the bucket; another member gets 403 and no link', async () => {
    expect(t.deps.storage.kind).not.toBe('local');
    const admin = await signInAdmin(t);
    const owner = await createMember(t);
    await givePaidTier(t, owner, '1-on-1 Burn');
    const otherBurn = await createMember(t);
    await givePaidTier(t, otherBurn, '1-on-1 Burn');
    const topic = await json(
      await t.request('/api/coaching/topics', { cookie: owner.cookie, json: { title: 'Side plank' } }),
    );
    const form = new FormData();
    form.set('file', new File([PNG], 'form.png', { type: 'image/png' }));
    const sent = await t.app.request(`/api/coaching/topics/${topic.topic.id}/attachments`, {
      method: 'POST',
      body: form,
      headers: { cookie: owner.cookie },
    });
    expect(sent.status).toBe(201);
    const { url } = (await json(sent)).message.attachment;

    for (const cookie of [owner.cookie, admin]) {
      const res = await t.request(url, { cookie });
      expect(res.status).toBe(302);
      expect(res.headers.get('cache-control')).toBe('private, no-store');
      const link = new URL(res.headers.get('location')!);
      expect(link.origin).toBe(endpoint);
      expect(link.searchParams.get('X-Amz-Expires')).toBe(String(15 * 60));
      expect(link.searchParams.get('X-Amz-Signature')).toBeTruthy();
      const stored = await fetch(link);
      expect(stored.status).toBe(200);
      expect(stored.headers.get('content-type')).toBe('image/png');
      expect(Buffer.from(await stored.arrayBuffer()).equals(PNG)).toBe(true);
    }

    const foreign = await t.request(url, { cookie: otherBurn.cookie });
    expect(foreign.status).toBe(403);
    expect(foreign.headers.get('location')).toBeNull();
    expect((await json(foreign)).error.message).toBe('This attachment belongs to another conversation.');
    const visitor = await t.request(url);
    expect(visitor.status).toBe(401);
    expect(visitor.headers.get('location')).toBeNull();
  });
});
