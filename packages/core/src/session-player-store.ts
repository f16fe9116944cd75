import { z } from 'zod';
import { MAX_STEP_REPS, type PlayerState, type PlayerStep } from './session-player.ts';

// A running session is kept in the browser (localStorage) between reloads; what comes back is
// checked before the player trusts it.

const Time = z.number().finite().nonnegative();
const StepSchema = z.looseObject({
  id: z.string(),
  kind: z.enum(['warmup', 'work', 'rest', 'cooldown']),
  durationSeconds: z.number().positive().nullable(),
  targetReps: z.number().int().nonnegative().nullable(),
});
const PlayerStateSchema = z.object({
  version: z.literal(1),
  steps: z.array(StepSchema).min(1),
  startedAt: Time.nullable(),
  index: z.number().int().nonnegative(),
  stepStartedAt: Time,
  stepPausedMs: Time,
  pausedAt: Time.nullable(),
  totalPausedMs: Time,
  finishedAt: Time.nullable(),
  records: z.array(
    z.object({
      id: z.string(),
      kind: z.enum(['warmup', 'work', 'rest', 'cooldown']),
      startedAt: Time,
      endedAt: Time,
      activeSeconds: Time,
      outcome: z.enum(['done', 'skipped']),
    }),
  ),
  reps: z.record(z.string(), z.number().int().min(0).max(MAX_STEP_REPS)),
  lastEventAt: Time,
});

/** A stored session read back; anything that is not one (old version, edited by hand) is null. */
export function parsePlayerState<S extends PlayerStep>(value: unknown): PlayerState<S> | null {
  const parsed = PlayerStateSchema.safeParse(value);
  if (!parsed.success || parsed.data.index > parsed.data.steps.length) return null;
  return parsed.data as unknown as PlayerState<S>;
}
