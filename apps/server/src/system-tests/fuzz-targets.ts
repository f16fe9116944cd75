import { randomUUID } from 'node:crypto';
import { MemberListQuerySchema } from '@core28/core/admin';
import { PasswordRecoverySchema } from '@core28/core/auth';
import { ArticleInputSchema, ArticleListQuerySchema } from '@core28/core/blog';
import {
  BusinessNowQuerySchema,
  BusinessOverTimeQuerySchema,
  BusinessRangeSchema,
} from '@core28/core/business';
import {
  ArchiveInputSchema,
  MessageInputSchema,
  SavedReplyInputSchema,
  TopicInputSchema,
  TopicListQuerySchema,
} from '@core28/core/coaching';
import {
  ContactSchema,
  SupportHandledSchema,
  SupportListQuerySchema,
  SupportReplySchema,
} from '@core28/core/contact';
import { ExerciseInputSchema } from '@core28/core/exercises';
import { NewsListQuerySchema, NewsReadSchema } from '@core28/core/news';
import {
  NotificationSettingsSchema,
  TimeZoneBodySchema,
  UnsubscribeQuerySchema,
} from '@core28/core/notifications';
import {
  ChangePlanSchema,
  ChangePreviewSchema,
  CheckoutSchema,
  ConfirmSchema,
} from '@core28/core/plan-schemas';
import { DeleteAccountSchema, ProfileCompletionSchema, ProfileUpdateSchema } from '@core28/core/profile';
import { ProgramDayItemsSchema, ProgramInputSchema, ProgramUpdateSchema } from '@core28/core/program-admin';
import {
  CompleteDaySchema,
  DayResultSchema,
  FinishSessionSchema,
  StartRoundSchema,
  SwapProgramDaysSchema,
  WellnessSchema,
} from '@core28/core/program-schemas';
import { PushEndpointSchema, PushSubscriptionSchema } from '@core28/core/push';
import { WaitlistJoinSchema } from '@core28/core/seats';
import { MemberDayInputSchema, ProgramDayInputSchema } from '@core28/core/session-plan';
import {
  CoachProfileInputSchema,
  InvitationInputSchema,
  InvitationTokenSchema,
  MemberCoachInputSchema,
  TeamMemberUpdateSchema,
} from '@core28/core/team';
import { type ZodType, z } from 'zod';

// Every JSON endpoint the fuzzing suite sends generated input to, by area, with the schema the
// input is generated from; fuzz-suite.ts runs them.

/** Anything at all, for endpoints whose schema lives in a library (better-auth). */
const AnyJson = z.any();
const SignInBody = z.object({ email: z.string(), password: z.string(), rememberMe: z.boolean() });
const SignUpBody = z.object({ email: z.string().pipe(z.email()), password: z.string(), name: z.string() });
export const PathParam = z.object({ value: z.string() });

export type FuzzArea = 'accounts' | 'content' | 'coaching';

export type Target = {
  area: FuzzArea;
  route: string;
  /** The JSON body's schema, or the query string's (for GET). */
  schema: ZodType;
  /** Fills route parameters; `fuzzed` is a generated value for a parameter under test. */
  path?: (ids: Ids, fuzzed: string) => string;
  /** Headers the route needs besides the cookie (a fresh Idempotency-Key). */
  headers?: () => Record<string, string>;
};
export type Ids = {
  topicId: string;
  articleId: string;
  exerciseId: string;
  userId: string;
  replyId: string;
  programId: string;
};

export const TARGETS: Target[] = [
  { area: 'accounts', route: 'POST /api/auth/sign-in/email', schema: SignInBody },
  { area: 'accounts', route: 'POST /api/auth/sign-up/email', schema: SignUpBody },
  { area: 'accounts', route: 'POST /api/auth/request-password-reset', schema: AnyJson },
  { area: 'accounts', route: 'POST /api/auth/two-factor/verify-totp', schema: AnyJson },
  { area: 'accounts', route: 'POST /api/auth/two-factor/verify-backup-code', schema: AnyJson },
  {
    area: 'accounts',
    route: 'POST /api/admin/staff/:userId/two-factor/reset',
    schema: PathParam,
    path: (_, v) => `/api/admin/staff/${v}/two-factor/reset`,
  },
  { area: 'accounts', route: 'POST /api/auth/recover-password', schema: PasswordRecoverySchema },
  { area: 'accounts', route: 'PATCH /api/profile', schema: ProfileUpdateSchema },
  { area: 'accounts', route: 'POST /api/profile/complete', schema: ProfileCompletionSchema },
  { area: 'accounts', route: 'POST /api/profile/delete', schema: DeleteAccountSchema },
  { area: 'content', route: 'POST /api/program/complete', schema: CompleteDaySchema },
  { area: 'content', route: 'PUT /api/program/results', schema: DayResultSchema },
  { area: 'content', route: 'PUT /api/program/wellness', schema: WellnessSchema },
  { area: 'content', route: 'POST /api/rounds', schema: StartRoundSchema },
  { area: 'content', route: 'POST /api/rounds/current/continue', schema: AnyJson },
  {
    area: 'content',
    route: 'GET /api/rounds/:number/results',
    schema: PathParam,
    path: (_, v) => `/api/rounds/${v}/results`,
  },
  { area: 'content', route: 'POST /api/push/subscriptions', schema: PushSubscriptionSchema },
  { area: 'content', route: 'POST /api/push/subscriptions/remove', schema: PushEndpointSchema },
  {
    area: 'content',
    route: 'POST /api/push/devices/:id/remove',
    schema: PathParam,
    path: (_, v) => `/api/push/devices/${v}/remove`,
  },
  {
    area: 'content',
    route: 'GET /api/program/days/:day/session',
    schema: PathParam,
    path: (_, v) => `/api/program/days/${v}/session`,
  },
  {
    area: 'content',
    route: 'POST /api/program/days/:day/finish',
    schema: FinishSessionSchema,
    path: () => '/api/program/days/1/finish',
    headers: () => ({ 'idempotency-key': randomUUID() }),
  },
  {
    area: 'content',
    route: 'PUT /api/admin/program-days/:day',
    schema: ProgramDayInputSchema,
    path: () => '/api/admin/program-days/5',
  },
  { area: 'content', route: 'POST /api/admin/program-days/swap', schema: SwapProgramDaysSchema },
  { area: 'content', route: 'POST /api/admin/programs', schema: ProgramInputSchema },
  {
    area: 'content',
    route: 'PATCH /api/admin/programs/:id',
    schema: ProgramUpdateSchema,
    path: (ids) => `/api/admin/programs/${ids.programId}`,
  },
  {
    area: 'content',
    route: 'PUT /api/admin/programs/:id/days/:day',
    schema: ProgramDayItemsSchema,
    path: (ids) => `/api/admin/programs/${ids.programId}/days/3`,
  },
  {
    area: 'content',
    route: 'GET /api/admin/programs/:id',
    schema: PathParam,
    path: (_, v) => `/api/admin/programs/${v}`,
  },
  {
    area: 'content',
    route: 'POST /api/admin/programs/:id/duplicate',
    schema: PathParam,
    path: (_, v) => `/api/admin/programs/${v}/duplicate`,
  },
  {
    area: 'content',
    route: 'POST /api/admin/programs/:id/publish',
    schema: PathParam,
    path: (_, v) => `/api/admin/programs/${v}/publish`,
  },
  {
    area: 'content',
    route: 'POST /api/admin/programs/:id/retire',
    schema: PathParam,
    path: (_, v) => `/api/admin/programs/${v}/retire`,
  },
  { area: 'content', route: 'GET /api/blog/articles', schema: ArticleListQuerySchema },
  {
    area: 'content',
    route: 'GET /api/blog/articles/:slug',
    schema: PathParam,
    path: (_, v) => `/api/blog/articles/${v}`,
  },
  { area: 'accounts', route: 'POST /api/contact', schema: ContactSchema },
  { area: 'accounts', route: 'POST /api/coaching/waitlist', schema: WaitlistJoinSchema },
  {
    area: 'coaching',
    route: 'DELETE /api/admin/waitlist/:waitlistId',
    schema: PathParam,
    path: (_, v) => `/api/admin/waitlist/${v}`,
  },
  { area: 'content', route: 'POST /api/admin/blog/articles', schema: ArticleInputSchema },
  {
    area: 'content',
    route: 'PUT /api/admin/blog/articles/:id',
    schema: ArticleInputSchema,
    path: (ids) => `/api/admin/blog/articles/${ids.articleId}`,
  },
  {
    area: 'content',
    route: 'DELETE /api/admin/blog/articles/:id',
    schema: PathParam,
    path: (_, v) => `/api/admin/blog/articles/${v}`,
  },
  { area: 'content', route: 'POST /api/admin/exercises', schema: ExerciseInputSchema },
  {
    area: 'content',
    route: 'PUT /api/admin/exercises/:id',
    schema: ExerciseInputSchema,
    path: (ids) => `/api/admin/exercises/${ids.exerciseId}`,
  },
  // The exercise id of the video routes (the uploaded bytes are fuzzed in exercises/video-upload.test.ts)
  {
    area: 'content',
    route: 'POST /api/admin/exercises/:id/video',
    schema: PathParam,
    path: (_, v) => `/api/admin/exercises/${v}/video`,
  },
  {
    area: 'content',
    route: 'DELETE /api/admin/exercises/:id/video',
    schema: PathParam,
    path: (_, v) => `/api/admin/exercises/${v}/video`,
  },
  { area: 'content', route: 'GET /api/admin/users', schema: MemberListQuerySchema },
  { area: 'content', route: 'GET /api/admin/business/now', schema: BusinessNowQuerySchema },
  { area: 'content', route: 'GET /api/admin/business/over-time', schema: BusinessOverTimeQuerySchema },
  { area: 'content', route: 'GET /api/admin/business/cohorts', schema: BusinessRangeSchema },
  { area: 'coaching', route: 'POST /api/coaching/topics', schema: TopicInputSchema },
  {
    area: 'coaching',
    route: 'GET /api/coaching/topics/:topicId',
    schema: PathParam,
    path: (_, v) => `/api/coaching/topics/${v}`,
  },
  {
    area: 'coaching',
    route: 'POST /api/coaching/topics/:topicId/messages',
    schema: MessageInputSchema,
    path: (ids) => `/api/coaching/topics/${ids.topicId}/messages`,
  },
  {
    area: 'coaching',
    route: 'POST /api/coaching/topics/:topicId/read',
    schema: PathParam,
    path: (_, v) => `/api/coaching/topics/${v}/read`,
  },
  { area: 'coaching', route: 'GET /api/admin/coaching/topics', schema: TopicListQuerySchema },
  {
    area: 'coaching',
    route: 'POST /api/admin/coaching/topics/:topicId/replies',
    schema: MessageInputSchema,
    path: (ids) => `/api/admin/coaching/topics/${ids.topicId}/replies`,
  },
  {
    area: 'coaching',
    route: 'POST /api/admin/coaching/topics/:topicId/read',
    schema: PathParam,
    path: (_, v) => `/api/admin/coaching/topics/${v}/read`,
  },
  {
    area: 'coaching',
    route: 'PATCH /api/admin/coaching/topics/:topicId',
    schema: ArchiveInputSchema,
    path: (ids) => `/api/admin/coaching/topics/${ids.topicId}`,
  },
  // The coach's workspace
  {
    area: 'content',
    route: 'GET /api/admin/users/:userId',
    schema: PathParam,
    path: (_, v) => `/api/admin/users/${v}`,
  },
  {
    area: 'content',
    route: 'GET /api/admin/users/:userId/summary',
    schema: PathParam,
    path: (_, v) => `/api/admin/users/${v}/summary`,
  },
  {
    area: 'content',
    route: 'GET /api/admin/member-plans/:userId',
    schema: PathParam,
    path: (_, v) => `/api/admin/member-plans/${v}`,
  },
  {
    area: 'content',
    route: 'PUT /api/admin/member-plans/:userId/days/:day',
    schema: MemberDayInputSchema,
    path: (ids) => `/api/admin/member-plans/${ids.userId}/days/5`,
  },
  {
    area: 'content',
    route: 'DELETE /api/admin/member-plans/:userId/days/:day',
    schema: PathParam,
    path: (ids, v) => `/api/admin/member-plans/${ids.userId}/days/${v}`,
  },
  {
    area: 'coaching',
    route: 'GET /api/coaching/attachments/:messageId',
    schema: PathParam,
    path: (_, v) => `/api/coaching/attachments/${v}`,
  },
  { area: 'coaching', route: 'POST /api/admin/coaching/saved-replies', schema: SavedReplyInputSchema },
  {
    area: 'coaching',
    route: 'PUT /api/admin/coaching/saved-replies/:replyId',
    schema: SavedReplyInputSchema,
    path: (ids) => `/api/admin/coaching/saved-replies/${ids.replyId}`,
  },
  {
    area: 'coaching',
    route: 'DELETE /api/admin/coaching/saved-replies/:replyId',
    schema: PathParam,
    path: (_, v) => `/api/admin/coaching/saved-replies/${v}`,
  },
  // The team (the owner's), a coach's own profile, an invitation's acceptance
  { area: 'accounts', route: 'POST /api/admin/team/invitations', schema: InvitationInputSchema },
  {
    area: 'accounts',
    route: 'DELETE /api/admin/team/invitations/:id',
    schema: PathParam,
    path: (_, v) => `/api/admin/team/invitations/${v}`,
  },
  {
    area: 'accounts',
    route: 'PATCH /api/admin/team/members/:userId',
    schema: TeamMemberUpdateSchema,
    path: (ids) => `/api/admin/team/members/${ids.userId}`,
  },
  {
    area: 'accounts',
    route: 'DELETE /api/admin/team/members/:userId',
    schema: PathParam,
    path: (_, v) => `/api/admin/team/members/${v}`,
  },
  {
    area: 'accounts',
    route: 'PUT /api/admin/users/:userId/coach',
    schema: MemberCoachInputSchema,
    path: (ids) => `/api/admin/users/${ids.userId}/coach`,
  },
  { area: 'accounts', route: 'PUT /api/admin/coach-profile', schema: CoachProfileInputSchema },
  { area: 'accounts', route: 'GET /api/team/invitations/preview', schema: InvitationTokenSchema },
  { area: 'accounts', route: 'POST /api/team/invitations/accept', schema: InvitationTokenSchema },
  // The support inbox (a message that does not exist: its answers are 404 or 400)
  { area: 'content', route: 'GET /api/admin/support', schema: SupportListQuerySchema },
  {
    area: 'content',
    route: 'GET /api/admin/support/:messageId',
    schema: PathParam,
    path: (_, v) => `/api/admin/support/${v}`,
  },
  {
    area: 'content',
    route: 'PATCH /api/admin/support/:messageId',
    schema: SupportHandledSchema,
    path: () => `/api/admin/support/${randomUUID()}`,
  },
  {
    area: 'content',
    route: 'POST /api/admin/support/:messageId/replies',
    schema: SupportReplySchema,
    path: () => `/api/admin/support/${randomUUID()}/replies`,
  },
  { area: 'accounts', route: 'POST /api/subscription/trial', schema: AnyJson },
  { area: 'accounts', route: 'POST /api/subscription/checkout', schema: CheckoutSchema },
  { area: 'accounts', route: 'POST /api/subscription/confirm', schema: ConfirmSchema },
  { area: 'accounts', route: 'POST /api/subscription/portal', schema: AnyJson },
  { area: 'accounts', route: 'POST /api/subscription/change/preview', schema: ChangePreviewSchema },
  { area: 'accounts', route: 'POST /api/subscription/change', schema: ChangePlanSchema },
  { area: 'accounts', route: 'POST /api/subscription/resume', schema: AnyJson },
  { area: 'accounts', route: 'POST /api/subscription/portal/cancel', schema: AnyJson },
  { area: 'accounts', route: 'PUT /api/notifications', schema: NotificationSettingsSchema },
  { area: 'accounts', route: 'POST /api/notifications/time-zone', schema: TimeZoneBodySchema },
  { area: 'accounts', route: 'GET /api/notifications/unsubscribe', schema: UnsubscribeQuerySchema },
  { area: 'accounts', route: 'POST /api/notifications/unsubscribe', schema: AnyJson },
  { area: 'accounts', route: 'GET /api/news', schema: NewsListQuerySchema },
  { area: 'accounts', route: 'POST /api/news/read', schema: NewsReadSchema },
  { area: 'accounts', route: 'POST /api/calendar/link', schema: AnyJson },
];
