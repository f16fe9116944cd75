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
      (i) => done.push(i),
    );
    expect(done).toEqual(Array.from({ length: 250 }, (_, i) => i));
    // It ran after the first slice, not after all 250.
    expect(between).toEqual([100]);
  });

  it('does nothing for no items, and a short list in one go', async () => {
    const done: string[] = [];
    await inSlices([], 100, (item: string) => done.push(item));
    expect(done).toEqual([]);
    await inSlices(new Set(['a', 'b']), 100, (item) => done.push(item));
    expect(done).toEqual(['a', 'b']);
  });
});
