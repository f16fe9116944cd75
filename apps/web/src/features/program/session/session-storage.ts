import type { SessionStep } from '@core28/core/session-plan';
import type { PlayerState } from '@core28/core/session-player';
import { parsePlayerState } from '@core28/core/session-player-store';

/**
 * A session in progress, kept in this browser until it is saved: a reload, a closed
 * tab or a phone's lock screen comes back to it. The finish request's Idempotency-Key is made
 * once with the session and kept beside it, so a retried or double-tapped Finish saves once.
 */
export type StoredSession = {
  player: PlayerState<SessionStep>;
  idempotencyKey: string;
  /**
   * The body first sent with the key. The server answers a key's second use only with the same
   * body (else 409): corrected values after an unanswered Finish go with a new key.
   */
  sentBody: string | null;
  /** The finish screen's corrections, so a reload there keeps them too. */
  reps: number | null;
  feeling: number | null;
  energy: number | null;
};

const PREFIX = 'core28.session';
/**
 * A day of a later round is another session than the same day of round 1 (whose key stays as it
 * always was, so a session kept before rounds existed is still found).
 */
export const sessionStorageKey = (userId: string, day: number, round = 1) =>
  round > 1 ? `${PREFIX}.${userId}.round-${round}.day-${day}` : `${PREFIX}.${userId}.day-${day}`;

const rating = (value: unknown) =>
  typeof value === 'number' && Number.isInteger(value) && value >= 1 && value <= 5 ? value : null;

export function readSession(key: string): StoredSession | null {
  try {
    const raw = JSON.parse(localStorage.getItem(key) ?? 'null') as Partial<StoredSession> | null;
    const player = parsePlayerState<SessionStep>(raw?.player);
    if (!raw || !player || typeof raw.idempotencyKey !== 'string' || !raw.idempotencyKey) return null;
    const reps =
      typeof raw.reps === 'number' && Number.isInteger(raw.reps) && raw.reps >= 0 ? raw.reps : null;
    return {
      player,
      idempotencyKey: raw.idempotencyKey,
      sentBody: typeof raw.sentBody === 'string' ? raw.sentBody : null,
      reps,
      feeling: rating(raw.feeling),
      energy: rating(raw.energy),
    };
  } catch {
    return null; // unreadable (or storage blocked): start afresh
  }
}

/**
 * What a day's Start button says: a session kept in this browser is resumed (or, once its clock
 * is done, saved); otherwise a completed day is replayed and any other started.
 */
export function sessionAction(stored: StoredSession | null, isCompleted: boolean) {
  if (stored) return stored.player.finishedAt !== null ? 'Save your workout' : 'Resume workout';
  return isCompleted ? 'Replay' : 'Start workout';
}

export function writeSession(key: string, session: StoredSession) {
  try {
    localStorage.setItem(key, JSON.stringify(session));
  } catch {
    // Full or blocked storage: the session still runs, it just will not survive a reload.
  }
}

export function clearSession(key: string) {
  try {
    localStorage.removeItem(key);
  } catch {
    // nothing kept, nothing to clear
  }
}
