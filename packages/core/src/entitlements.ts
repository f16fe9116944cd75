import type { PlanSlug } from './plans.ts';
import { CORE28_SLUG } from './program-slug.ts';
import type { SubscriptionState } from './subscriptions.ts';

// What each plan buys (docs/decisions/0021). The one rule: every route, live handler, job and page
// asks `entitlementsOf`; nothing else compares tier names to decide access.

/** Where a member stands: what they have now, not what they had. */
export type Standing =
  /** No plan yet (or the spec's free Feel and Burn tier): Day 1 as a taster. */
  | 'free'
  | 'trial'
  | 'daily-core'
  | 'burn'
  /** A trial or a paid plan that ended (a cancellation, a failed payment after its grace). */
  | 'ended'
  | 'admin';

export type Entitlements = {
  standing: Standing;
  /** The program (sessions, finishing, completing, results, wellness): every day, Day 1 only, none. */
  train: 'all' | 'taster' | 'none';
  /** The exercise library: every exercise, today's only, none. */
  library: 'all' | 'today' | 'none';
  /** The calendar feed and the workout reminders (streak, weekly summary). */
  reminders: boolean;
  /** Coaching, its attachments and live updates, a coach-adjusted plan. */
  coaching: boolean;
  /** Whether the member could start the 7-day free trial now. */
  trialAvailable: boolean;
  /**
   * A failed payment keeps the plan until then, while the provider retries (null: paid up). Kept
   * on an ended plan while the provider still retries it: a new card, not a new plan, mends it.
   */
  graceEnd: string | null;
  /** When these change by time alone (a trial's, a period's or a grace's end); null when never. */
  until: string | null;
};

/** GET /api/subscription: the spec's state, with what it entitles to as the server's clock says. */
export type MemberSubscription = SubscriptionState & { entitlements: Entitlements };

/**
 * The capabilities a plan decides (the member's history, profile and account are everyone's).
 * programs: rounds after the first and every program but Core28 (docs/decisions/0026).
 */
export type Capability = 'train' | 'library' | 'reminders' | 'coaching' | 'programs';

/** The day a member without a plan may train, as a taster of the program. */
export const TASTER_DAY = 1;

export { PAYMENT_GRACE_DAYS } from './subscriptions.ts';

const NOTHING = { train: 'none', library: 'none', reminders: false, coaching: false } as const;
const FULL = { train: 'all', library: 'all', reminders: true, coaching: false } as const;
const taster = { train: 'taster', library: 'today', reminders: false, coaching: false } as const;

const isAfter = (iso: string | null, now: Date) => iso === null || new Date(iso).getTime() > now.getTime();
const earliest = (...isos: (string | null)[]) =>
  isos.filter((iso): iso is string => iso !== null).sort((a, b) => Date.parse(a) - Date.parse(b))[0] ?? null;

/**
 * What the member may do at `now`, from their subscription state (spec §4, as the server computes
 * it; null: none known). Time is checked here again, so a state read a moment ago still answers
 * right at a trial's, period's or grace's last second.
 */
export function entitlementsOf(
  state: SubscriptionState | null,
  { isAdmin, now }: { isAdmin: boolean; now: Date },
): Entitlements {
  const trialAvailable = state?.trial_available ?? true;
  if (isAdmin)
    return {
      standing: 'admin',
      ...FULL,
      coaching: true,
      trialAvailable: false,
      graceEnd: null,
      until: null,
    };
  const ended = { standing: 'ended', ...NOTHING, trialAvailable, graceEnd: null, until: null } as const;
  if (!state) return { standing: 'free', ...taster, trialAvailable, graceEnd: null, until: null };

  if (state.is_trial) {
    if (!state.trial_end || !isAfter(state.trial_end, now)) return { ...ended, trialAvailable: false };
    return {
      standing: 'trial',
      ...FULL,
      trialAvailable: false,
      graceEnd: null,
      until: state.trial_end,
    };
  }

  const paid = paidStanding(state);
  if (paid) {
    const graceEnd = state.payment_grace_end;
    const isRunning = state.subscribed && isAfter(state.subscription_end, now) && isAfter(graceEnd, now);
    // Past its grace but inside the period the provider still retries it: a new card mends it.
    if (!isRunning) return { ...ended, graceEnd: isAfter(state.subscription_end, now) ? graceEnd : null };
    return {
      standing: paid,
      ...FULL,
      coaching: paid === 'burn',
      trialAvailable: false,
      graceEnd,
      until: earliest(state.subscription_end, graceEnd),
    };
  }
  return { standing: 'free', ...taster, trialAvailable, graceEnd: null, until: null };
}

/** The paid plan a state is about, if any (the free Feel and Burn tier is not one). */
function paidStanding(state: SubscriptionState): 'daily-core' | 'burn' | null {
  if (state.subscription_tier === 'The Daily Core') return 'daily-core';
  if (state.subscription_tier === '1-on-1 Burn') return 'burn';
  return null;
}

/** Whether the member may train day `day` (a session, its finish, a completion, results, wellness). */
export const mayTrainDay = (e: Entitlements, day: number) =>
  e.train === 'all' || (e.train === 'taster' && day === TASTER_DAY);

/** Whether the member has `capability` at all (for train: at least the taster). */
export function has(e: Entitlements, capability: Capability): boolean {
  if (capability === 'train') return e.train !== 'none';
  if (capability === 'library') return e.library !== 'none';
  // A paid plan's (the trial is a taste of Core28's first round).
  if (capability === 'programs')
    return e.standing === 'daily-core' || e.standing === 'burn' || e.standing === 'admin';
  return e[capability];
}

/** The first round of Core28 is everyone's program; any other round or program is a plan's. */
export const isRoundOfPlan = (round: { number: number; slug: string }) =>
  round.number > 1 || round.slug !== CORE28_SLUG;

/** Whether the member may train in a round (beside the day rule, mayTrainDay). */
export const mayTrainRound = (e: Entitlements, round: { number: number; slug: string }) =>
  !isRoundOfPlan(round) || has(e, 'programs');

/** What would unlock a refused capability: the plan to choose, and whether the trial is there. */
export type PlanRequired = {
  requiredPlan: Extract<PlanSlug, 'daily-core' | 'burn'>;
  trialAvailable: boolean;
};

export const planRequired = (e: Entitlements, capability: Capability): PlanRequired => ({
  requiredPlan: capability === 'coaching' ? 'burn' : 'daily-core',
  // The trial unlocks the program's first round, not coaching nor more rounds and programs.
  trialAvailable: capability !== 'coaching' && capability !== 'programs' && e.trialAvailable,
});

/** Coaching's refusal, as the coaching pages and the live socket say it. */
export const COACHING_REFUSED = 'This needs an active 1-on-1 Burn subscription.';

/** More rounds and programs: the words of their refusal. */
export const PROGRAMS_REFUSED =
  'More rounds and programs come with The Daily Core or 1-on-1 Burn. Choose a plan to unlock them.';

/** The refusal's words, for a person: what is locked and what opens it. */
export function planRequiredMessage(e: Entitlements, capability: Capability): string {
  if (capability === 'coaching') return COACHING_REFUSED;
  if (capability === 'programs') return PROGRAMS_REFUSED;
  const what =
    capability === 'library'
      ? 'the exercise library'
      : capability === 'reminders'
        ? 'workout reminders and the calendar'
        : 'the full 28-day program';
  if (e.trialAvailable) return `Start your 7-day free trial to unlock ${what}.`;
  if (e.standing === 'ended') return `Your plan has ended. Choose a plan to unlock ${what} again.`;
  return `Choose a plan to unlock ${what}.`;
}

/** Whether a payment is failing and the plan is kept only for its grace period. */
export const isInGrace = (e: Entitlements) => e.graceEnd !== null && e.standing !== 'ended';

/**
 * A trial that has run out (spec §4 rule 2): the member is told it ended, not that it ends. The
 * server's clock decided (its entitlements), not the browser's.
 */
export const hasTrialEnded = (s: MemberSubscription | null) =>
  Boolean(s?.is_trial && s.entitlements.standing === 'ended');
