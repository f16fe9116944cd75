import type { PlayerStatus } from '@core28/core/session-player';
import { useCallback, useEffect, useRef, useState } from 'react';

const MUTED_KEY = 'core28.session-muted';
const COUNTDOWN = [3, 2, 1];

let audio: AudioContext | null = null;

/**
 * Browsers start sound only from a tap or a key press: every control of the player calls this
 * first (and so does the first touch after a reload).
 */
export function unlockAudio() {
  if (typeof AudioContext === 'undefined') return;
  audio ??= new AudioContext();
  if (audio.state === 'suspended') void audio.resume().catch(() => undefined);
}

function beep(frequency: number, seconds: number, delay = 0) {
  if (audio?.state !== 'running') return;
  const at = audio.currentTime + delay;
  const oscillator = audio.createOscillator();
  const gain = audio.createGain();
  oscillator.frequency.value = frequency;
  // A short fade in and out: no click at either end.
  gain.gain.setValueAtTime(0.0001, at);
  gain.gain.exponentialRampToValueAtTime(0.3, at + 0.01);
  gain.gain.exponentialRampToValueAtTime(0.0001, at + seconds);
  oscillator.connect(gain).connect(audio.destination);
  oscillator.start(at);
  oscillator.stop(at + seconds + 0.02);
}

const vibrate = (pattern: number | number[]) => {
  if (typeof navigator.vibrate === 'function') navigator.vibrate(pattern);
};

const CUES = {
  tick: () => {
    beep(660, 0.12);
    vibrate(60);
  },
  change: () => {
    beep(880, 0.35);
    vibrate(250);
  },
  finish: () => {
    beep(660, 0.15);
    beep(880, 0.15, 0.18);
    beep(1320, 0.4, 0.36);
    vibrate([150, 80, 150, 80, 300]);
  },
};

/** Sound and vibration on or off, remembered on this device. */
export function useMuted() {
  const [isMuted, setMuted] = useState(() => {
    try {
      return localStorage.getItem(MUTED_KEY) === 'true';
    } catch {
      return false;
    }
  });
  const toggle = useCallback(() => {
    setMuted((was) => {
      try {
        localStorage.setItem(MUTED_KEY, String(!was));
      } catch {
        // not remembered, still toggled
      }
      return !was;
    });
  }, []);
  return { isMuted, toggleMuted: toggle };
}

type CueView = { index: number; status: PlayerStatus; secondsRemaining: number | null };

/**
 * A beep and a buzz at each of the last three seconds of a timed step and at every change of
 * step; a little fanfare at the end. Nothing at the first draw (a reload is not a change).
 */
export function useCues({ index, status, secondsRemaining }: CueView, isMuted: boolean) {
  const previous = useRef<CueView>({ index, status, secondsRemaining });
  useEffect(() => {
    const before = previous.current;
    previous.current = { index, status, secondsRemaining };
    if (isMuted || before.status === 'ready' || status === 'ready') return;
    if (status === 'finished') {
      if (before.status !== 'finished') CUES.finish();
    } else if (index !== before.index) CUES.change();
    else if (
      status === 'running' &&
      secondsRemaining !== before.secondsRemaining &&
      secondsRemaining !== null &&
      COUNTDOWN.includes(secondsRemaining)
    )
      CUES.tick();
  }, [index, status, secondsRemaining, isMuted]);

  // After a reload the first touch anywhere may start sound (the controls do it themselves too).
  useEffect(() => {
    window.addEventListener('pointerdown', unlockAudio, { once: true });
    window.addEventListener('keydown', unlockAudio, { once: true });
    return () => {
      window.removeEventListener('pointerdown', unlockAudio);
      window.removeEventListener('keydown', unlockAudio);
    };
  }, []);
}
