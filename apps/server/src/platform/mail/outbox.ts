import { and, eq, isNotNull, isNull, lt, sql } from 'drizzle-orm';
import type { Logger } from 'pino';
import { z } from 'zod';
import { type Database, type DbOrTx, rowsOf } from '../db/index.ts';
import { mailOutbox } from '../db/schema.ts';
import { EARLIER_SCHEMA } from '../jobs/earlier-release.ts';
import { JOBS_SCHEMA, type JobQueue, type QueuePolicy } from '../jobs/queue.ts';
import type { Metrics } from '../metrics/metrics.ts';
import { headerLine, type Mailer, type MailMessage } from './mailer.ts';

// Mail is never lost. Each e-mail is an outbox row written in the transaction that
// causes it, with a mail-send job in the same transaction; the job sends it through the relay and
// records sent_at, or retries with exponential backoff and finally records failed_at and why.

// The queue is declared here, beside enqueueMail: mail/jobs.ts imports this file, so this file
// cannot import it (an import cycle).
export const MAIL_QUEUE = 'mail-send';
/** The mail-send job's payload: the outbox row to send. */
export const mailJobPayload = z.object({ outboxId: z.uuid() });
type MailJob = z.infer<typeof mailJobPayload>;

/**
 * 11 attempts: retries after 10-20 s, 20-40 s, 40-80 s, … (doubling, pg-boss adds up to 100%
 * jitter), the last one 2.8-5.7 hours after the first. A relay down for ten minutes is retried
 * about 6 times meanwhile and the mail goes at the next attempt after it is back.
 */
export const MAIL_POLICY: Partial<QueuePolicy> = {
  retryLimit: 10,
  retryDelaySeconds: 10,
  backoff: true,
  // A relay that hangs is cut off by the SMTP timeouts (mailer.ts) well before this.
  expireInSeconds: 120,
  // A killed instance's mail goes again (or, at most once, is given up) about a minute later.
  heartbeatSeconds: 20,
  // New mail (a sign-up's confirmation) is picked up within a second.
  pollingSeconds: 1,
  // A popular minute of reminders is tens of thousands of mails; each waits on the relay.
  concurrency: 4,
};

/** The shortest time from the first attempt to the last with MAIL_POLICY, for the docs and tests. */
export const minimumRetrySpanSeconds = (policy: Partial<QueuePolicy> = MAIL_POLICY) =>
  (policy.retryDelaySeconds ?? 0) * (2 ** (policy.retryLimit ?? 0) - 1);

type MailDeps = { jobs: JobQueue };

/**
 * Writes the e-mail and its job in `db`'s transaction (a savepoint inside a caller's transaction,
 * a transaction of its own otherwise): a rollback of the cause takes the mail with it. With a
 * `dedupeKey` already used, nothing is written and it answers false.
 */
export async function enqueueMail(
  deps: MailDeps,
  db: DbOrTx,
  message: MailMessage,
  { dedupeKey, atMostOnce = false }: { dedupeKey?: string; atMostOnce?: boolean } = {},
): Promise<boolean> {
  const isWritten = await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(mailOutbox)
      .values({
        to: headerLine(message.to).toLowerCase(),
        replyTo: message.replyTo ? headerLine(message.replyTo) : null,
        subject: headerLine(message.subject),
        text: message.text,
        html: message.html,
        meta: message.meta ?? {},
        dedupeKey: dedupeKey ?? null,
        atMostOnce,
        listUnsubscribe: message.listUnsubscribe ? headerLine(message.listUnsubscribe) : null,
      })
      .onConflictDoNothing({ target: mailOutbox.dedupeKey })
      .returning({ id: mailOutbox.id });
    if (!row) return false;
    await deps.jobs.enqueue(MAIL_QUEUE, { outboxId: row.id } satisfies MailJob, { tx });
    return true;
  });
  // Committed now when this was the outermost transaction: no need to wait for the next poll.
  if (isWritten && !('rollback' in db)) deps.jobs.wake(MAIL_QUEUE);
  return isWritten;
}

/** Why an at-most-once mail was not sent again (its row's last_error). */
export const INTERRUPTED =
  'An earlier attempt was cut off while sending: not sent again, as it may have gone';

/** The mail-send job: one outbox row through the relay, once. */
export async function deliverOutboxMail(
  deps: { db: Database; mailer: Mailer; metrics: Metrics; log: Logger; now: () => Date },
  { outboxId, isLastAttempt }: { outboxId: string; isLastAttempt: boolean },
) {
  const [mail] = await deps.db.select().from(mailOutbox).where(eq(mailOutbox.id, outboxId));
  // Deleted (the account was), sent already (a run cut off after sending, retried) or given up.
  if (!mail || mail.sentAt || mail.failedAt) return;
  const attempts = mail.attempts + 1;
  if (mail.sendingAt && mail.atMostOnce) {
    // The relay may have taken it before the process died: a member's notification twice is worse
    // than once missed (the in-app item stays).
    deps.metrics.mailFailed(true);
    await deps.db
      .update(mailOutbox)
      .set({ lastError: INTERRUPTED, failedAt: deps.now() })
      .where(eq(mailOutbox.id, outboxId));
    deps.log.warn({ outboxId }, 'mail not sent again: an earlier attempt was cut off while sending');
    return;
  }
  await deps.db.update(mailOutbox).set({ sendingAt: deps.now() }).where(eq(mailOutbox.id, outboxId));
  try {
    await deps.mailer.send(mail);
  } catch (err) {
    deps.metrics.mailFailed(isLastAttempt);
    const reason = err instanceof Error ? err.message : String(err);
    await deps.db
      .update(mailOutbox)
      .set({
        attempts,
        sendingAt: null,
        lastError: reason.slice(0, 1000),
        failedAt: isLastAttempt ? deps.now() : null,
      })
      .where(eq(mailOutbox.id, outboxId));
    if (isLastAttempt) deps.log.error({ err, outboxId, attempts }, 'mail not sent: no attempt left');
    throw err;
  }
  deps.metrics.mailSent();
  await deps.db.update(mailOutbox).set({ attempts, sentAt: deps.now() }).where(eq(mailOutbox.id, outboxId));
}

/**
 * Mail waiting with no job to send it: after a restore (backups hold the outbox, not the job
 * queue's schema) or anything else that lost a job. Run at start-up under a lock, so two instances
 * starting together give each row one job; rows older than a week are stale (a week-old
 * confirmation link has expired) and left alone.
 */
export async function requeueStrandedMail(deps: MailDeps & { db: Database }) {
  return deps.db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('core28:requeue-stranded-mail'))`);
    // A job in an earlier release's queue is not lost either: during a rolling deploy its older
    // instances still add and send mail there until the newer ones take it over.
    const [{ hasEarlier } = { hasEarlier: false }] = await rowsOf<{ hasEarlier: boolean }>(
      tx,
      sql`select to_regclass(${`${EARLIER_SCHEMA}.job`}) is not null as "hasEarlier"`,
    );
    const inQueue = (schema: string) =>
      sql`exists (select 1 from ${sql.identifier(schema)}.job j where j.name = ${MAIL_QUEUE} and j.data->>'outboxId' = o.id::text)`;
    const stranded = await rowsOf<{ id: string }>(
      tx,
      sql`
      select o.id from mail_outbox o
      where o.sent_at is null and o.failed_at is null and o.created_at > now() - interval '7 days'
        and not ${inQueue(JOBS_SCHEMA)}
        ${hasEarlier ? sql`and not ${inQueue(EARLIER_SCHEMA)}` : sql``}
    `,
    );
    for (const { id } of stranded)
      await deps.jobs.enqueue(MAIL_QUEUE, { outboxId: id } satisfies MailJob, { tx });
    return stranded.length;
  });
}

/** Sent mail is kept 30 days (the dev mailbox, support questions), then deleted. */
export async function deleteOldSentMail(deps: { db: Database; now: () => Date }) {
  const before = new Date(deps.now().getTime() - 30 * 86_400_000);
  const deleted = await deps.db
    .delete(mailOutbox)
    .where(and(isNotNull(mailOutbox.sentAt), lt(mailOutbox.sentAt, before)))
    .returning({ id: mailOutbox.id });
  return deleted.length;
}

/** E-mails waiting for a (first or next) attempt, for /metrics. */
export async function countPendingMail(deps: { db: Database }) {
  const [row] = await deps.db
    .select({ n: sql<number>`count(*)::int` })
    .from(mailOutbox)
    .where(and(isNull(mailOutbox.sentAt), isNull(mailOutbox.failedAt)));
  return row?.n ?? 0;
}
