import type { Deps } from '../../context.ts';
import { defineJob, type Jobs, NO_PAYLOAD } from '../../platform/jobs/define.ts';
import { offerFreeSeats, SEAT_OFFERS_QUEUE } from './offers.ts';

export const seatJobs: Jobs<Deps> = [
  defineJob({
    queue: SEAT_OFFERS_QUEUE,
    payload: NO_PAYLOAD,
    /** Offers that ran out and holds that expired free seats with no event: look every 5 minutes. */
    cron: '*/5 * * * *',
    run: async (deps: Deps) => {
      const { offered, expired } = await offerFreeSeats(deps);
      if (offered || expired) deps.log.info({ offered, expired }, 'waitlist seat offers');
    },
  }),
];
