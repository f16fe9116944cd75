import { randomUUID } from 'node:crypto';
import { ATTACHMENT_ERRORS, AttachmentCaptionSchema, type AttachmentType } from '@core28/core/coaching';
import { mayCoachMember } from '@core28/core/staff';
import { eq } from 'drizzle-orm';
import type { Context } from 'hono';
import type { AppEnv, Deps } from '../../context.ts';
import { AppError } from '../../errors.ts';
import { uploadBodyLimit } from '../../http/body-limit.ts';
import { discussionMessages, discussionTopics } from '../../platform/db/schema.ts';
import { fileTypeOf } from '../../platform/storage/file-type.ts';
import { validValue } from '../../validate.ts';
import { coachOf } from '../auth/service.ts';
import type { SignedInEnv } from '../auth/session.ts';
import { answerStoredFile } from '../files/service.ts';
import type { StoredAttachment } from './messages.ts';

// docs/decisions/0016: a photo or short video in the coaching chat. Checked by its
// bytes like an exercise video (file-type), at most ATTACHMENT_MAX_BYTES, stored through the
// storage adapter, and read only by the conversation's two sides: the member who owns the topic
// (while they have 1-on-1 Burn) and the coaches.

/** As file-type names them from the bytes; anything else is refused with the reason. */
const ALLOWED: Record<string, AttachmentType> = {
  jpg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
  mp4: 'video/mp4',
  m4v: 'video/mp4',
  webm: 'video/webm',
  mov: 'video/quicktime',
};
const EXTENSION: Record<AttachmentType, string> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/webp': 'webp',
  'video/mp4': 'mp4',
  'video/webm': 'webm',
  'video/quicktime': 'mov',
};

const NO_STORE = 'private, no-store';
/** How long the bucket's link (S3) lasts after the reader is checked: enough to start playing. */
const S3_LINK_TTL_SECONDS = 15 * 60;

const tooLarge = (maxBytes: number) =>
  new AppError('PAYLOAD_TOO_LARGE', ATTACHMENT_ERRORS.tooLarge(maxBytes));

/** The route's own body limit (http/body-limit.ts leaves it to this), after the access check. */
export const attachmentBodyLimit = uploadBodyLimit((c) => c.get('deps').config.attachmentMaxBytes, tooLarge);

/** The upload's file, checked by its bytes, and its caption; stored under a fresh key. */
export async function storeAttachmentUpload<E extends AppEnv>(
  c: Context<E>,
  { topicId }: { topicId: string },
) {
  const body = await c.req.parseBody().catch(() => {
    throw new AppError('BAD_REQUEST', ATTACHMENT_ERRORS.missingFile);
  });
  const file = body.file;
  if (!(file instanceof File)) throw new AppError('BAD_REQUEST', ATTACHMENT_ERRORS.missingFile);
  // The caption is a message: the same limit as a text one, checked before anything is stored.
  const { message: caption } = validValue(AttachmentCaptionSchema, {
    message: typeof body.message === 'string' ? body.message : undefined,
  });
  const { attachmentMaxBytes } = c.get('deps').config;
  if (file.size > attachmentMaxBytes) throw tooLarge(attachmentMaxBytes);
  const bytes = Buffer.from(await file.arrayBuffer());
  const found = await fileTypeOf(bytes);
  const type = found ? ALLOWED[found.ext] : undefined;
  if (!type) throw new AppError('UNSUPPORTED_MEDIA_TYPE', ATTACHMENT_ERRORS.notAllowed);
  const key = `coaching/${topicId}/${randomUUID()}.${EXTENSION[type]}`;
  await c.get('deps').storage.put(key, bytes, type);
  return { attachment: { key, type, size: bytes.length } satisfies StoredAttachment, caption };
}

/** A stored upload whose message was refused (a foreign topic, an archived one) is removed again. */
export async function discardAttachment({ storage, log }: Pick<Deps, 'storage' | 'log'>, key: string) {
  await storage.remove(key).catch((err) => log.warn({ err, key }, 'could not remove a refused attachment'));
}

/**
 * The attachment of a message, for the topic's owner and the staff who coach them (requireCoaching
 * has let in only 1-on-1 Burn members and staff); 403 for anyone else, even with the link. Local
 * storage streams it with ranges; S3 redirects to a short-lived presigned link of the bucket
 * (which answers ranges itself).
 */
export async function answerAttachment(c: Context<SignedInEnv>, { messageId }: { messageId: string }) {
  const deps = c.get('deps');
  const user = c.get('user');
  const [row] = await deps.db
    .select({
      key: discussionMessages.attachmentKey,
      type: discussionMessages.attachmentType,
      ownerId: discussionTopics.userId,
    })
    .from(discussionMessages)
    .innerJoin(discussionTopics, eq(discussionTopics.id, discussionMessages.topicId))
    .where(eq(discussionMessages.id, messageId));
  const staff = c.get('staff');
  const mayRead =
    row &&
    (row.ownerId === user.id ||
      mayCoachMember(staff, { viewerId: user.id, coachId: await coachOf(deps, { userId: row.ownerId }) }));
  if (!row || !mayRead) throw new AppError('FORBIDDEN', 'This attachment belongs to another conversation.');
  if (!row.key || !row.type) throw new AppError('NOT_FOUND', 'This message has no attachment.');
  const { storage } = deps;
  // A private conversation's photo: no cache keeps it, not even the browser's, whose copy would
  // outlive the reader's access (a plan ended, a shared device signed out). The same for the
  // bucket's link, which is a bearer link while it lasts.
  c.header('Cache-Control', NO_STORE);
  if (storage.kind !== 'local') return c.redirect(await storage.signedUrl(row.key, S3_LINK_TTL_SECONDS), 302);
  const file = await storage.openKey(row.key);
  if (!file) throw new AppError('NOT_FOUND', 'This attachment is no longer stored.');
  return answerStoredFile(c, file, { contentType: row.type, cacheControl: NO_STORE });
}
