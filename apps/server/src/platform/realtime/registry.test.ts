import { describe, expect, it } from 'vitest';
import { inSlices } from './registry.ts';

describe('inSlices (the heartbeat)', () => {
  it('does every item once, in order, and lets I/O and timers run between slices', async () => {
    const done: number[] = [];
    const between: number[] = [];
    // Something else the event loop has to do meanwhile (an answer to write).
    setImmediate(() => between.push(done.length));
    await inSlices(
      Array.from({ length: 250 }, (_, i) => i),
      100,
      (slice) => {
        done.push(...slice);
      },
    );
    expect(done).toEqual(Array.from({ length: 250 }, (_, i) => i));
    // It ran after the first slice, not after all 250.
    expect(between).toEqual([100]);
  });

  it('spreads the slices over time, `gapMs` apart, and waits for a slice that is async', async () => {
    const done: number[] = [];
    const between: number[] = [];
    await inSlices(
      [1, 2, 3, 4],
      2,
      async (slice) => {
        await new Promise((resolve) => setImmediate(resolve));
        done.push(...slice);
        // Timers due well before the gap ends run before the next slice.
        if (done.length === 2) for (const ms of [1, 2]) setTimeout(() => between.push(done.length), ms);
      },
      { gapMs: 50 },
    );
    expect(done).toEqual([1, 2, 3, 4]);
    expect(between).toEqual([2, 2]);
  });

  it('stops between two slices once told to', async () => {
    const done: number[] = [];
    let isStopped = false;
    await inSlices(
      [1, 2, 3, 4, 5, 6],
      2,
      (slice) => {
        done.push(...slice);
        if (done.length === 4) isStopped = true;
      },
      { gapMs: 1, isStopped: () => isStopped },
    );
    expect(done).toEqual([1, 2, 3, 4]);
  });

  it('does nothing when told to stop before it starts', async () => {
    const done: number[] = [];
    await inSlices([1, 2, 3], 2, (slice) => void done.push(...slice), { isStopped: () => true });
    expect(done).toEqual([]);
  });

  it('does nothing for no items, and a short list in one go', async () => {
    const done: string[] = [];
    await inSlices([], 100, (slice: string[]) => {
      done.push(...slice);
    });
    expect(done).toEqual([]);
    await inSlices(new Set(['a', 'b']), 100, (slice) => {
      done.push(...slice);
    });
    expect(done).toEqual(['a', 'b']);
  });
});
