// A demo by key, ready to draw: its frames and its CSS, computed once per key.
import { type Animation, animationOf } from './keyframes';
import { DEMOS, NEUTRAL } from './library';
import { type Demo, type Timeline, timeline } from './motion';

type Built = { name: string; demo: Demo; line: Timeline; animation: Animation };
const built = new Map<string, Built>();

/** Unknown and missing keys get the neutral figure. */
export function buildDemo(key: string | null): Built {
  const name = key && Object.hasOwn(DEMOS, key) ? key : 'neutral';
  let entry = built.get(name);
  if (!entry) {
    const demo = name === 'neutral' ? NEUTRAL : DEMOS[name]!;
    const line = timeline(demo);
    entry = { name, demo, line, animation: animationOf(name, demo, line) };
    built.set(name, entry);
  }
  return entry;
}
