import { defineJob, type Jobs, NO_PAYLOAD } from '../jobs/define.ts';
import { deleteOldSentMail, deliverOutboxMail, MAIL_POLICY, MAIL_QUEUE, mailJobPayload } from './outbox.ts';

// MAIL_QUEUE is declared in outbox.ts, beside enqueueMail: this file imports outbox.ts, so
// outbox.ts cannot import it.
export { MAIL_QUEUE };

/** Sent mail after 30 days; its own queue since the clean-up was split by owner. */
export const SENT_MAIL_CLEANUP_QUEUE = 'sent-mail-cleanup';

type MailJobDeps = Parameters<typeof deliverOutboxMail>[0];

export const mailJobs: Jobs<MailJobDeps> = [
  defineJob({
    queue: MAIL_QUEUE,
    payload: mailJobPayload,
    policy: MAIL_POLICY,
    run: (deps: MailJobDeps, { outboxId }, run) =>
      deliverOutboxMail(deps, { outboxId, isLastAttempt: run.isLastAttempt }),
  }),
  defineJob({
    queue: SENT_MAIL_CLEANUP_QUEUE,
    payload: NO_PAYLOAD,
    // The time the one clean-up ran before it was split: auth's part keeps it too.
    cron: '17 3 * * *',
    run: async (deps: MailJobDeps) => {
      const sentMail = await deleteOldSentMail(deps);
      if (sentMail) deps.log.info({ sentMail }, 'sent mail deleted');
    },
  }),
];
