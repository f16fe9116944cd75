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
import { useCallback, useEffect, useRef, useState } from 'react';
import { newIdempotencyKey } from '@/lib/idempotency-key';
import { clearSession, readSession, type StoredSession, writeSession } from './session-storage';

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
 * member's actions. Kept in localStorage from the start until it is saved or thrown away; each
 * change is written as it happens, not after the next render (leaving the page unmounts at once).
 */
export function useSessionPlayer(storageKey: string, steps: SessionStep[]) {
  const [session, setSession] = useState(() => readSession(storageKey) ?? freshSession(steps));
  const latest = useRef(session);
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

  // Leaving the player any way but a reload or a closed tab (its X, Back, a link) pauses a running
  // clock, so the member comes back where they left. Written straight to storage: the page is going.
  // The check waits a microtask because React's StrictMode unmounts and mounts again at once in
  // development (the ref outlives that); a real unmount is not followed by a mount.
  const isMounted = useRef(false);
  useEffect(() => {
    isMounted.current = true;
    return () => {
      isMounted.current = false;
      queueMicrotask(() => {
        if (isMounted.current) return;
        const at = Date.now();
        const current = latest.current;
        if (sessionAt(current.player, at).status === 'running')
          writeSession(storageKey, { ...current, player: pause(current.player, at) });
      });
    };
  }, [storageKey]);

  const save = useCallback(
    (next: StoredSession) => {
      latest.current = next;
      if (next.player.startedAt !== null) writeSession(storageKey, next);
      setSession(next);
    },
    [storageKey],
  );
  const act = useCallback(
    (event: PlayerEvent) => {
      const at = Date.now();
      setNow(at);
      save({ ...latest.current, player: event(latest.current.player, at) });
    },
    [save],
  );

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
      save({ ...latest.current, ...changes }),
    /**
     * The key for a Finish with `body`: the session's own, or a new one when other values went
     * with it before (kept before sending, so a reload mid-request retries with the same pair).
     */
    keyFor: (body: string) => {
      const current = latest.current;
      const isSame = current.sentBody === null || current.sentBody === body;
      const key = isSame ? current.idempotencyKey : newIdempotencyKey();
      save({ ...current, idempotencyKey: key, sentBody: body });
      return key;
    },
    restart: () => {
      clearSession(storageKey);
      save(freshSession(steps));
    },
    /** After a save: nothing is kept. */
    forget: () => clearSession(storageKey),
  };
}

export type SessionPlayer = ReturnType<typeof useSessionPlayer>;
