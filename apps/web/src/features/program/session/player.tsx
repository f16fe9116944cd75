import { useEffect } from 'react';
import type { SessionData } from '../api';
import { FinishScreen } from './finish-screen';
import { clock, PlayerShell } from './player-shell';
import { ReadyScreen } from './ready-screen';
import { StepScreen } from './step-screen';
import { unlockAudio, useCues, useMuted } from './use-cues';
import { useSessionPlayer } from './use-session-player';
import { useWakeLock } from './use-wake-lock';

const TYPING = new Set(['INPUT', 'TEXTAREA', 'SELECT']);

/** A day's session from Start to Finish. */
export function Player({ data, storageKey }: { data: SessionData; storageKey: string }) {
  const player = useSessionPlayer(storageKey, data.steps);
  const { view } = player;
  const { isMuted, toggleMuted } = useMuted();
  useCues(view, isMuted);
  useWakeLock(view.status === 'running');

  // Space pauses and resumes (desktop), whatever has focus but a text field; its own default
  // (pressing the focused button) would do a second thing.
  const { status } = view;
  const { togglePause } = player;
  useEffect(() => {
    if (status !== 'running' && status !== 'paused') return;
    const onKey = (event: KeyboardEvent) => {
      const target = event.target as HTMLElement | null;
      if (event.code !== 'Space' || event.repeat || (target && TYPING.has(target.tagName))) return;
      event.preventDefault();
      unlockAudio();
      togglePause();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [status, togglePause]);

  const isActive = status === 'running' || status === 'paused';
  return (
    <PlayerShell
      title={`Day ${data.day} · ${data.exercises.length > 1 ? data.round.program.name : data.exercise.name}`}
      subtitle={isActive ? `${clock(view.elapsedSeconds)} elapsed` : undefined}
      isMuted={isMuted}
      onToggleMuted={toggleMuted}
    >
      {status === 'ready' && <ReadyScreen data={data} onStart={player.start} />}
      {isActive && <StepScreen data={data} view={view} player={player} />}
      {status === 'finished' && <FinishScreen data={data} player={player} />}
    </PlayerShell>
  );
}
