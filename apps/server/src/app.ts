import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { REALTIME_PATH } from '@core28/core/realtime';
import { Hono } from 'hono';
import type { AppEnv, Deps } from './context.ts';
import { AppError, errorBody } from './errors.ts';
import {
  adminAttentionRoutes,
  adminDashboardRoutes,
  adminProgramRoutes,
  adminUserRoutes,
} from './features/admin/routes.ts';
import { auditStaffWrites } from './features/audit/log.ts';
import { adminAuditRoutes } from './features/audit/routes.ts';
import { closeLiveOnSignOut } from './features/auth/live-sessions.ts';
import { authRoutes } from './features/auth/routes.ts';
import { adminTwoFactorRoutes } from './features/auth/two-factor-admin.ts';
import { adminBlogRoutes } from './features/blog/admin-routes.ts';
import { blogFeedRoutes } from './features/blog/feeds.ts';
import { blogRoutes } from './features/blog/routes.ts';
import { findPublicArticle } from './features/blog/service.ts';
import { adminBusinessRoutes } from './features/business/routes.ts';
import { calendarRoutes } from './features/calendar/routes.ts';
import { adminCoachingRoutes } from './features/coaching/admin-routes.ts';
import { adminMemberCoachRoutes } from './features/coaching/member-coach-routes.ts';
import { coachingRoutes } from './features/coaching/routes.ts';
import { contactRoutes } from './features/contact/routes.ts';
import { devRoutes } from './features/dev/routes.ts';
import { adminExerciseRoutes } from './features/exercises/admin-routes.ts';
import { fileRoutes } from './features/files/routes.ts';
import { probeRoutes } from './features/health/routes.ts';
import { newsRoutes } from './features/news/routes.ts';
import { notificationRoutes, UNSUBSCRIBE_PATH } from './features/notifications/routes.ts';
import { profileRoutes } from './features/profile/routes.ts';
import {
  adminMemberPlanRoutes,
  adminProgramDayRoutes,
  adminProgramsRoutes,
} from './features/program/admin-routes.ts';
import { exerciseRoutes } from './features/program/exercise-routes.ts';
import { programLibraryRoutes, roundRoutes } from './features/program/round-routes.ts';
import { programRoutes } from './features/program/routes.ts';
import { pushRoutes } from './features/push/routes.ts';
import { adminWaitlistRoutes, seatRoutes } from './features/seats/routes.ts';
import { demoPayRoutes } from './features/subscriptions/demo-pay.ts';
import { subscriptionRoutes } from './features/subscriptions/routes.ts';
import { webhookRoutes } from './features/subscriptions/webhook-routes.ts';
import { adminSupportRoutes } from './features/support/routes.ts';
import { adminCoachProfileRoutes, adminTeamRoutes, teamRoutes } from './features/team/routes.ts';
import { onError } from './http/on-error.ts';
import { requestFrame, requestGuards } from './http/request-frame.ts';
import { sameOriginWrites, securityHeaderList } from './http/security.ts';
import { metricsRoutes } from './site/metrics.ts';
import { apiDescription, referencePage } from './site/openapi.ts';
import { seoRoutes } from './site/seo.ts';
import { webApp } from './site/static.ts';
import { wellKnownRoutes } from './site/well-known.ts';

/** Every API route, chained so the web's typed client (hc<AppType>) sees them all. */
const apiRoutes = new Hono<AppEnv>()
  .route('/', authRoutes)
  .route('/profile', profileRoutes)
  .route('/program', programRoutes)
  .route('/programs', programLibraryRoutes)
  .route('/rounds', roundRoutes)
  .route('/exercises', exerciseRoutes)
  .route('/blog', blogRoutes)
  .route('/contact', contactRoutes)
  .use('/admin/*', auditStaffWrites)
  .route('/admin/audit', adminAuditRoutes)
  .route('/admin/blog', adminBlogRoutes)
  .route('/admin/exercises', adminExerciseRoutes)
  .route('/admin/users', adminUserRoutes)
  .route('/admin/attention', adminAttentionRoutes)
  .route('/admin/users', adminMemberCoachRoutes)
  .route('/admin/team', adminTeamRoutes)
  .route('/admin/coach-profile', adminCoachProfileRoutes)
  .route('/team', teamRoutes)
  .route('/admin/dashboard', adminDashboardRoutes)
  .route('/admin/business', adminBusinessRoutes)
  .route('/admin/program', adminProgramRoutes)
  .route('/admin/program-days', adminProgramDayRoutes)
  .route('/admin/programs', adminProgramsRoutes)
  .route('/admin/member-plans', adminMemberPlanRoutes)
  .route('/admin/staff', adminTwoFactorRoutes)
  .route('/coaching', seatRoutes)
  .route('/coaching', coachingRoutes)
  .route('/admin/waitlist', adminWaitlistRoutes)
  .route('/admin/coaching', adminCoachingRoutes)
  .route('/admin/support', adminSupportRoutes)
  .route('/files', fileRoutes)
  .route('/webhooks', webhookRoutes)
  .route('/subscription', subscriptionRoutes)
  .route('/notifications', notificationRoutes)
  .route('/news', newsRoutes)
  .route('/calendar', calendarRoutes)
  .route('/push', pushRoutes);

export type AppType = typeof apiRoutes;

const DEFAULT_WEB_DIST = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../web/dist');

export function createApp(deps: Deps) {
  const app = new Hono<AppEnv>();
  // The load balancer's probes, before the browser-facing pipeline below: they carry what applies
  // to them (features/health/routes.ts).
  app.route('/api', probeRoutes(deps));
  app.use(requestFrame(deps, securityHeaderList(deps.config.isProduction, deps.storage.origin)));
  // The one exemption: RFC 8058 one-click unsubscribe is POSTed by mail clients from anywhere; its
  // signed token, not a cookie, is the authority, so a cross-site POST can forge nothing there.
  app.use(requestGuards(deps.config.publicUrl, { exempt: [UNSUBSCRIBE_PATH] }));
  app.use('/api/auth/sign-out', closeLiveOnSignOut);
  // The same app, typed with every API route: what the tests' testClient(app) reads.
  const typedApp = app.route('/api', apiRoutes);
  app.get(REALTIME_PATH, (c) =>
    c.json(errorBody('UPGRADE_REQUIRED', 'This address takes a WebSocket connection.'), 426),
  );
  // The API's description, made once from the routes above at its first request.
  let description: ReturnType<typeof apiDescription> | undefined;
  const describeApi = () => {
    description ??= apiDescription(app, deps).catch((err) => {
      description = undefined;
      throw err;
    });
    return description;
  };
  app.get('/api/openapi.json', async (c) => c.json(await describeApi()));
  if (!deps.config.isProduction) {
    app.get('/api/reference', async (c) => c.html(referencePage(await describeApi())));
  }
  app.all('/api/*', () => {
    throw new AppError('NOT_FOUND', 'No such API route');
  });
  app.route('/metrics', metricsRoutes);
  if (!deps.config.isProduction) app.route('/dev', devRoutes);
  if (deps.payments.kind === 'demo') {
    app.use('/demo-pay/*', sameOriginWrites(deps.config.publicUrl));
    app.route('/demo-pay', demoPayRoutes);
  }
  app.route('/', seoRoutes);
  app.route('/', wellKnownRoutes);
  app.route('/', blogFeedRoutes);
  app.route('/', webApp(deps.config.webDist ?? DEFAULT_WEB_DIST, { findArticle: findPublicArticle }));
  app.onError(onError);
  return typedApp;
}
