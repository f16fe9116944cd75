import type { SessionStep } from './session-plan.ts';

// The session player: a running workout as a pure value. Every event carries its
// time (epoch milliseconds) and everything shown is derived from timestamps, never from counted
// ticks, so a backgrounded tab or a sleeping phone comes back to the right step and second.

/** What the player needs of a plan's step. */
export type PlayerStep = Pick<SessionStep, 'id' | 'kind' | 'durationSeconds' | 'targetReps'>;

export type StepOutcome = 'done' | 'skipped';
export type StepRecord = {
  id: string;
  kind: PlayerStep['kind'];
  startedAt: number;
  endedAt: number;
  activeSeconds: number;
  outcome: StepOutcome;
};

export type PlayerState<S extends PlayerStep = PlayerStep> = {
  version: 1;
  steps: S[];
  startedAt: number | null;
  /** The current step as of `stepStartedAt`; timed steps after it may have run out since (see settle). */
  index: number;
  stepStartedAt: number;
  /** Paused milliseconds inside the current step, pauses that ended. */
  stepPausedMs: number;
  pausedAt: number | null;
  /** Paused milliseconds over the whole session, pauses that ended. */
  totalPausedMs: number;
  finishedAt: number | null;
  records: StepRecord[];
  /** Reps counted per work step; a reps set not touched counts its target when done. */
  reps: Record<string, number>;
  /** The latest event's time: a clock set back never moves the session backwards. */
  lastEventAt: number;
};

export type PlayerStatus = 'ready' | 'running' | 'paused' | 'finished';

export const MAX_STEP_REPS = 1000;

export function createSession<S extends PlayerStep>(steps: S[]): PlayerState<S> {
  return {
    version: 1,
    steps,
    startedAt: null,
    index: 0,
    stepStartedAt: 0,
    stepPausedMs: 0,
    pausedAt: null,
    totalPausedMs: 0,
    finishedAt: null,
    records: [],
    reps: {},
    lastEventAt: 0,
  };
}

export function playerStatus(state: PlayerState): PlayerStatus {
  if (state.finishedAt !== null) return 'finished';
  if (state.startedAt === null) return 'ready';
  return state.pausedAt === null ? 'running' : 'paused';
}

const stepEndsAt = (state: PlayerState, step: PlayerStep) =>
  step.durationSeconds === null
    ? null
    : state.stepStartedAt + state.stepPausedMs + step.durationSeconds * 1000;

/** Ends the current step at `at` and makes the next one current (or finishes the session). */
function endStep<S extends PlayerStep>(
  state: PlayerState<S>,
  at: number,
  outcome: StepOutcome,
): PlayerState<S> {
  const step = state.steps[state.index];
  if (!step) return state;
  const openPauseMs = state.pausedAt === null ? 0 : at - state.pausedAt;
  const activeMs = at - state.stepStartedAt - state.stepPausedMs - openPauseMs;
  const record: StepRecord = {
    id: step.id,
    kind: step.kind,
    startedAt: state.stepStartedAt,
    endedAt: at,
    activeSeconds: Math.max(0, Math.round(activeMs / 1000)),
    outcome,
  };
  const index = state.index + 1;
  const isLast = index >= state.steps.length;
  return {
    ...state,
    index,
    stepStartedAt: at,
    stepPausedMs: 0,
    // A pause goes on into the next step (the member resumes when ready); it ends with the session.
    totalPausedMs: state.totalPausedMs + openPauseMs,
    pausedAt: state.pausedAt === null || isLast ? null : at,
    finishedAt: isLast ? at : null,
    records: [...state.records, record],
  };
}

/** Folds in every timed step that ran out by `now`, however many ticks were missed. */
export function settle<S extends PlayerStep>(state: PlayerState<S>, now: number): PlayerState<S> {
  let current = state;
  while (playerStatus(current) === 'running') {
    const step = current.steps[current.index];
    const endsAt = step ? stepEndsAt(current, step) : null;
    if (endsAt === null || now < endsAt) break;
    current = endStep(current, endsAt, 'done');
  }
  return current;
}

const clampTime = (state: PlayerState, at: number) => Math.max(at, state.lastEventAt);

export function start<S extends PlayerStep>(state: PlayerState<S>, at: number): PlayerState<S> {
  if (state.startedAt !== null || state.steps.length === 0) return state;
  return { ...state, startedAt: at, stepStartedAt: at, lastEventAt: at };
}

export function pause<S extends PlayerStep>(state: PlayerState<S>, atTime: number): PlayerState<S> {
  const at = clampTime(state, atTime);
  const settled = settle(state, at);
  if (playerStatus(settled) !== 'running') return settled;
  return { ...settled, pausedAt: at, lastEventAt: at };
}

export function resume<S extends PlayerStep>(state: PlayerState<S>, atTime: number): PlayerState<S> {
  if (playerStatus(state) !== 'paused' || state.pausedAt === null) return state;
  const at = clampTime(state, atTime);
  const pausedMs = at - state.pausedAt;
  return {
    ...state,
    pausedAt: null,
    stepPausedMs: state.stepPausedMs + pausedMs,
    totalPausedMs: state.totalPausedMs + pausedMs,
    lastEventAt: at,
  };
}

function endCurrent<S extends PlayerStep>(state: PlayerState<S>, atTime: number, outcome: StepOutcome) {
  const at = clampTime(state, atTime);
  const settled = settle(state, at);
  const status = playerStatus(settled);
  if (status === 'ready' || status === 'finished') return settled;
  return { ...endStep(settled, at, outcome), lastEventAt: at };
}

/** Leaves the current step undone (a skipped reps set counts only the reps the member counted). */
export const skip = <S extends PlayerStep>(state: PlayerState<S>, at: number) =>
  endCurrent(state, at, 'skipped');

/** The member says the current step is done (how a reps set ends). */
export const completeStep = <S extends PlayerStep>(state: PlayerState<S>, at: number) =>
  endCurrent(state, at, 'done');

/**
 * Ends the session now (the member stops early): the current step is recorded as skipped, the
 * steps never reached are left out, and the time stops here.
 */
export function endSession<S extends PlayerStep>(state: PlayerState<S>, atTime: number): PlayerState<S> {
  const at = clampTime(state, atTime);
  const settled = settle(state, at);
  const status = playerStatus(settled);
  if (status === 'ready' || status === 'finished') return settled;
  const ended = endStep(settled, at, 'skipped');
  const closingPauseMs = ended.pausedAt === null ? 0 : at - ended.pausedAt;
  return {
    ...ended,
    pausedAt: null,
    totalPausedMs: ended.totalPausedMs + closingPauseMs,
    finishedAt: at,
    lastEventAt: at,
  };
}

/** Sets the reps counted for a work step (a whole number, 0..MAX_STEP_REPS). */
export function setReps<S extends PlayerStep>(
  state: PlayerState<S>,
  stepId: string,
  reps: number,
): PlayerState<S> {
  const step = state.steps.find((s) => s.id === stepId);
  if (step?.kind !== 'work' || !Number.isFinite(reps)) return state;
  const value = Math.min(MAX_STEP_REPS, Math.max(0, Math.round(reps)));
  return { ...state, reps: { ...state.reps, [stepId]: value } };
}

/** The reps a work step counts: what the member set, else its target once done, else 0. */
export function stepReps(state: PlayerState, step: PlayerStep): number {
  if (step.kind !== 'work') return 0;
  const counted = state.reps[step.id];
  if (counted !== undefined) return counted;
  const record = state.records.find((r) => r.id === step.id);
  const isCurrent = state.steps[state.index]?.id === step.id && state.finishedAt === null;
  return (record?.outcome === 'done' || (isCurrent && !record)) && step.targetReps !== null
    ? step.targetReps
    : 0;
}

function activeMs(state: PlayerState, now: number): number {
  if (state.startedAt === null) return 0;
  const end = state.finishedAt ?? state.pausedAt ?? Math.max(now, state.lastEventAt);
  return Math.max(0, end - state.startedAt - state.totalPausedMs);
}

export type SessionView<S extends PlayerStep> = {
  /** The state with every run-out timed step folded in: keep this one. */
  state: PlayerState<S>;
  status: PlayerStatus;
  index: number;
  step: S | null;
  next: S | null;
  /** Whole seconds left in a timed step (counts 3, 2, 1 and changes at 0); null for a reps set. */
  secondsRemaining: number | null;
  /** Active seconds in the current step. */
  stepElapsedSeconds: number;
  /** Active seconds since the start, pauses left out. */
  elapsedSeconds: number;
  /** When the current step runs out by itself (epoch ms); null when paused, a reps set or done. */
  nextChangeAt: number | null;
  /** The current step's counter (a reps set starts at its target). */
  reps: number;
};

export function sessionAt<S extends PlayerStep>(input: PlayerState<S>, now: number): SessionView<S> {
  const state = settle(input, now);
  const status = playerStatus(state);
  const step = status === 'finished' ? null : (state.steps[state.index] ?? null);
  const stepEnd = state.pausedAt ?? Math.max(now, state.lastEventAt);
  const stepElapsedMs =
    status === 'running' || status === 'paused' ? stepEnd - state.stepStartedAt - state.stepPausedMs : 0;
  const endsAt = step && status === 'running' ? stepEndsAt(state, step) : null;
  const remainingMs =
    step?.durationSeconds == null ? null : Math.max(0, step.durationSeconds * 1000 - stepElapsedMs);
  return {
    state,
    status,
    index: state.index,
    step,
    next: status === 'finished' ? null : (state.steps[state.index + 1] ?? null),
    secondsRemaining: remainingMs === null ? null : Math.ceil(remainingMs / 1000),
    stepElapsedSeconds: Math.max(0, Math.floor(stepElapsedMs / 1000)),
    elapsedSeconds: Math.floor(activeMs(state, now) / 1000),
    nextChangeAt: endsAt,
    reps: step ? stepReps(state, step) : 0,
  };
}

export type SessionSummary = {
  totalActiveSeconds: number;
  totalReps: number;
  steps: (StepRecord & { reps: number })[];
};

export function sessionSummary(input: PlayerState, now: number): SessionSummary {
  const state = settle(input, now);
  const steps = state.records.map((record) => {
    const step = state.steps.find((s) => s.id === record.id);
    return { ...record, reps: step ? stepReps(state, step) : 0 };
  });
  return {
    totalActiveSeconds: Math.round(activeMs(state, now) / 1000),
    totalReps: steps.reduce((sum, s) => sum + s.reps, 0),
    steps,
  };
}
