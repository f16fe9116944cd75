// Planks and exercises on hands and knees, face down with the head to the right (side view unless said).
import type { Demo } from './motion';
import { type Drawn, front, side, swap } from './pose';

const onForearms = [-90, 0] as const; // elbow under the shoulder, forearm flat ahead
const straightArm = [-90, -90] as const;
const plant = ['plant', 'plant'] as const;

const forearmPlank: Drawn = {
  torso: 5,
  head: 3,
  arms: [onForearms, onForearms],
  legs: [
    [188, 188, -80],
    [188, 188, -80],
  ],
};
const highPlank: Drawn = {
  torso: 19,
  head: 17,
  arms: [straightArm, straightArm],
  legs: [
    [199, 199],
    [199, 199],
  ],
};

const shoulderTap = side({ ...highPlank, arms: [[-125, 16], 'plant'], legs: plant, hold: 0.25 });
const climber = side({
  ...highPlank,
  legs: [
    [-40, -150],
    [199, 199],
  ],
});

const allFours: Drawn = {
  torso: 14,
  head: 10,
  arms: [straightArm, straightArm],
  legs: [
    [-90, 180, 205],
    [-90, 180, 205],
  ], // knees and the tops of the feet on the floor
};
const birdDogReach = side({
  ...allFours,
  arms: [[0, 0], 'plant'],
  legs: ['plant', [182, 182, 200]],
  hold: 0.6,
});

// Plank up-downs: one arm presses up onto the hand (the other hand stays put, its arm turning), then
// the other; down the same way. The torso's slope is what puts both hands and the toes on the floor.
const pressing = [-140, -40] as const; // halfway up: the hand under the shoulder, elbow bent back
const plankAt = (torso: number, arms: Drawn['arms']) =>
  side({
    torso,
    head: torso - 2,
    arms,
    legs: [
      [180 + torso, 180 + torso],
      [180 + torso, 180 + torso],
    ],
  });
const upDown = (lead: 0 | 1) => {
  type Arm = Drawn['arms'][0];
  const one = (mine: Arm, other: Arm) => (lead === 0 ? ([mine, other] as const) : ([other, mine] as const));
  return [
    { ...plankAt(6, [onForearms, onForearms]), hold: 0.15 },
    plankAt(9.5, one(pressing, 'reach')),
    { ...plankAt(19, [straightArm, straightArm]), hold: 0.15 },
    plankAt(7, one(onForearms, 'reach')),
  ];
};

// Plank jacks from above: the body along the mat, the arms (pointing down to the floor) short.
const jack = (apart: number) =>
  front({
    torso: 0,
    arms: [
      [95, 95],
      [-95, -95],
    ],
    legs: [
      [180 - apart, 180 - apart],
      [180 + apart, 180 + apart],
    ],
  });

export const PLANKS: Record<string, Demo> = {
  'forearm-plank': {
    view: 'side',
    anchor: 'hands',
    move: 1.6,
    poses: [
      side({ ...forearmPlank, hold: 0.6 }),
      side({ torso: [4, 7], head: 6, arms: plant, legs: plant, hold: 0.6 }),
    ],
  },
  'high-plank-shoulder-taps': {
    view: 'side',
    anchor: 'hands',
    move: 0.45,
    poses: [
      side({ ...highPlank, hold: 0.25 }),
      shoulderTap,
      side({ ...highPlank, hold: 0.25 }),
      swap(shoulderTap),
    ],
  },
  'mountain-climbers': {
    view: 'side',
    anchor: 'hands',
    move: 0.32,
    poses: [climber, swap(climber)],
  },
  'plank-jacks': {
    view: 'top',
    scale: { upperArm: 0.3, forearm: 0.3 },
    anchor: 'hip',
    move: 0.35,
    poses: [
      { ...jack(2), hold: 0.1 },
      { ...jack(16), hold: 0.1 },
    ],
  },
  'plank-up-downs': {
    view: 'side',
    anchor: 'feet',
    move: 0.45,
    poses: [...upDown(0), ...upDown(1)],
  },
  'plank-to-pike': {
    view: 'side',
    anchor: 'hands',
    move: 1,
    poses: [
      side({ ...highPlank, hold: 0.3 }),
      side({ torso: [-48, -44], head: -60, arms: plant, legs: plant, hold: 0.4 }),
    ],
  },
  'bear-crawl-hold': {
    view: 'side',
    anchor: 'hands',
    move: 1.5,
    poses: [
      side({
        torso: 10,
        head: 6,
        arms: [straightArm, straightArm],
        legs: [
          [-90, 172],
          [-90, 172],
        ],
        hold: 0.6,
      }),
      side({ torso: [9, 12], head: 8, arms: plant, legs: plant, hold: 0.6 }),
    ],
  },
  'bird-dog': {
    view: 'side',
    anchor: 'knees',
    move: 0.9,
    poses: [
      side({ ...allFours, hold: 0.2 }),
      birdDogReach,
      side({ ...allFours, hold: 0.2 }),
      swap(birdDogReach),
    ],
  },
};

export const ALL_FOURS = allFours;
