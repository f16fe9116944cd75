import { MAX_STEP_REPS, type PlayerState, type PlayerStep } from './session-player.ts';

// A running session is kept in the browser (localStorage) between reloads; what comes back is
// checked before the player trusts it. Plain checks rather than a zod schema: /program reads it
// to offer Resume, and that page loads no zod.

type Json = Record<string, unknown>;
const KINDS = new Set(['warmup', 'work', 'rest', 'cooldown']);

const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);
const isTime = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v) && v >= 0;
const isTimeOrNull = (v: unknown) => v === null || isTime(v);
const isCount = (v: unknown): v is number => Number.isInteger(v) && (v as number) >= 0;

const isStep = (v: unknown): v is PlayerStep =>
  isObject(v) &&
  typeof v.id === 'string' &&
  KINDS.has(v.kind as string) &&
  (v.durationSeconds === null || (typeof v.durationSeconds === 'number' && v.durationSeconds > 0)) &&
  (v.targetReps === null || isCount(v.targetReps));

function readRecord(v: unknown) {
  if (!isObject(v) || typeof v.id !== 'string' || !KINDS.has(v.kind as string)) return null;
  if (!isTime(v.startedAt) || !isTime(v.endedAt) || !isTime(v.activeSeconds)) return null;
  if (v.outcome !== 'done' && v.outcome !== 'skipped') return null;
  const { id, kind, startedAt, endedAt, activeSeconds, outcome } = v;
  return { id, kind, startedAt, endedAt, activeSeconds, outcome };
}

/** A stored session read back; anything that is not one (old version, edited by hand) is null. */
export function parsePlayerState<S extends PlayerStep>(value: unknown): PlayerState<S> | null {
  if (!isObject(value) || value.version !== 1) return null;
  const { steps, records, reps } = value;
  if (!Array.isArray(steps) || steps.length === 0 || !steps.every(isStep)) return null;
  if (!isCount(value.index) || value.index > steps.length) return null;
  for (const key of ['stepStartedAt', 'stepPausedMs', 'totalPausedMs', 'lastEventAt'])
    if (!isTime(value[key])) return null;
  for (const key of ['startedAt', 'pausedAt', 'finishedAt']) if (!isTimeOrNull(value[key])) return null;
  if (!Array.isArray(records)) return null;
  const readRecords = records.map(readRecord);
  if (readRecords.some((r) => r === null)) return null;
  if (!isObject(reps) || !Object.values(reps).every((n) => isCount(n) && n <= MAX_STEP_REPS)) return null;
  return {
    version: 1,
    steps,
    startedAt: value.startedAt,
    index: value.index,
    stepStartedAt: value.stepStartedAt,
    stepPausedMs: value.stepPausedMs,
    pausedAt: value.pausedAt,
    totalPausedMs: value.totalPausedMs,
    finishedAt: value.finishedAt,
    records: readRecords,
    reps,
    lastEventAt: value.lastEventAt,
  } as unknown as PlayerState<S>;
}
