// Exercises on the back, head to the left (side view unless said): curls and crunches.
import type { Demo } from './motion';
import { both, type Drawn, pair, side, swap } from './pose';

export const KNEES_BENT = [50, -60, 0] as const; // feet flat, knees up
const HEELS_IN = [60, -70, 0] as const; // feet flat, closer to the hips
const ARMS_DOWN = [-7, -7] as const; // along the floor beside the body
const TABLE_TOP = [90, 0, 80] as const; // thigh up, shin level

const tableTop: Drawn = { torso: 180, arms: both([90, 90]), legs: both(TABLE_TOP) };
const deadBugReach = side({
  ...tableTop,
  arms: pair([172, 172], [90, 90]),
  legs: pair(TABLE_TOP, [8, 8, 50]),
  hold: 0.5,
});

/**
 * Hands behind the ears: the elbow rises from the shoulder and the hand comes back to the head.
 * The elbows point out to the sides, so from the side the arms look short (ELBOWS_OUT).
 */
const behindHead = (upper: number) => [upper - 63, upper + 63] as const;
const ELBOWS_OUT = { upperArm: 0.7, forearm: 0.7 };

// Right elbow to left knee: the near elbow comes forward as the far knee comes in.
const bicycle = side({
  torso: [180, 148],
  head: 138,
  arms: pair([148 - 90, 148 + 40], [148 - 35, 148 + 95]),
  legs: pair([22, 22, 60], [118, 28]),
});

const heelTap = side({
  torso: [180, 147],
  head: 138,
  arms: pair([-20, -20], [-8, 8]),
  legs: both(HEELS_IN),
  hold: 0.2,
});

export const LYING: Record<string, Demo> = {
  'dead-bug': {
    still: 1,
    view: 'side',
    anchor: 'hip',
    move: 1.1,
    poses: [
      side({ ...tableTop, hold: 0.3 }),
      deadBugReach,
      side({ ...tableTop, hold: 0.3 }),
      swap(deadBugReach),
    ],
  },
  'glute-bridge': {
    still: 1,
    view: 'side',
    anchor: 'shoulder',
    move: 1.2,
    poses: [
      side({ torso: 180, arms: both(ARMS_DOWN), legs: both(KNEES_BENT), hold: 0.4 }),
      side({ torso: [218, 210], head: 180, arms: both(ARMS_DOWN), legs: both('reach'), hold: 0.9 }),
    ],
  },
  'heel-taps': {
    view: 'side',
    anchor: 'hip',
    move: 0.6,
    poses: [heelTap, swap(heelTap)],
  },
  crunch: {
    still: 1,
    view: 'side',
    scale: ELBOWS_OUT,
    anchor: 'hip',
    move: 1,
    poses: [
      side({ torso: 180, arms: both(behindHead(180)), legs: both(KNEES_BENT), hold: 0.3 }),
      side({ torso: [180, 148], head: 140, arms: both(behindHead(148)), legs: both(KNEES_BENT), hold: 0.7 }),
    ],
  },
  'reverse-crunch': {
    still: 1,
    view: 'side',
    anchor: 'shoulder',
    move: 1.1,
    poses: [
      side({ torso: 180, arms: both(ARMS_DOWN), legs: both(TABLE_TOP), hold: 0.3 }),
      side({ torso: [207, 186], head: 180, arms: both(ARMS_DOWN), legs: both([135, 40]), hold: 0.4 }),
    ],
  },
  'bicycle-crunch': {
    view: 'side',
    scale: ELBOWS_OUT,
    anchor: 'hip',
    move: 0.7,
    poses: [{ ...bicycle, hold: 0.15 }, swap(bicycle, { hold: 0.15 })],
  },
};
