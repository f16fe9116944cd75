import type { Page } from '@playwright/test';

// The session player's tools for the browser tests (session.spec.ts): the cues it gives, the
// screen lock it holds and a clock the test moves.

/**
 * Records navigator.vibrate's calls (the cues, as a phone would feel them), the beeps Web Audio is
 * asked to play (each oscillator's pitch: headless Chromium has no speakers) and the screen wake
 * lock's requests and releases (nor a screen to keep on).
 */
export const recordCues = (page: Page) =>
  page.addInitScript(() => {
    const w = window as unknown as { vibrations: unknown[]; beeps: number[]; wakeLocks: string[] };
    w.vibrations = [];
    w.beeps = [];
    w.wakeLocks = [];
    navigator.vibrate = (pattern) => {
      w.vibrations.push(pattern);
      return true;
    };
    const param = { value: 0, setValueAtTime() {}, exponentialRampToValueAtTime() {} };
    class RecordingAudio {
      state = 'running';
      currentTime = 0;
      destination = {};
      resume = async () => undefined;
      createGain = () => ({ gain: param, connect: (next: unknown) => next });
      createOscillator() {
        const frequency = { value: 0 };
        return {
          frequency,
          connect: (next: unknown) => next,
          start: () => w.beeps.push(frequency.value),
          stop() {},
        };
      }
    }
    Object.defineProperty(window, 'AudioContext', { value: RecordingAudio });
    Object.defineProperty(navigator, 'wakeLock', {
      value: {
        request: async () => {
          w.wakeLocks.push('request');
          const sentinel = {
            released: false,
            release: async () => {
              sentinel.released = true;
              w.wakeLocks.push('release');
            },
          };
          return sentinel;
        },
      },
    });
  });
export const wakeLocks = (page: Page) =>
  page.evaluate(() => (window as unknown as { wakeLocks: string[] }).wakeLocks);
export const vibrations = (page: Page) =>
  page.evaluate(() => (window as unknown as { vibrations: unknown[] }).vibrations);
export const beeps = (page: Page) => page.evaluate(() => (window as unknown as { beeps: number[] }).beeps);
export const TICK = 660; // the last three seconds of a step
export const CHANGE = 880; // the next step
export const FANFARE = [660, 880, 1320]; // the end

/** The page's time, `seconds` after the test began: `clock.advance(10)` moves it 10 s on. */
export async function sessionClock(page: Page) {
  const start = Date.now();
  let elapsed = 0;
  await page.clock.setFixedTime(start);
  return {
    advance: async (seconds: number) => {
      elapsed += seconds;
      await page.clock.setFixedTime(start + elapsed * 1000);
    },
  };
}

export type Clock = Awaited<ReturnType<typeof sessionClock>>;
