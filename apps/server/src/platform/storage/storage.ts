import { createHmac, timingSafeEqual } from 'node:crypto';
import { mkdir, open, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import type { Config } from '../../config.ts';

/** Stored files (avatars, exercise videos): a local folder by default, an S3-compatible bucket in production. */
export type Storage = {
  kind: 'local' | 's3';
  /**
   * The origin its signed links point to when it is not this server (the bucket's), for the
   * Content-Security-Policy; null for links to this server.
   */
  origin: string | null;
  put: (key: string, body: Buffer, contentType: string) => Promise<void>;
  remove: (key: string) => Promise<void>;
  /** A link that shows the file to whoever holds it, until it expires. */
  signedUrl: (key: string, ttlSeconds: number) => Promise<string>;
};

// Keys are made by the server (e.g. avatars/{userId}/avatar.webp), never taken from a request.
const KEY_PATTERN = /^[a-zA-Z0-9][a-zA-Z0-9_.-]*(\/[a-zA-Z0-9][a-zA-Z0-9_.-]*)*$/;
export function assertValidKey(key: string) {
  if (!KEY_PATTERN.test(key) || key.split('/').some((part) => part === '..' || part === '.')) {
    throw new Error(`Invalid storage key: ${key}`);
  }
}

export const LOCAL_FILES_PATH = '/api/files/';

/** Where local storage keeps its files. */
export const localStorageRoot = (dataDir: string) => path.resolve(dataDir, 'storage');

export function createLocalStorage({
  root,
  secret,
  now = () => new Date(),
}: {
  root: string;
  secret: string;
  now?: () => Date;
}) {
  const fileOf = (key: string) => {
    assertValidKey(key);
    const file = path.resolve(root, key);
    if (!file.startsWith(path.resolve(root) + path.sep)) throw new Error(`Invalid storage key: ${key}`);
    return file;
  };
  const sign = (key: string, expires: number) =>
    createHmac('sha256', secret).update(`${key}\n${expires}`).digest('base64url');

  return {
    kind: 'local' as const,
    origin: null,
    async put(key: string, body: Buffer, _contentType: string) {
      const file = fileOf(key);
      await mkdir(path.dirname(file), { recursive: true });
      await writeFile(`${file}.tmp`, body);
      await rename(`${file}.tmp`, file); // readers never see half a file
    },
    async remove(key: string) {
      await rm(fileOf(key), { force: true });
    },
    async signedUrl(key: string, ttlSeconds: number) {
      const expires = Math.floor(now().getTime() / 1000) + ttlSeconds;
      return `${LOCAL_FILES_PATH}${key}?expires=${expires}&signature=${sign(key, expires)}`;
    },
    /**
     * Checks a signed link and opens the file: its size and a stream of all or part of its bytes,
     * or null when the link is tampered with or expired or the file is gone. Whoever opens it
     * streams once or closes it.
     */
    async open(key: string, expires: string | undefined, signature: string | undefined) {
      if (!expires || !signature || !/^\d{1,12}$/.test(expires)) return null;
      try {
        assertValidKey(key);
      } catch {
        return null;
      }
      const expected = Buffer.from(sign(key, Number(expires)));
      const given = Buffer.from(signature);
      if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
      if (Number(expires) * 1000 < now().getTime()) return null;
      return this.openKey(key);
    },
    /**
     * Opens a stored file for a route that has checked who may read it itself (a chat
     * attachment, for the conversation's two sides only); null when it is gone.
     */
    async openKey(key: string) {
      // An open handle keeps reading the bytes it opened, even if a new upload replaces the file.
      const handle = await open(fileOf(key), 'r').catch(() => null);
      if (!handle) return null;
      const { size } = await handle.stat();
      return {
        size,
        /** Bytes start..end (inclusive), all by default; the file closes when the stream ends or is cancelled. */
        stream: (range: { start: number; end: number } = { start: 0, end: size - 1 }) =>
          Readable.toWeb(handle.createReadStream(range)) as ReadableStream<Uint8Array>,
        close: () => handle.close(),
      };
    },
  };
}
export type LocalStorage = ReturnType<typeof createLocalStorage>;

/**
 * The AWS SDK and a client of it. Loaded where S3 is configured only: its modules hold ~6 MB of
 * the heap every major collection marks (the app's mark-compacts set the live tail).
 */
async function loadS3(s3: NonNullable<Config['s3']>) {
  const [sdk, { getSignedUrl }] = await Promise.all([
    import('@aws-sdk/client-s3'),
    import('@aws-sdk/s3-request-presigner'),
  ]);
  const client = new sdk.S3Client({
    region: s3.region,
    endpoint: s3.endpoint,
    forcePathStyle: s3.forcePathStyle,
    credentials: { accessKeyId: s3.accessKeyId, secretAccessKey: s3.secretAccessKey },
  });
  return { sdk, client, getSignedUrl };
}

export function createS3Storage(s3: NonNullable<Config['s3']>): Storage {
  // Loading starts now, so a request rarely waits for it; a failure is thrown where it is awaited.
  const loading = loadS3(s3);
  loading.catch(() => {});
  return {
    kind: 's3',
    origin: s3Origin(s3),
    async put(key, body, contentType) {
      assertValidKey(key);
      const { sdk, client } = await loading;
      await client.send(
        new sdk.PutObjectCommand({
          Bucket: s3.bucket,
          Key: key,
          Body: body,
          ContentType: contentType,
          CacheControl: 'private, max-age=3600',
        }),
      );
    },
    async remove(key) {
      assertValidKey(key);
      const { sdk, client } = await loading;
      await client.send(new sdk.DeleteObjectCommand({ Bucket: s3.bucket, Key: key }));
    },
    async signedUrl(key, ttlSeconds) {
      const { sdk, client, getSignedUrl } = await loading;
      return getSignedUrl(client, new sdk.GetObjectCommand({ Bucket: s3.bucket, Key: key }), {
        expiresIn: ttlSeconds,
      });
    },
  };
}

// A bucket name the SDK puts in the host name (virtual-hosted style); others go in the path.
const DNS_BUCKET = /^[a-z0-9][a-z0-9-]{1,61}[a-z0-9]$/;

/**
 * The origin of the SDK's presigned links, as its endpoint rules make them (storage.test.ts
 * compares with the SDK's own links): path style on the endpoint, or the bucket as a subdomain.
 */
export function s3Origin(
  s3: Pick<NonNullable<Config['s3']>, 'bucket' | 'region' | 'endpoint' | 'forcePathStyle'>,
) {
  const base = new URL(s3.endpoint ?? `https://s3.${s3.region}.amazonaws.com`);
  const isPathStyle = s3.forcePathStyle || !DNS_BUCKET.test(s3.bucket);
  return isPathStyle ? base.origin : `${base.protocol}//${s3.bucket}.${base.host}`;
}

export type AppStorage = LocalStorage | (Storage & { kind: 's3' });
