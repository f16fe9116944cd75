// The access matrix's table, run by access-matrix.test.ts against every API route the
// server registers (and /metrics) × every kind of caller. It says who may do what; a
// route missing from it fails the test, so a new route cannot be forgotten: add its row here.
// What a plan buys is not written here: the roles' plan states go through core's entitlementsOf,
// the one rule (docs/decisions/0021), and the routes it gates follow it.

import { type Entitlements, has, mayTrainDay } from '@core28/core/entitlements';

/**
 * The callers: a visitor; members in every plan state (docs/decisions/0021's matrix): no plan, a
 * running trial, a trial that ended, a paid plan that lapsed, a failed renewal in its grace and
 * after it, The Daily Core, 1-on-1 Burn (two: `memberB` owns the topic and attachment the
 * owner-only routes are tried on, and is the owner's member); and the staff (docs/decisions/0027):
 * a coach with no members of their own, a coach granted all members, a content editor, the owner.
 */
export const ROLES = [
  'anonymous',
  'noPlan',
  'trial',
  'trialEnded',
  'lapsedPaid',
  'pastDueInGrace',
  'pastDueAfterGrace',
  'dailyCore',
  'burn',
  'memberB',
  'coach',
  'coachAll',
  'editor',
  'owner',
] as const;
export type Role = (typeof ROLES)[number];

export type Access =
  /** Anyone, signed in or not. */
  | 'public'
  /** Any signed-in account (anonymous 401), whatever the plan: the member's history and account. */
  | 'member'
  /** Training day N (a session, finishing, completing, results, wellness): the plan rule's `train`. */
  | 'train'
  /** The exercise library: the plan rule's `library`. */
  | 'library'
  /** Training the whole program, not the taster's day 1 (continuing a round after a break). */
  | 'train-all'
  /** Another round or program: the plan rule's `programs` (anonymous 401, others 403). */
  | 'programs'
  /** Coaching: the plan rule's `coaching` (anonymous 401, others 403). */
  | 'burn'
  /** A coaching route on member B's own topic: B only; other members with coaching and the admin 404. */
  | 'burn-owner'
  /** The owner only: the team, money, the audit log (anonymous 401, everyone else 403). */
  | 'owner'
  /** Coaching staff, on lists scoped to their members (anonymous 401, members and the editor 403). */
  | 'coach'
  /**
   * Coaching staff on member B (the owner's member): the owner and a coach with all members; a
   * coach of other members gets 404, as if B did not exist.
   */
  | 'coach-member'
  /** A coach's own object (the owner's here): another coach gets 404. */
  | 'coach-own'
  /** The blog, exercises, programs: the owner and content editors. */
  | 'content'
  /** The support inbox: the owner and staff granted it (no column here holds the grant). */
  | 'support'
  /**
   * An attachment in member B's topic: B and the staff who coach B (the owner, a coach with all
   * members); everyone else 403, even with 1-on-1 Burn and the link.
   */
  | 'conversation'
  /** Only through a valid HMAC-signed link: 403 for every caller without one. */
  | 'signed-link'
  /**
   * Billing details and portal: members who paid through the provider (spec §6: not for trial or
   * Feel and Burn). Nobody here has a provider customer (tiers are set directly), so every
   * signed-in caller gets 403; the paying side is tested in features/subscriptions.
   */
  | 'provider-customer'
  /** Only the payment provider (Stripe is not configured in tests: 404 for everyone). */
  | 'provider'
  /** The WebSocket endpoint; a plain request gets 426 (the handshake is tested in live.test.ts). */
  | 'upgrade'
  /** better-auth's own catch-all handler, tested route by route in features/auth. */
  | 'auth-library'
  /**
   * Only with `Authorization: Bearer $METRICS_TOKEN`: a session, even the admin's, is
   * not the token, so every caller here gets 401 (the token itself: site/metrics.test.ts).
   */
  | 'metrics-token'
  /**
   * The calendar feed, read with the caller's own feed token (none for a visitor: a made-up one,
   * 404): the plan rule's `reminders`, 403 PLAN_REQUIRED without it.
   */
  | 'feed'
  /**
   * Only with a token the server put in an e-mail or gave the member (one-click
   * unsubscribe), never a session: without a valid one, this status for all.
   */
  | { token: 400 | 404 };

export const POLICY: Record<string, Access> = {
  'POST /api/auth/recover-password': 'public',
  'GET /api/auth/*': 'auth-library',
  'POST /api/auth/*': 'auth-library',
  'GET /api/me': 'public',
  'GET /api/auth/providers': 'public',
  'GET /api/health': 'public',
  'GET /api/ready': 'public',
  'GET /api/openapi.json': 'public',
  'GET /api/reference': 'public',
  'GET /api/profile': 'member',
  'PATCH /api/profile': 'member',
  'POST /api/profile/complete': 'member',
  'POST /api/profile/avatar': 'member',
  'GET /api/profile/export': 'member',
  'POST /api/profile/delete': 'member',
  'GET /api/program': 'member',
  'POST /api/program/complete': 'train',
  'PUT /api/program/results': 'train',
  'PUT /api/program/wellness': 'train',
  'GET /api/program/days/:day/session': 'train',
  'POST /api/program/days/:day/finish': 'train',
  'GET /api/programs': 'member',
  'GET /api/rounds': 'member',
  'POST /api/rounds': 'programs',
  'POST /api/rounds/current/continue': 'train-all',
  'GET /api/rounds/:number/results': 'member',
  'GET /api/rounds/:number/share.png': 'member',
  'GET /api/push/key': 'member',
  'POST /api/push/subscriptions': 'member',
  'POST /api/push/subscriptions/remove': 'member',
  'GET /api/push/devices': 'member',
  'POST /api/push/devices/:id/remove': 'member',
  'GET /api/exercises': 'library',
  'GET /api/exercises/today': 'public',
  'GET /api/blog/articles': 'public',
  'GET /api/blog/articles/:slug': 'public',
  'POST /api/contact': 'public',
  'GET /api/coaching/seats': 'public',
  'POST /api/coaching/waitlist': 'public',
  'GET /api/admin/waitlist': 'owner',
  'DELETE /api/admin/waitlist/:waitlistId': 'owner',
  'GET /api/admin/blog/articles': 'content',
  'POST /api/admin/blog/articles': 'content',
  'PUT /api/admin/blog/articles/:id': 'content',
  'DELETE /api/admin/blog/articles/:id': 'content',
  'GET /api/admin/exercises': 'content',
  'POST /api/admin/exercises': 'content',
  'PUT /api/admin/exercises/:id': 'content',
  'POST /api/admin/exercises/:id/video': 'content',
  'DELETE /api/admin/exercises/:id/video': 'content',
  'GET /api/admin/users': 'coach',
  'GET /api/admin/dashboard': 'owner',
  'GET /api/admin/business/now': 'owner',
  'GET /api/admin/business/over-time': 'owner',
  'GET /api/admin/business/cohorts': 'owner',
  'GET /api/admin/audit': 'owner',
  'GET /api/admin/audit/actors': 'owner',
  'GET /api/admin/program': 'coach',
  'GET /api/admin/program-days': 'content',
  'PUT /api/admin/program-days/:day': 'content',
  'POST /api/admin/program-days/swap': 'content',
  'GET /api/admin/programs': 'content',
  'POST /api/admin/programs': 'content',
  'GET /api/admin/programs/:id': 'content',
  'PATCH /api/admin/programs/:id': 'content',
  'PUT /api/admin/programs/:id/days/:day': 'content',
  'POST /api/admin/programs/:id/duplicate': 'content',
  'POST /api/admin/programs/:id/publish': 'content',
  'POST /api/admin/programs/:id/retire': 'content',
  'GET /api/admin/programs/:id/analytics': 'content',
  'GET /api/coaching/topics': 'burn',
  'POST /api/coaching/topics': 'burn',
  'GET /api/coaching/topics/:topicId': 'burn-owner',
  'POST /api/coaching/topics/:topicId/messages': 'burn-owner',
  'POST /api/coaching/topics/:topicId/read': 'burn-owner',
  'GET /api/admin/coaching/topics': 'coach',
  'GET /api/admin/coaching/topics/:topicId': 'coach-member',
  'POST /api/admin/coaching/topics/:topicId/replies': 'coach-member',
  'POST /api/admin/coaching/topics/:topicId/read': 'coach-member',
  'PATCH /api/admin/coaching/topics/:topicId': 'coach-member',
  // The coach's workspace
  'GET /api/admin/users/:userId': 'coach-member',
  'GET /api/admin/users/:userId/summary': 'coach-member',
  'GET /api/admin/member-plans/:userId': 'coach-member',
  'PUT /api/admin/member-plans/:userId/days/:day': 'coach-member',
  'DELETE /api/admin/member-plans/:userId/days/:day': 'coach-member',
  'POST /api/coaching/topics/:topicId/attachments': 'burn-owner',
  'GET /api/coaching/attachments/:messageId': 'conversation',
  'POST /api/admin/coaching/topics/:topicId/attachments': 'coach-member',
  'GET /api/admin/coaching/unread': 'coach',
  'GET /api/admin/attention': 'coach',
  // The support inbox
  'GET /api/admin/support': 'support',
  'GET /api/admin/support/:messageId': 'support',
  'PATCH /api/admin/support/:messageId': 'support',
  'POST /api/admin/support/:messageId/replies': 'support',
  'GET /api/admin/coaching/saved-replies': 'coach',
  'POST /api/admin/coaching/saved-replies': 'coach',
  'PUT /api/admin/coaching/saved-replies/:replyId': 'coach-own',
  'DELETE /api/admin/coaching/saved-replies/:replyId': 'coach-own',
  // Member B has no second factor: the owner's reset answers that nothing was reset.
  'POST /api/admin/staff/:userId/two-factor/reset': 'owner',
  'GET /api/files/*': 'signed-link',
  'POST /api/webhooks/stripe': 'provider',
  'GET /api/subscription': 'member',
  'POST /api/subscription/trial': 'member',
  'POST /api/subscription/checkout': 'member',
  'POST /api/subscription/confirm': 'member',
  'GET /api/subscription/billing': 'provider-customer',
  'POST /api/subscription/portal': 'provider-customer',
  'GET /api/subscription/plan': 'member',
  'POST /api/subscription/change/preview': 'provider-customer',
  'POST /api/subscription/change': 'provider-customer',
  'POST /api/subscription/resume': 'provider-customer',
  'POST /api/subscription/portal/cancel': 'provider-customer',
  'GET /api/realtime': 'upgrade',
  'GET /metrics': 'metrics-token',
  'GET /api/notifications': 'member',
  'PUT /api/notifications': 'member',
  'POST /api/notifications/time-zone': 'member',
  'GET /api/notifications/unsubscribe': { token: 400 },
  'POST /api/notifications/unsubscribe': { token: 400 },
  'GET /api/news': 'member',
  'POST /api/news/read': 'member',
  'GET /api/calendar/link': 'member',
  'POST /api/calendar/link': 'member',
  'GET /api/calendar/*': 'feed',
  // The team (docs/decisions/0027): the owner's page, each coach's profile, an invitation's link
  'GET /api/admin/team': 'owner',
  'POST /api/admin/team/invitations': 'owner',
  'DELETE /api/admin/team/invitations/:id': 'owner',
  'PATCH /api/admin/team/members/:userId': 'owner',
  'DELETE /api/admin/team/members/:userId': 'owner',
  'PUT /api/admin/users/:userId/coach': 'owner',
  'GET /api/admin/coach-profile': 'coach',
  'PUT /api/admin/coach-profile': 'coach',
  'POST /api/admin/coach-profile/photo': 'coach',
  'GET /api/team/invitations/preview': { token: 400 },
  'POST /api/team/invitations/accept': 'member',
  'GET /api/coaching/coach': 'burn',
};

/** A body a caller with access would send (refusals must not depend on the body). */
export const BODIES: Record<string, unknown> = {
  'POST /api/auth/recover-password': { token: 'not-a-token', newPassword: 'Core#2026other' },
  'PATCH /api/profile': { firstName: 'Matrix' },
  'POST /api/profile/complete': {
    firstName: 'Matrix',
    lastName: 'Test',
    age: 30,
    gender: 'female',
    fitnessLevel: 'beginner',
    goals: ['Build core strength'],
    country: 'DE',
  },
  'POST /api/profile/delete': { password: 'not-the-password' },
  'POST /api/program/complete': { day: 1 },
  'POST /api/rounds': { program: 'core28' },
  'PUT /api/program/results': { day: 1, totalSeconds: 90, reps: 20 },
  'PUT /api/program/wellness': { day: 1, feeling: 4, energy: 3 },
  'POST /api/program/days/:day/finish': { totalSeconds: 600, reps: 40, feeling: 4, energy: 3 },
  // a browser's subscription at Firefox's push service (nothing is sent to it here)
  'POST /api/push/subscriptions': {
    endpoint: 'https://updates.push.services.mozilla.com/wpush/v2/matrix',
    keys: { p256dh: `B${'A'.repeat(86)}`, auth: 'AAAAAAAAAAAAAAAAAAAAAA' },
  },
  'POST /api/push/subscriptions/remove': {
    endpoint: 'https://updates.push.services.mozilla.com/wpush/v2/matrix',
  },
  // exercise 1 is the seeded Dead Bug, a reps exercise
  'PUT /api/admin/program-days/:day': {
    exerciseId: 1,
    sets: 5,
    workSeconds: null,
    targetReps: 12,
    restSeconds: 45,
  },
  'POST /api/admin/program-days/swap': { from: 1, to: 2 },
  'POST /api/admin/programs': { name: 'Matrix Program', level: 'beginner', days: 7 },
  'PATCH /api/admin/programs/:id': { description: 'Matrix' },
  'PUT /api/admin/programs/:id/days/:day': {
    items: [{ exerciseId: 1, sets: 3, workSeconds: null, targetReps: 10, restSeconds: 30 }],
  },
  'POST /api/contact': { name: 'Matrix', email: 'matrix@example.com', message: 'Hello' },
  'POST /api/coaching/waitlist': { email: 'matrix-waitlist@example.com', interval: 'month' },
  'POST /api/admin/blog/articles': {
    title: 'Matrix article',
    content: 'Body',
    excerpt: '',
    published: false,
  },
  'PUT /api/admin/blog/articles/:id': {
    title: 'Matrix article',
    content: 'Body',
    excerpt: '',
    published: false,
  },
  'POST /api/admin/exercises': { name: 'Matrix Plank' },
  'PUT /api/admin/exercises/:id': { name: 'Matrix Plank' },
  'POST /api/coaching/topics': { title: 'Matrix topic' },
  'POST /api/coaching/topics/:topicId/messages': { message: 'Matrix message' },
  'POST /api/admin/coaching/topics/:topicId/replies': { message: 'Matrix reply' },
  'PATCH /api/admin/coaching/topics/:topicId': { isArchived: false },
  'PUT /api/admin/member-plans/:userId/days/:day': {
    exerciseId: 1,
    sets: 4,
    targetReps: 10,
    restSeconds: 45,
  },
  'POST /api/admin/coaching/saved-replies': { title: 'Matrix', body: 'Hi {firstName}' },
  'PATCH /api/admin/support/:messageId': { handled: true },
  'POST /api/admin/support/:messageId/replies': { message: 'Matrix' },
  'PUT /api/admin/coaching/saved-replies/:replyId': { title: 'Matrix', body: 'Hi {firstName}' },
  'POST /api/admin/team/invitations': { email: 'matrix-invite@example.com', roles: ['coach'] },
  'PATCH /api/admin/team/members/:userId': { seats: 3 },
  'PUT /api/admin/users/:userId/coach': { coachId: 'not-a-coach' },
  'PUT /api/admin/coach-profile': { name: 'Matrix Coach', bio: '' },
  'POST /api/team/invitations/accept': { token: 'not-an-invitation-token-at-all' },
  'POST /api/subscription/checkout': { plan: 'daily-core-monthly' },
  'POST /api/subscription/confirm': { sessionId: 'cs_not_a_session' },
  'POST /api/subscription/change/preview': { plan: 'burn-monthly' },
  'POST /api/subscription/change': { plan: 'burn-monthly' },
  'POST /api/webhooks/stripe': { type: 'checkout.session.completed' },
  'PUT /api/notifications': { reminderTime: '06:45', email: { 'weekly-summary': false } },
  'POST /api/notifications/time-zone': { timeZone: 'Europe/Berlin' },
  'POST /api/news/read': { upTo: '00000000-0000-4000-8000-000000000000' },
};

/** What a caller is, for the table: who they are, what their plan allows now, the day tried. */
export type Caller = { role: Role; entitlements: Entitlements | null; day: number };

/** What each caller must get, by access kind: a status, or 'allowed' (not refused, no 5xx). */
export function expected(
  access: Access,
  { role, entitlements: e, day }: Caller,
): number | 'allowed' | 'skip' {
  if (role !== 'anonymous' && !e) throw new Error(`${role} has no entitlements`);
  const refusedUnless = (isAllowed: boolean) => (role === 'anonymous' ? 401 : isAllowed ? 'allowed' : 403);
  switch (access) {
    case 'public':
      return 'allowed';
    case 'member':
      return role === 'anonymous' ? 401 : 'allowed';
    case 'train':
      return refusedUnless(e !== null && mayTrainDay(e, day));
    case 'library':
      return refusedUnless(e !== null && has(e, 'library'));
    case 'programs':
      return refusedUnless(e !== null && has(e, 'programs'));
    case 'train-all':
      return refusedUnless(e?.train === 'all');
    case 'burn':
      return refusedUnless(Boolean(e?.coaching));
    case 'burn-owner':
      if (role === 'anonymous') return 401;
      if (!e?.coaching) return 403;
      return role === 'memberB' ? 'allowed' : 404;
    case 'owner':
      return refusedUnless(role === 'owner');
    case 'coach':
      return refusedUnless(role === 'owner' || role === 'coach' || role === 'coachAll');
    case 'coach-member':
      if (role === 'coach') return 404;
      return refusedUnless(role === 'owner' || role === 'coachAll');
    case 'coach-own':
      if (role === 'coach' || role === 'coachAll') return 404;
      return refusedUnless(role === 'owner');
    case 'content':
      return refusedUnless(role === 'owner' || role === 'editor');
    case 'support':
      return refusedUnless(role === 'owner');
    case 'conversation':
      return refusedUnless(role === 'memberB' || role === 'owner' || role === 'coachAll');
    case 'signed-link':
      return 403;
    case 'provider-customer':
      return role === 'anonymous' ? 401 : 403;
    case 'provider':
      return 404;
    case 'upgrade':
      return 426;
    case 'auth-library':
      return 'skip';
    case 'metrics-token':
      return 401;
    case 'feed':
      return role === 'anonymous' ? 404 : e?.reminders ? 'allowed' : 403;
    default:
      return access.token;
  }
}

/** The routes tried on more than one day: the taster opens Day 1 only. */
export const DAYS_TRIED: Partial<Record<Access & string, number[]>> = { train: [1, 2] };
