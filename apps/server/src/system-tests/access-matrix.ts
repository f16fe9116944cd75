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
 * owner-only routes are tried on); and the admin.
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
  'admin',
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
  /** Admins only (anonymous 401, members 403). */
  | 'admin'
  /**
   * An attachment in member B's topic: B and the coach; every other member 403, even
   * with 1-on-1 Burn and the link.
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
  'GET /api/admin/blog/articles': 'admin',
  'POST /api/admin/blog/articles': 'admin',
  'PUT /api/admin/blog/articles/:id': 'admin',
  'DELETE /api/admin/blog/articles/:id': 'admin',
  'GET /api/admin/exercises': 'admin',
  'POST /api/admin/exercises': 'admin',
  'PUT /api/admin/exercises/:id': 'admin',
  'POST /api/admin/exercises/:id/video': 'admin',
  'DELETE /api/admin/exercises/:id/video': 'admin',
  'GET /api/admin/users': 'admin',
  'GET /api/admin/dashboard': 'admin',
  'GET /api/admin/program': 'admin',
  'GET /api/admin/program-days': 'admin',
  'PUT /api/admin/program-days/:day': 'admin',
  'POST /api/admin/program-days/swap': 'admin',
  'GET /api/admin/programs': 'admin',
  'POST /api/admin/programs': 'admin',
  'GET /api/admin/programs/:id': 'admin',
  'PATCH /api/admin/programs/:id': 'admin',
  'PUT /api/admin/programs/:id/days/:day': 'admin',
  'POST /api/admin/programs/:id/duplicate': 'admin',
  'POST /api/admin/programs/:id/publish': 'admin',
  'POST /api/admin/programs/:id/retire': 'admin',
  'GET /api/admin/programs/:id/analytics': 'admin',
  'GET /api/coaching/topics': 'burn',
  'POST /api/coaching/topics': 'burn',
  'GET /api/coaching/topics/:topicId': 'burn-owner',
  'POST /api/coaching/topics/:topicId/messages': 'burn-owner',
  'POST /api/coaching/topics/:topicId/read': 'burn-owner',
  'GET /api/admin/coaching/topics': 'admin',
  'GET /api/admin/coaching/topics/:topicId': 'admin',
  'POST /api/admin/coaching/topics/:topicId/replies': 'admin',
  'POST /api/admin/coaching/topics/:topicId/read': 'admin',
  'PATCH /api/admin/coaching/topics/:topicId': 'admin',
  // The coach's workspace
  'GET /api/admin/users/:userId': 'admin',
  'GET /api/admin/users/:userId/summary': 'admin',
  'GET /api/admin/member-plans/:userId': 'admin',
  'PUT /api/admin/member-plans/:userId/days/:day': 'admin',
  'DELETE /api/admin/member-plans/:userId/days/:day': 'admin',
  'POST /api/coaching/topics/:topicId/attachments': 'burn-owner',
  'GET /api/coaching/attachments/:messageId': 'conversation',
  'POST /api/admin/coaching/topics/:topicId/attachments': 'admin',
  'GET /api/admin/coaching/saved-replies': 'admin',
  'POST /api/admin/coaching/saved-replies': 'admin',
  'PUT /api/admin/coaching/saved-replies/:replyId': 'admin',
  'DELETE /api/admin/coaching/saved-replies/:replyId': 'admin',
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
  'GET /api/calendar/link': 'member',
  'POST /api/calendar/link': 'member',
  'GET /api/calendar/*': 'feed',
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
  'PUT /api/admin/coaching/saved-replies/:replyId': { title: 'Matrix', body: 'Hi {firstName}' },
  'POST /api/subscription/checkout': { plan: 'daily-core-monthly' },
  'POST /api/subscription/confirm': { sessionId: 'cs_not_a_session' },
  'POST /api/subscription/change/preview': { plan: 'burn-monthly' },
  'POST /api/subscription/change': { plan: 'burn-monthly' },
  'POST /api/webhooks/stripe': { type: 'checkout.session.completed' },
  'PUT /api/notifications': { reminderTime: '06:45', email: { 'weekly-summary': false } },
  'POST /api/notifications/time-zone': { timeZone: 'Europe/Berlin' },
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
    case 'admin':
      return role === 'anonymous' ? 401 : role === 'admin' ? 'allowed' : 403;
    case 'conversation':
      return role === 'anonymous' ? 401 : role === 'memberB' || role === 'admin' ? 'allowed' : 403;
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
