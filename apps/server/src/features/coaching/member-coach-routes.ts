import { UserIdParamSchema } from '@core28/core/admin';
import { MemberCoachInputSchema } from '@core28/core/team';
import { Hono } from 'hono';
import type { AppEnv } from '../../context.ts';
import { validate } from '../../validate.ts';
import { requireStaff } from '../auth/session.ts';
import { moveMemberToCoach } from './coach-change.ts';

/** PUT /api/admin/users/:userId/coach: the owner gives a member another coach (beside adminUserRoutes). */
export const adminMemberCoachRoutes = new Hono<AppEnv>().put(
  '/:userId/coach',
  requireStaff('team'),
  validate('param', UserIdParamSchema),
  validate('json', MemberCoachInputSchema),
  async (c) =>
    c.json(
      await moveMemberToCoach(c.get('deps'), {
        by: c.get('user').id,
        userId: c.req.valid('param').userId,
        coachId: c.req.valid('json').coachId,
      }),
    ),
);
