import type { QueuedWrite } from '@/lib/offline-queue';
import { recount } from './round-figures';

// A page reopened offline reads the server's last answer, kept by the service worker, which knows
// nothing of what the member did since: their completions, results and wellness wait in the
// offline queue. Shown without them, a day completed offline looked missed and offered to be
// completed again. The queue is laid over the answer, as the server will apply it, until it is sent.

/** What of the program state the queue changes (the program query's answer has all of it). */
type ProgramShape = Parameters<typeof recount>[0] & {
  currentDay: number;
  completions: { day: number; completedAt: string }[];
  results: { day: number; totalSeconds: number; reps: number }[];
  wellness: { day: number; feeling: number; energy: number }[];
};

type Body = { day?: number; totalSeconds?: number; reps?: number; feeling?: number; energy?: number };
const FINISH_PATH = /^\/api\/program\/days\/(\d+)\/finish$/;

/** The program as it will be once the member's queued writes reach the server. */
export function withPendingWrites<S extends ProgramShape>(state: S, writes: readonly QueuedWrite[]): S {
  if (writes.length === 0) return state;
  let { completions, results, wellness } = state;
  const complete = (day: number, at: string) => {
    if (!completions.some((c) => c.day === day)) completions = [...completions, { day, completedAt: at }];
  };
  const saveResult = (day: number, totalSeconds: number, reps: number) => {
    results = [...results.filter((r) => r.day !== day), { day, totalSeconds, reps }];
  };
  const saveWellness = (day: number, feeling: number, energy: number) => {
    wellness = [...wellness.filter((w) => w.day !== day), { day, feeling, energy }];
  };
  for (const write of writes) {
    const body = (write.body ?? {}) as Body;
    const finish = FINISH_PATH.exec(write.path);
    const day = finish ? Number(finish[1]) : body.day;
    if (!day) continue;
    if (finish || write.path === '/api/program/complete') complete(day, write.queuedAt);
    if ((finish || write.path === '/api/program/results') && body.totalSeconds !== undefined)
      saveResult(day, body.totalSeconds, body.reps ?? 0);
    // Wellness is the current day's only, as the server keeps it.
    const isWellness = finish || write.path === '/api/program/wellness';
    if (isWellness && day === state.currentDay && body.feeling !== undefined && body.energy !== undefined)
      saveWellness(day, body.feeling, body.energy);
  }
  const sortByDay = <T extends { day: number }>(rows: T[]) => [...rows].sort((a, b) => a.day - b.day);
  completions = sortByDay(completions);
  const done = completions.map((c) => c.day);
  return {
    ...state,
    completions,
    results: sortByDay(results),
    wellness: sortByDay(wellness),
    ...recount(state, done, new Date(completions.at(-1)?.completedAt ?? Date.now())),
  } as S;
}
