import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll } from 'vitest';
import { exercises } from '../../platform/db/schema.ts';
import { createMember, createTestApp, signInAdmin, type TestApp } from '../../testing/harness.ts';

// What the exercise video tests share: video-like files and a test app to upload them to.

export const MAX_BYTES = 4096; // VIDEO_MAX_BYTES for this file, so "too large" needs no 50 MB body

/** An ISO-BMFF `ftyp` box with this major brand, then `size` bytes in all. */
export function isoFile(brand: string, size = 64) {
  const bytes = Buffer.alloc(size, 0x2a);
  bytes.writeUInt32BE(24, 0);
  bytes.write(`ftyp${brand.padEnd(4)}`, 4, 'latin1');
  bytes.writeUInt32BE(0x200, 12);
  bytes.write('isommp41', 16, 'latin1');
  bytes.writeUInt32BE(size - 24, 24);
  bytes.write('mdat', 28, 'latin1');
  return bytes;
}
/** An EBML header (version 1, DocType `docType`) followed by a Segment, as WebM and Matroska start. */
export function ebmlFile(docType: string, size = 64) {
  const header = Buffer.from([
    0x42,
    0x86,
    0x81,
    0x01,
    0x42,
    0x82,
    0x80 | docType.length,
    ...Buffer.from(docType),
  ]);
  const start = Buffer.concat([
    Buffer.from([0x1a, 0x45, 0xdf, 0xa3, 0x80 | header.length]),
    header,
    Buffer.from([0x18, 0x53, 0x80, 0x67, 0x01, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff]),
  ]);
  return Buffer.concat([start, Buffer.alloc(size - start.length, 0x2a)]);
}
export const PNG = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]),
  Buffer.from('IHDR'),
  Buffer.alloc(52, 0),
]);
export const MP4 = isoFile('isom', 1000);
export const WEBM = ebmlFile('webm', 700);

export let t: TestApp;
export let admin: string;
export let member: string;
export let firstId: number; // day 1's exercise, which a new member sees
export let otherId: number;

/** The file's test app: videos up to MAX_BYTES, a signed-in admin and member. */
export function setupMediaApp() {
  beforeAll(async () => {
    t = await createTestApp({ env: { VIDEO_MAX_BYTES: String(MAX_BYTES) } });
    admin = await signInAdmin(t);
    member = (await createMember(t)).cookie;
    const rows = await t.db.select({ id: exercises.id }).from(exercises).orderBy(asc(exercises.id));
    // biome-ignore lint/style/noNonNullAssertion: the seeded program has its exercises
    firstId = rows[0]!.id;
    // biome-ignore lint/style/noNonNullAssertion: the seeded program has its exercises
    otherId = rows[1]!.id;
  });
  afterAll(() => t.close());
}

export function upload(id: number, bytes: Uint8Array, name = 'demo.mp4', type = 'video/mp4', cookie = admin) {
  const form = new FormData();
  form.set('file', new File([bytes], name, { type }));
  return t.app.request(`/api/admin/exercises/${id}/video`, {
    method: 'POST',
    body: form,
    headers: { cookie },
  });
}
export const removeVideo = (id: number) =>
  t.request(`/api/admin/exercises/${id}/video`, { method: 'DELETE', cookie: admin });
export const storedFiles = async (id: number) =>
  readdir(path.join(t.config.dataDir, 'storage', 'exercises', String(id))).catch(() => []);
export const videoColumns = async (id: number) =>
  (
    await t.db
      .select({ key: exercises.videoKey, type: exercises.videoType, size: exercises.videoSize })
      .from(exercises)
      .where(eq(exercises.id, id))
  )[0];
