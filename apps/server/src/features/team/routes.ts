import { UserIdParamSchema } from '@core28/core/admin';
import {
  CoachProfileInputSchema,
  InvitationIdParamSchema,
  InvitationInputSchema,
  InvitationTokenSchema,
  TeamMemberUpdateSchema,
} from '@core28/core/team';
import { Hono } from 'hono';
import type { AppEnv } from '../../context.ts';
import { clientIp } from '../../http/client-ip.ts';
import { portraitBodyLimit, uploadedPortrait } from '../../http/portrait-upload.ts';
import { validate } from '../../validate.ts';
import { requireStaff, requireUser } from '../auth/session.ts';
import {
  acceptInvitation,
  createInvitation,
  getCoachProfile,
  listOpenInvitations,
  listTeam,
  previewInvitation,
  removeFromTeam,
  replaceCoachPhoto,
  revokeInvitation,
  updateCoachProfile,
  updateTeamMember,
} from './service.ts';

/** /api/admin/team: the owner's team page (every write here is audited by the /api/admin middleware). */
export const adminTeamRoutes = new Hono<AppEnv>()
  .use(requireStaff('team'))
  .get('/', async (c) => {
    const deps = c.get('deps');
    const [members, invitations] = await Promise.all([listTeam(deps), listOpenInvitations(deps)]);
    return c.json({ members, invitations, replyTargetHours: deps.config.coachReplyTargetHours });
  })
  .post('/invitations', validate('json', InvitationInputSchema), async (c) => {
    const invitation = await createInvitation(c.get('deps'), {
      invitedBy: c.get('user').id,
      ...c.req.valid('json'),
    });
    c.set('audit', { detail: { email: invitation.email, roles: invitation.roles } });
    return c.json({ invitation }, 201);
  })
  .delete('/invitations/:id', validate('param', InvitationIdParamSchema), async (c) => {
    await revokeInvitation(c.get('deps'), c.req.valid('param'));
    return c.json({ ok: true as const });
  })
  // Under /members: a fixed segment (`invitations`) beside `/:userId` would move every request
  // of the app onto hono's slower trie router.
  .patch(
    '/members/:userId',
    validate('param', UserIdParamSchema),
    validate('json', TeamMemberUpdateSchema),
    async (c) => {
      const body = c.req.valid('json');
      const result = await updateTeamMember(c.get('deps'), {
        by: c.get('user').id,
        userId: c.req.valid('param').userId,
        ...(body.roles ? { roles: body.roles } : {}),
        ...(body.seats !== undefined ? { seats: body.seats } : {}),
      });
      c.set('audit', { detail: { ...body, reassigned: result.reassigned } });
      return c.json(result);
    },
  )
  .delete('/members/:userId', validate('param', UserIdParamSchema), async (c) => {
    const result = await removeFromTeam(c.get('deps'), {
      by: c.get('user').id,
      userId: c.req.valid('param').userId,
    });
    c.set('audit', { detail: result });
    return c.json(result);
  });

/** /api/team: an invitation's link, opened by the person invited (signed in to accept). */
export const teamRoutes = new Hono<AppEnv>()
  .get('/invitations/preview', validate('query', InvitationTokenSchema), async (c) =>
    c.json(await previewInvitation(c.get('deps'), c.req.valid('query'))),
  )
  .post(
    '/invitations/accept',
    requireUser('Sign in with the invited address to accept.'),
    validate('json', InvitationTokenSchema),
    async (c) =>
      c.json(
        await acceptInvitation(c.get('deps'), {
          token: c.req.valid('json').token,
          actor: { id: c.get('user').id, ip: clientIp(c) },
        }),
      ),
  );

/** /api/admin/coach-profile: each coach's own name, bio and photo. */
export const adminCoachProfileRoutes = new Hono<AppEnv>()
  .use(requireStaff('coach'))
  .get('/', async (c) => c.json(await getCoachProfile(c.get('deps'), { userId: c.get('user').id })))
  .put('/', validate('json', CoachProfileInputSchema), async (c) =>
    c.json(await updateCoachProfile(c.get('deps'), { userId: c.get('user').id, ...c.req.valid('json') })),
  )
  .post('/photo', portraitBodyLimit, async (c) =>
    c.json(
      await replaceCoachPhoto(c.get('deps'), {
        userId: c.get('user').id,
        bytes: await uploadedPortrait(c.req),
      }),
    ),
  );
