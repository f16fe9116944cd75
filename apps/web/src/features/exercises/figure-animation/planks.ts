// Planks and exercises on hands and knees, face down with the head to the right (side view unless said).
import type { Demo } from './motion';
import { both, type Drawn, front, pair, side, swap } from './pose';

const ON_FOREARM = [-90, 0] as const; // elbow under the shoulder, forearm flat ahead
const STRAIGHT_ARM = [-90, -90] as const;
const PRESSING = [-140, -40] as const; // halfway up: the hand under the shoulder, elbow bent back

/** A straight body from the toes, its slope what puts the hands (or forearms) and the toes on the floor. */
const plankAt = (torso: number, arms: Drawn['arms']): Drawn => ({
  torso,
  head: torso - 2,
  arms,
  legs: both([180 + torso, 180 + torso]),
});
const forearmPlank = plankAt(6, both(ON_FOREARM));
const highPlank = plankAt(19, both(STRAIGHT_ARM));

const shoulderTap = side({ ...highPlank, arms: pair([-125, 16], 'plant'), legs: both('plant'), hold: 0.25 });
// A knee driven under the chest, its foot clear of the floor; the other leg long behind.
const climber = side({ ...highPlank, legs: pair([-35, -162, 208], [199, 199]) });

export const ALL_FOURS: Drawn = {
  torso: 14,
  head: 10,
  arms: both(STRAIGHT_ARM),
  legs: both([-90, 180, 205]), // knees and the tops of the feet on the floor
};
const birdDogReach = side({
  ...ALL_FOURS,
  arms: pair([0, 0], 'plant'),
  legs: pair('plant', [182, 182, 200]),
  hold: 0.6,
});

// Plank up-downs: one arm presses up onto the hand (the other hand stays put, its arm turning), then
// the other; down the same way.
const upDown = (lead: 0 | 1) => {
  const one = <T, U>(mine: T, other: U) =>
    lead === 0 ? pair<T | U, T | U>(mine, other) : pair<T | U, T | U>(other, mine);
  return [
    side({ ...plankAt(6, both(ON_FOREARM)), hold: 0.15 }),
    side(plankAt(9.5, one(PRESSING, 'reach'))),
    side({ ...highPlank, hold: 0.15 }),
    side(plankAt(7, one(ON_FOREARM, 'reach'))),
  ];
};

// Plank jacks from above: the body along the mat, the arms (pointing down to the floor) short.
const jack = (apart: number) =>
  front({
    torso: 0,
    arms: pair([95, 95], [-95, -95]),
    legs: pair([180 - apart, 180 - apart], [180 + apart, 180 + apart]),
  });

export const PLANKS: Record<string, Demo> = {
  'forearm-plank': {
    view: 'side',
    anchor: 'hands',
    move: 1.6,
    poses: [
      side({ ...forearmPlank, hold: 0.6 }),
      side({ torso: [5, 8], head: 7, arms: both('plant'), legs: both('plant'), hold: 0.6 }),
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
  'mountain-climbers': { view: 'side', anchor: 'hands', move: 0.32, poses: [climber, swap(climber)] },
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
  'plank-up-downs': { view: 'side', anchor: 'feet', move: 0.45, poses: [...upDown(0), ...upDown(1)] },
  'plank-to-pike': {
    still: 1,
    view: 'side',
    anchor: 'hands',
    move: 1,
    poses: [
      side({ ...highPlank, hold: 0.3 }),
      side({ torso: [-48, -44], head: -60, arms: both('plant'), legs: both('plant'), hold: 0.4 }),
    ],
  },
  'bear-crawl-hold': {
    view: 'side',
    anchor: 'hands',
    move: 1.5,
    poses: [
      // Knees under the hips, hovering an inch off the floor; a breath.
      side({ torso: 10, head: 6, arms: both(STRAIGHT_ARM), legs: both([-90, 172]), hold: 0.6 }),
      side({ torso: [9, 12], head: 8, arms: both('plant'), legs: both('plant'), hold: 0.6 }),
    ],
  },
  'bird-dog': {
    view: 'side',
    anchor: 'knees',
    move: 0.9,
    poses: [
      side({ ...ALL_FOURS, hold: 0.2 }),
      birdDogReach,
      side({ ...ALL_FOURS, hold: 0.2 }),
      swap(birdDogReach),
    ],
  },
};
