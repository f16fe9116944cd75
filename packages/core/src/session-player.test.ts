import { describe, expect, it } from 'vitest';
import {
  completeStep,
  createSession,
  endSession,
  type PlayerStep,
  pause,
  resume,
  sessionAt,
  sessionSummary,
  setReps,
  skip,
  start,
} from './session-player.ts';
import { parsePlayerState } from './session-player-store.ts';

// A small plan: 60 s warm-up, two reps sets of 10 with 30 s rest, a timed set, 45 s cool-down.
const STEPS: PlayerStep[] = [
  { id: 'warmup-1', kind: 'warmup', durationSeconds: 60, targetReps: null },
  { id: 'work-1', kind: 'work', durationSeconds: null, targetReps: 10 },
  { id: 'rest-1', kind: 'rest', durationSeconds: 30, targetReps: null },
  { id: 'work-2', kind: 'work', durationSeconds: null, targetReps: 10 },
  { id: 'rest-2', kind: 'rest', durationSeconds: 30, targetReps: null },
  { id: 'work-3', kind: 'work', durationSeconds: 40, targetReps: null },
  { id: 'cooldown-1', kind: 'cooldown', durationSeconds: 45, targetReps: null },
];
const T0 = Date.parse('2026-03-03T07:00:00Z');
const s = (seconds: number) => T0 + seconds * 1000;
const started = () => start(createSession(STEPS), T0);

describe('sessionAt: a timed step counts down from timestamps', () => {
  it('is ready until started, then counts the first step down', () => {
    expect(sessionAt(createSession(STEPS), T0).status).toBe('ready');
    const view = sessionAt(started(), s(12.4));
    expect(view).toMatchObject({ status: 'running', index: 0, secondsRemaining: 48, elapsedSeconds: 12 });
    expect(view.step?.id).toBe('warmup-1');
    expect(view.next?.id).toBe('work-1');
    expect(view.nextChangeAt).toBe(s(60));
  });

  it('shows 1 in the last second and moves on at the exact end', () => {
    expect(sessionAt(started(), s(59.5)).secondsRemaining).toBe(1);
    const view = sessionAt(started(), s(60));
    expect(view.step?.id).toBe('work-1');
    expect(view).toMatchObject({
      secondsRemaining: null,
      reps: 10,
      nextChangeAt: null,
      stepElapsedSeconds: 0,
    });
  });
});

describe('a reps set ends when the member says so', () => {
  it('waits however long it takes, then the rest starts from that moment', () => {
    let state = started();
    expect(sessionAt(state, s(600)).step?.id).toBe('work-1'); // ten minutes later: still the set
    state = setReps(state, 'work-1', 12);
    state = completeStep(state, s(100));
    const view = sessionAt(state, s(110));
    expect(view).toMatchObject({ index: 2, secondsRemaining: 20, nextChangeAt: s(130) });
    expect(sessionSummary(state, s(110)).steps[1]).toMatchObject({
      id: 'work-1',
      activeSeconds: 40,
      outcome: 'done',
      reps: 12,
    });
  });

  it('counts the target when the counter was not touched, and is clamped to 0..1000', () => {
    let state = completeStep(started(), s(90));
    expect(sessionSummary(state, s(90)).totalReps).toBe(10);
    state = setReps(state, 'work-2', -5);
    expect(sessionAt(state, s(121)).reps).toBe(0);
    state = setReps(state, 'work-2', 4000.4);
    expect(sessionAt(state, s(121)).reps).toBe(1000);
    expect(setReps(state, 'rest-1', 3)).toBe(state); // only work steps count reps
    expect(setReps(state, 'nope', 3)).toBe(state);
  });
});

describe('pause and resume', () => {
  it('freezes the countdown and leaves the pause out of the active time', () => {
    let state = pause(started(), s(20));
    expect(sessionAt(state, s(500))).toMatchObject({
      status: 'paused',
      index: 0,
      secondsRemaining: 40,
      elapsedSeconds: 20,
      nextChangeAt: null,
    });
    state = resume(state, s(320)); // five minutes paused
    const view = sessionAt(state, s(330));
    expect(view).toMatchObject({ status: 'running', secondsRemaining: 30, elapsedSeconds: 30 });
    expect(view.nextChangeAt).toBe(s(360));
    expect(sessionAt(state, s(360)).step?.id).toBe('work-1');
  });

  it('pausing twice or resuming a running session changes nothing', () => {
    const paused = pause(started(), s(5));
    expect(pause(paused, s(9))).toEqual(paused);
    const running = started();
    expect(resume(running, s(9))).toBe(running);
  });

  it('a pause during a reps set is left out of that set too', () => {
    let state = pause(started(), s(70)); // 10 s into the set
    state = resume(state, s(130));
    state = completeStep(state, s(140));
    expect(sessionSummary(state, s(140)).steps[1]).toMatchObject({ activeSeconds: 20 });
    expect(sessionSummary(state, s(140)).totalActiveSeconds).toBe(80);
  });

  it('a clock set back never moves the session backwards', () => {
    // Resumed 'at 10 s' after a pause at 30 s: taken as 30 s, never a negative pause.
    const state = resume(pause(started(), s(30)), s(10));
    expect(state.totalPausedMs).toBe(0);
    expect(sessionAt(state, s(31))).toMatchObject({ secondsRemaining: 29, elapsedSeconds: 31 });
    expect(sessionAt(state, s(5))).toMatchObject({ secondsRemaining: 30, elapsedSeconds: 30 });
  });
});

describe('skip', () => {
  it('moves to the next step at once and records the skip', () => {
    const state = skip(started(), s(15));
    const view = sessionAt(state, s(15));
    expect(view.step?.id).toBe('work-1');
    expect(sessionSummary(state, s(15)).steps).toEqual([
      expect.objectContaining({ id: 'warmup-1', outcome: 'skipped', activeSeconds: 15, endedAt: s(15) }),
    ]);
  });

  it('a skipped reps set counts only what was counted', () => {
    let state = skip(started(), s(1)); // warm-up
    state = setReps(state, 'work-1', 6);
    state = skip(state, s(20)); // set 1: 6 counted
    state = skip(state, s(21)); // rest
    state = skip(state, s(22)); // set 2: nothing counted
    expect(sessionSummary(state, s(22)).totalReps).toBe(6);
  });

  it('while paused, the next step waits paused too', () => {
    let state = pause(started(), s(10));
    state = skip(state, s(40));
    expect(sessionAt(state, s(100))).toMatchObject({ status: 'paused', index: 1, elapsedSeconds: 10 });
    state = resume(state, s(100));
    expect(sessionAt(state, s(105))).toMatchObject({ status: 'running', elapsedSeconds: 15 });
  });
});

describe('a backgrounded tab or a sleeping phone', () => {
  it('comes back to the right step and second after several steps ran out unseen', () => {
    let state = started();
    state = completeStep(state, s(62)); // set 1 (reps) ends 2 s into it
    state = completeStep(settleTo(state, s(100)), s(100)); // rest ran out at 92, set 2 done at 100
    // The tab sleeps from 101 s: rest-2 (100–130), work-3 (130–170) and 12 s of cool-down pass unseen.
    const view = sessionAt(state, s(182));
    expect(view.step?.id).toBe('cooldown-1');
    expect(view).toMatchObject({ secondsRemaining: 33, elapsedSeconds: 182, nextChangeAt: s(215) });
    expect(sessionSummary(state, s(182)).steps.map((r) => [r.id, r.startedAt, r.endedAt])).toEqual([
      ['warmup-1', s(0), s(60)],
      ['work-1', s(60), s(62)],
      ['rest-1', s(62), s(92)],
      ['work-2', s(92), s(100)],
      ['rest-2', s(100), s(130)],
      ['work-3', s(130), s(170)],
    ]);
  });

  it('stops at a reps set it cannot finish alone', () => {
    const view = sessionAt(started(), s(3600));
    expect(view.step?.id).toBe('work-1');
    expect(view.stepElapsedSeconds).toBe(3540);
  });

  it('finishes when the last timed step runs out, and the time stops there', () => {
    let state = completeStep(started(), s(70));
    state = completeStep(state, s(120)); // set 2 (rest-1 ran 70–100)
    const view = sessionAt(state, s(9999));
    expect(view).toMatchObject({ status: 'finished', step: null, next: null, nextChangeAt: null });
    expect(view.state.finishedAt).toBe(s(235)); // rest-2 30 + work-3 40 + cool-down 45 after 120
    expect(sessionSummary(state, s(9999))).toMatchObject({ totalActiveSeconds: 235, totalReps: 20 });
    expect(skip(view.state, s(10_000))).toEqual(view.state);
  });
});

describe('endSession', () => {
  it('stops the clock now and keeps what was done, the current step as skipped', () => {
    let state = setReps(completeStep(started(), s(70)), 'work-1', 8); // set 1: 8 reps
    state = pause(state, s(80)); // in rest-1
    state = endSession(state, s(200));
    const view = sessionAt(state, s(999));
    expect(view).toMatchObject({ status: 'finished', elapsedSeconds: 80 });
    expect(sessionSummary(state, s(999))).toMatchObject({ totalActiveSeconds: 80, totalReps: 8 });
    expect(sessionSummary(state, s(999)).steps.map((r) => [r.id, r.outcome])).toEqual([
      ['warmup-1', 'done'],
      ['work-1', 'done'],
      ['rest-1', 'skipped'],
    ]);
  });

  it('does nothing before the start', () => {
    const ready = createSession(STEPS);
    expect(endSession(ready, T0)).toBe(ready);
  });
});

describe('parsePlayerState (kept in localStorage)', () => {
  it('round-trips through JSON, extra step fields included', () => {
    const steps = STEPS.map((step) => ({ ...step, title: `Title of ${step.id}` }));
    let state = start(createSession(steps), T0);
    state = setReps(pause(completeStep(state, s(70)), s(80)), 'work-2', 7);
    const back = parsePlayerState<(typeof steps)[number]>(JSON.parse(JSON.stringify(state)));
    expect(back).toEqual(state);
    expect(back?.steps[0]?.title).toBe('Title of warmup-1');
    expect(sessionAt(back!, s(400))).toEqual(sessionAt(state, s(400)));
  });

  it('refuses what is not a session', () => {
    expect(parsePlayerState(null)).toBeNull();
    expect(parsePlayerState({ version: 2 })).toBeNull();
    expect(parsePlayerState({ ...started(), steps: [] })).toBeNull();
    expect(parsePlayerState({ ...started(), index: 99 })).toBeNull();
    expect(parsePlayerState({ ...started(), reps: { 'work-1': -1 } })).toBeNull();
    expect(parsePlayerState({ ...started(), steps: [{ ...STEPS[0], kind: 'stretch' }] })).toBeNull();
    expect(parsePlayerState({ ...started(), steps: [{ ...STEPS[0], durationSeconds: 0 }] })).toBeNull();
    expect(parsePlayerState({ ...started(), pausedAt: -1 })).toBeNull();
    expect(parsePlayerState({ ...started(), lastEventAt: Number.NaN })).toBeNull();
    expect(parsePlayerState({ ...started(), index: 1.5 })).toBeNull();
    const done = completeStep(started(), s(60));
    const record = done.records[0]!;
    expect(parsePlayerState(done)).toEqual(done);
    expect(parsePlayerState({ ...done, records: [{ ...record, outcome: 'maybe' }] })).toBeNull();
    expect(parsePlayerState({ ...done, records: [{ ...record, endedAt: '60' }] })).toBeNull();
  });

  it('keeps only what a session has (a step keeps its extra fields)', () => {
    expect(parsePlayerState({ ...started(), injected: true })).toEqual(started());
  });
});

/** Only for building a state by hand: the view's state is the settled one. */
const settleTo = (state: ReturnType<typeof started>, at: number) => sessionAt(state, at).state;
