import { canLogWellness } from '@core28/core/program';
import type { DayResultInput, FinishSessionInput, WellnessInput } from '@core28/core/program-schemas';
import { ApiError } from '@/lib/api';
import { enqueueWrite, QUEUE_SYNC_TAG } from '@/lib/offline-queue';
import { recount } from './round-figures';

/**
 * A program write made without a connection is queued (lib/offline-queue.ts) and the
 * page goes on with the state the server will answer once it arrives, worked out here with the
 * same rules (core's program.ts). The server has the last word when the queue is sent.
 */
export type ProgramWrite =
  | { kind: 'finish'; day: number; body: FinishSessionInput }
  | { kind: 'complete'; day: number }
  | { kind: 'results'; input: DayResultInput }
  | { kind: 'wellness'; input: WellnessInput };

const request = (write: ProgramWrite) => {
  switch (write.kind) {
    case 'finish':
      return { method: 'POST' as const, path: `/api/program/days/${write.day}/finish`, body: write.body };
    case 'complete':
      return { method: 'POST' as const, path: '/api/program/complete', body: { day: write.day } };
    case 'results':
      return { method: 'PUT' as const, path: '/api/program/results', body: write.input };
    case 'wellness':
      return { method: 'PUT' as const, path: '/api/program/wellness', body: write.input };
  }
};

/** No connection: the browser says so, or the request never reached the server. */
export const isOffline = (error: unknown) =>
  !navigator.onLine || (error instanceof ApiError && error.code === 'NETWORK');

export async function queueWrite({
  userId,
  key,
  write,
}: {
  userId: string;
  key: string;
  write: ProgramWrite;
}) {
  await enqueueWrite({ key, userId, ...request(write), queuedAt: new Date().toISOString() });
  // Background Sync where the browser has it (Chromium); elsewhere the page sends on `online`.
  const registration = await navigator.serviceWorker?.getRegistration();
  const sync = (registration as { sync?: { register: (tag: string) => Promise<void> } } | undefined)?.sync;
  await sync?.register(QUEUE_SYNC_TAG).catch(() => undefined);
}

const upsertByDay = <T extends { day: number }>(rows: readonly T[], row: T) =>
  [...rows.filter((r) => r.day !== row.day), row].sort((a, b) => a.day - b.day);

/** What of GET /api/program a write changes (api.ts's ProgramState, named here without a cycle). */
type State = Parameters<typeof recount>[0] & {
  currentDay: number;
  completions: { day: number; completedAt: string }[];
  results: DayResultInput[];
  wellness: WellnessInput[];
};

/** The state after `write`, as the server will answer it. */
export function withWrite<S extends State>(state: S, write: ProgramWrite, now: Date): S {
  let { completions, results, wellness } = state;
  const complete = (day: number) => {
    if (completions.some((c) => c.day === day)) return;
    completions = upsertByDay(completions, { day, completedAt: now.toISOString() });
  };
  if (write.kind === 'complete') complete(write.day);
  if (write.kind === 'results') results = upsertByDay(results, write.input);
  if (write.kind === 'wellness') wellness = upsertByDay(wellness, write.input);
  if (write.kind === 'finish') {
    const { day, body } = write;
    results = upsertByDay(results, { day, totalSeconds: body.totalSeconds, reps: body.reps });
    if (body.feeling !== undefined && body.energy !== undefined && canLogWellness(day, state.currentDay))
      wellness = upsertByDay(wellness, { day, feeling: body.feeling, energy: body.energy });
    complete(day);
  }
  const days = completions.map((c) => c.day);
  return { ...state, completions, results, wellness, ...recount(state, days, now) } as S;
}
