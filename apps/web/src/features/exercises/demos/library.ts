// Every demonstration by its key: the 28 exercises (core `slugify(name)`) and the eight warm-up and
// cool-down moves of a session.

import { LYING } from './lying';
import type { Demo } from './motion';
import { MOVES } from './moves';
import { PLANKS } from './planks';
import { SIDE_AND_SEATED } from './side-seated';

const standing = {
  pelvis: 0,
  arms: [
    [4, 8],
    [4, 8],
  ],
  legs: [
    [0, 0, 0],
    [0, 0, 0],
  ],
} as const;

/** Unknown or missing keys: a person standing at ease, breathing. */
export const NEUTRAL: Demo = {
  view: 'side',
  anchor: 'feet',
  move: 1.6,
  poses: [
    { ...standing, hold: 0.6 },
    {
      ...standing,
      spine: -2,
      neck: 2,
      arms: [
        [7, 10],
        [7, 10],
      ],
      hold: 0.6,
    },
  ],
};

export const DEMOS: Record<string, Demo> = { ...LYING, ...PLANKS, ...SIDE_AND_SEATED, ...MOVES };
