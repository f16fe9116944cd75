import { MemberListQuerySchema, UserIdParamSchema } from '@core28/core/admin';
import { Hono } from 'hono';
import { type AppEnv, reportReads } from '../../context.ts';
import { validate } from '../../validate.ts';
import { assertMayCoachMember, requireStaff } from '../auth/session.ts';
import { getMemberDetail, getMemberSummary, listMembersNeedingAttention } from './member-detail.ts';
import { listMembers } from './member-list.ts';
import { getDashboard, getProgramAnalytics } from './service.ts';

/** /api/admin/dashboard: the four cards with their change since yesterday, recent messages and activity. */
export const adminDashboardRoutes = new Hono<AppEnv>()
  .use(requireStaff('business'))
  .get('/', async (c) =>
    c.json(await getDashboard(c.get('deps'), { staff: c.get('staff'), viewerId: c.get('user').id })),
  );

/** /api/admin/program: analytics of member progress. */
export const adminProgramRoutes = new Hono<AppEnv>().use(requireStaff('coach')).get('/', async (c) =>
  c.json(
    await getProgramAnalytics(reportReads(c.get('deps')), {
      staff: c.get('staff'),
      viewerId: c.get('user').id,
    }),
  ),
);

/**
 * /api/admin/attention: who needs attention among the members this staff session coaches. Not
 * under /users, where a fixed segment beside `/:userId` would move every request of the app
 * onto hono's slower trie router.
 */
export const adminAttentionRoutes = new Hono<AppEnv>().use(requireStaff('coach')).get('/', async (c) =>
  c.json({
    attention: await listMembersNeedingAttention(c.get('deps'), {
      staff: c.get('staff'),
      viewerId: c.get('user').id,
    }),
  }),
);

/** /api/admin/users: the member list, searched and paged on the server. */
export const adminUserRoutes = new Hono<AppEnv>()
  .use(requireStaff('coach'))
  .get('/', validate('query', MemberListQuerySchema), async (c) =>
    c.json(
      await listMembers(c.get('deps'), c.req.valid('query'), {
        staff: c.get('staff'),
        viewerId: c.get('user').id,
      }),
    ),
  )
  // One member as the coach sees them, and the chat's side panel
  .get('/:userId', validate('param', UserIdParamSchema), async (c) => {
    await assertMayCoachMember(c, c.req.valid('param').userId);
    return c.json(await getMemberDetail(c.get('deps'), c.req.valid('param')));
  })
  .get('/:userId/summary', validate('param', UserIdParamSchema), async (c) => {
    await assertMayCoachMember(c, c.req.valid('param').userId);
    return c.json(await getMemberSummary(c.get('deps'), c.req.valid('param')));
  });
