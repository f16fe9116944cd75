import type { SessionStep } from '@core28/core/session-plan';
import {
  completeStep,
  createSession,
  endSession,
  type PlayerState,
  pause,
  resume,
  sessionAt,
  setReps,
  skip,
  start,
} from '@core28/core/session-player';
import { useCallback, useEffect, useState } from 'react';
import {
  clearSession,
  newIdempotencyKey,
  readSession,
  type StoredSession,
  writeSession,
} from './session-storage';

/** How often the screen is redrawn while the clock runs; the time itself comes from timestamps. */
const REDRAW_MS = 250;

const freshSession = (steps: SessionStep[]): StoredSession => ({
  player: createSession(steps),
  idempotencyKey: newIdempotencyKey(),
  sentBody: null,
  reps: null,
  feeling: null,
  energy: null,
});

type PlayerEvent = (state: PlayerState<SessionStep>, at: number) => PlayerState<SessionStep>;

/**
 * A session on screen: the stored session (or a new one), the view at this moment, and the
 * member's actions. Kept in localStorage from the start until it is saved or thrown away.
 */
export function useSessionPlayer(storageKey: string, steps: SessionStep[]) {
  const [session, setSession] = useState(() => readSession(storageKey) ?? freshSession(steps));
  const [now, setNow] = useState(() => Date.now());
  const view = sessionAt(session.player, now);

  useEffect(() => {
    if (view.status !== 'running') return;
    const timer = setInterval(() => setNow(Date.now()), REDRAW_MS);
    return () => clearInterval(timer);
  }, [view.status]);

  // Back from the background (timers there are throttled or stopped): redraw at once.
  useEffect(() => {
    const onVisible = () => document.visibilityState === 'visible' && setNow(Date.now());
    document.addEventListener('visibilitychange', onVisible);
    return () => document.removeEventListener('visibilitychange', onVisible);
  }, []);

  useEffect(() => {
    if (session.player.startedAt !== null) writeSession(storageKey, session);
  }, [storageKey, session]);

  const act = useCallback((event: PlayerEvent) => {
    const at = Date.now();
    setNow(at);
    setSession((current) => ({ ...current, player: event(current.player, at) }));
  }, []);

  return {
    view,
    session,
    start: () => act(start),
    pause: () => act(pause),
    resume: () => act(resume),
    togglePause: () => act((state, at) => (state.pausedAt === null ? pause(state, at) : resume(state, at))),
    skip: () => act(skip),
    completeStep: () => act(completeStep),
    /** Stops early: the finish screen shows what was done. */
    end: () => act(endSession),
    setStepReps: (stepId: string, reps: number) => act((state) => setReps(state, stepId, reps)),
    /** The finish screen's corrections: total reps, feeling and energy. */
    setFinish: (changes: Partial<Pick<StoredSession, 'reps' | 'feeling' | 'energy'>>) =>
      setSession((current) => ({ ...current, ...changes })),
    /**
     * The key for a Finish with `body`: the session's own, or a new one when other values went
     * with it before (kept before sending, so a reload mid-request retries with the same pair).
     */
    keyFor: (body: string) => {
      const key =
        session.sentBody === null || session.sentBody === body ? session.idempotencyKey : newIdempotencyKey();
      const next = { ...session, idempotencyKey: key, sentBody: body };
      writeSession(storageKey, next);
      setSession(next);
      return key;
    },
    restart: () => {
      clearSession(storageKey);
      setSession(freshSession(steps));
    },
    /** After a save: nothing is kept. */
    forget: () => clearSession(storageKey),
  };
}

export type SessionPlayer = ReturnType<typeof useSessionPlayer>;
