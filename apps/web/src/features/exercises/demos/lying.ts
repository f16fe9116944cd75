// Exercises on the back, head to the left (side view unless said).
import type { Demo } from './motion';
import { type Drawn, front, rotated, side, swap } from './pose';

const kneesBent = [50, -60, 0] as const; // feet flat, knees up
const heelsIn = [60, -70, 0] as const; // feet flat, closer to the hips
const armsDown = [-7, -7] as const; // along the floor beside the body
const underHips = [-14, -4] as const; // hands tucked under the hips

const tableTop: Drawn = {
  torso: 180,
  arms: [
    [90, 90],
    [90, 90],
  ],
  legs: [
    [90, 0, 80],
    [90, 0, 80],
  ],
};
const deadBugReach = side({
  ...tableTop,
  arms: [
    [172, 172],
    [90, 90],
  ],
  legs: [
    [90, 0, 80],
    [8, 8, 50],
  ],
  hold: 0.5,
});

/**
 * Hands behind the ears: the elbow rises from the shoulder and the hand comes back to the head.
 * The elbows point out to the sides, so from the side the arms look short (ELBOWS_OUT).
 */
const handsBehindHead = (upper: number) => [upper - 63, upper + 63] as const;
const ELBOWS_OUT = { upperArm: 0.7, forearm: 0.7 };

const hollow: Drawn = {
  torso: [180, 160],
  head: 152,
  arms: [
    [160, 160],
    [160, 160],
  ], // overhead, in line with the upper back
  legs: [
    [16, 16, 60],
    [16, 16, 60],
  ],
};

const bicycle = side({
  torso: [180, 148],
  head: 138,
  arms: [
    [148 - 90, 148 + 40],
    [148 - 35, 148 + 95],
  ], // near elbow forward to the far knee, far elbow back
  legs: [
    [22, 22, 60],
    [118, 28],
  ],
});

// Scissor kicks from above (the legs cross over each other sideways): [below, above] in the picture.
const scissor = (spread: number) =>
  front({
    torso: 180,
    arms: [
      [4, 6],
      [-4, -6],
    ],
    legs: [
      [-spread, -spread],
      [spread, spread],
    ],
  });

export const LYING: Record<string, Demo> = {
  'scissor-kicks': {
    view: 'top',
    anchor: 'hip',
    move: 0.4,
    poses: [scissor(10), scissor(-7)],
  },
  'dead-bug': {
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
    view: 'side',
    anchor: 'shoulder',
    move: 1.2,
    poses: [
      side({ torso: 180, arms: [armsDown, armsDown], legs: [kneesBent, kneesBent], hold: 0.4 }),
      side({ torso: [218, 210], head: 180, arms: [armsDown, armsDown], legs: ['reach', 'reach'], hold: 0.9 }),
    ],
  },
  'heel-taps': {
    view: 'side',
    anchor: 'hip',
    move: 0.6,
    poses: [
      side({
        torso: [180, 147],
        head: 138,
        arms: [
          [-20, -20],
          [-8, 8],
        ],
        legs: [heelsIn, heelsIn],
        hold: 0.2,
      }),
      side({
        torso: [180, 147],
        head: 138,
        arms: [
          [-8, 8],
          [-20, -20],
        ],
        legs: [heelsIn, heelsIn],
        hold: 0.2,
      }),
    ],
  },
  crunch: {
    view: 'side',
    scale: ELBOWS_OUT,
    anchor: 'hip',
    move: 1,
    poses: [
      side({
        torso: 180,
        arms: [handsBehindHead(180), handsBehindHead(180)],
        legs: [kneesBent, kneesBent],
        hold: 0.3,
      }),
      side({
        torso: [180, 148],
        head: 140,
        arms: [handsBehindHead(148), handsBehindHead(148)],
        legs: [kneesBent, kneesBent],
        hold: 0.7,
      }),
    ],
  },
  'reverse-crunch': {
    view: 'side',
    anchor: 'shoulder',
    move: 1.1,
    poses: [
      side({
        torso: 180,
        arms: [armsDown, armsDown],
        legs: [
          [90, 0, 80],
          [90, 0, 80],
        ],
        hold: 0.3,
      }),
      side({
        torso: [207, 186],
        head: 180,
        arms: [armsDown, armsDown],
        legs: [
          [135, 40],
          [135, 40],
        ],
        hold: 0.4,
      }),
    ],
  },
  'bicycle-crunch': {
    view: 'side',
    scale: ELBOWS_OUT,
    anchor: 'hip',
    move: 0.7,
    poses: [{ ...bicycle, hold: 0.15 }, swap(bicycle, { hold: 0.15 })],
  },
  'hollow-body-hold': {
    view: 'side',
    anchor: 'hip',
    move: 1.4,
    poses: [side({ ...hollow, hold: 0.8 }), side({ ...hollow, torso: [180, 158], head: 151, hold: 0.8 })],
  },
  'flutter-kicks': {
    view: 'side',
    anchor: 'hip',
    move: 0.35,
    poses: [
      side({
        torso: [180, 172],
        head: 165,
        arms: [underHips, underHips],
        legs: [
          [18, 18, 58],
          [6, 6, 46],
        ],
      }),
      side({
        torso: [180, 172],
        head: 165,
        arms: [underHips, underHips],
        legs: [
          [6, 6, 46],
          [18, 18, 58],
        ],
      }),
    ],
  },
  'leg-raises': {
    view: 'side',
    anchor: 'hip',
    move: 1.3,
    poses: [
      side({
        torso: 180,
        arms: [underHips, underHips],
        legs: [
          [6, 6, 40],
          [6, 6, 40],
        ],
        hold: 0.3,
      }),
      side({
        torso: 180,
        arms: [underHips, underHips],
        legs: [
          [88, 88],
          [88, 88],
        ],
        hold: 0.3,
        move: 1.8,
      }),
    ],
  },
  'hollow-body-rocks': {
    view: 'side',
    anchor: 'hip',
    move: 0.6,
    poses: [side(rotated(hollow, 12)), side(rotated(hollow, -10))],
  },
  'v-ups': {
    view: 'side',
    anchor: 'hip',
    move: 0.9,
    poses: [
      side({
        torso: 180,
        arms: [
          [176, 176],
          [176, 176],
        ],
        legs: [
          [3, 3, 40],
          [3, 3, 40],
        ],
        hold: 0.3,
      }),
      side({
        torso: [128, 118],
        head: 115,
        arms: [
          [48, 48],
          [48, 48],
        ],
        legs: [
          [58, 58, 100],
          [58, 58, 100],
        ],
        hold: 0.3,
        move: 1.2,
      }),
    ],
  },
  'dragon-flag-negatives-bent-knee': {
    view: 'side',
    anchor: 'shoulder',
    prop: 'post',
    move: 0.9,
    poses: [
      // Up on the upper back, hands on a post behind the head; then the slow lowering, and back.
      side({
        torso: [265, 225],
        head: 180,
        arms: [
          [140, 200],
          [140, 200],
        ],
        legs: [
          [80, -10],
          [80, -10],
        ],
        hold: 0.5,
        move: 3.2,
      }),
      side({
        torso: [200, 192],
        head: 182,
        arms: ['plant', 'plant'],
        legs: [
          [20, -70],
          [20, -70],
        ],
        hold: 0.2,
      }),
      side({
        torso: [235, 205],
        head: 182,
        arms: ['plant', 'plant'],
        legs: [
          [125, 30],
          [125, 30],
        ],
      }),
    ],
  },
};
