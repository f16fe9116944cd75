import { expect, type Page } from '@playwright/test';

// The session player's tools for the browser tests (session-*.spec.ts): the cues it gives, the
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

/**
 * Today's session, started from /program's card and run to its end: every timed step runs out while
 * the page's clock jumps ten minutes, a set of reps is ended with Done; then Finish with feeling
 * 4 / 5 and energy 100%, back on /program.
 */
export async function finishTodaysSession(page: Page, day: number) {
  const today = page.getByRole('region', { name: `Today's Exercise · Day ${day}` });
  await expect(today).toBeVisible();
  await today.getByRole('link', { name: 'Start workout' }).click();
  await page.getByRole('button', { name: 'Start' }).click();
  const done = page.getByRole('heading', { name: `Day ${day} done!` });
  const start = Date.now();
  let elapsed = 0;
  await expect(async () => {
    elapsed += 600_000;
    await page.clock.setFixedTime(start + elapsed);
    const doneButton = page.getByRole('button', { name: 'Done', exact: true });
    if (await doneButton.isVisible()) await doneButton.click();
    await expect(done).toBeVisible({ timeout: 300 });
  }).toPass({ timeout: 60_000 });
  await page.getByText('4 / 5').click();
  await page.getByText('100%').click();
  await page.getByRole('button', { name: 'Finish' }).click();
  await expect(page).toHaveURL(/\/program$/);
}
