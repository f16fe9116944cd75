// Every demonstration by its key: the 28 exercises and the programs' variations (core
// `slugify(name)`; the server's seed/content.ts and seed/programs.ts) and the eight warm-up and
// cool-down moves of a session.
//
// A demo is 2–8 key poses and how long each is held and moved through; motion.ts turns them into
// every frame (feet, hands and hips that stay put are held there; the body always touches the
// floor) and keyframes.ts into CSS. To add or change one: write the poses as bone directions
// (pose.ts), run demos.test.tsx (joint limits, floor, frame), then look at every key pose and the
// moves between them: `npx vite apps/web --port 3330` and
// `npx tsx e2e/tools/demo-shots.ts http://localhost:3330 OUTDIR 200 KEY --strips`.
import { LYING } from './lying';
import { LYING_LEGS } from './lying-legs';
import type { Demo } from './motion';
import { MOVES } from './moves';
import { PLANKS } from './planks';
import { both } from './pose';
import { SIDE_AND_SEATED } from './side-seated';
import { VARIATIONS } from './variations';

const standing = { pelvis: 0, arms: both([4, 8] as const), legs: both([0, 0, 0] as const) };

/** Unknown or missing keys: a person standing at ease, breathing. */
export const NEUTRAL: Demo = {
  view: 'side',
  anchor: 'feet',
  move: 1.6,
  poses: [
    { ...standing, hold: 0.6 },
    { ...standing, spine: -2, neck: 2, arms: both([7, 10] as const), hold: 0.6 },
  ],
};

export const DEMOS: Record<string, Demo> = {
  ...LYING,
  ...LYING_LEGS,
  ...PLANKS,
  ...SIDE_AND_SEATED,
  ...MOVES,
  ...VARIATIONS,
};
