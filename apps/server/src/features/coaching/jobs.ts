import type { Deps } from '../../context.ts';
import { defineJob, type Jobs, NO_PAYLOAD } from '../../platform/jobs/define.ts';
import { mailUnreadCoaching } from './unread-mail.ts';

export const UNREAD_MAIL_QUEUE = 'coaching-unread-mail';

export const coachingJobs: Jobs<Deps> = [
  defineJob({
    queue: UNREAD_MAIL_QUEUE,
    payload: NO_PAYLOAD,
    /** Coaching messages unread for NOTIFY_UNREAD_AFTER_MINUTES. */
    cron: '* * * * *',
    run: async (deps: Deps) => {
      const mailed = await mailUnreadCoaching(deps);
      if (mailed) deps.log.info({ mailed }, 'unread coaching e-mails written');
    },
  }),
];
