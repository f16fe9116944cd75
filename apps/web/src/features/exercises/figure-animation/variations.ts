// The easier and harder variations the programs beyond Core28 use (the server's seed/programs.ts):
// knee planks and a half bridge for Foundations, longer levers and one-legged work for Round 2+.
import { KNEES_BENT } from './lying';
import type { Demo } from './motion';
import { both, type Drawn, front, pair, side, swap } from './pose';

const ARMS_DOWN = [-7, -7] as const; // along the floor beside the body
const TABLE_TOP = [90, 0, 80] as const; // thigh up, shin level
const LEGS_UP = [90, 90, 140] as const; // straight up over the hips
const STRAIGHT_ARM = [-90, -90] as const;
const ON_FOREARM = [-90, 0] as const;

// On the back, head to the left. Bent-knee dead bug: the far leg lowers with its knee still at a
// right angle until the heel touches down, the near arm reaching overhead.
const bentKneeReach = side({
  torso: 180,
  arms: pair([172, 172], [90, 90]),
  legs: pair(TABLE_TOP, [42, -48, 30]),
  hold: 0.4,
});
const straightLegReach = side({
  torso: 180,
  arms: pair([172, 172], [90, 90]),
  legs: pair(LEGS_UP, [10, 10, 40]),
  hold: 0.4,
});

// Face down, head to the right. From the knees the body is shorter, so it slopes more than a plank.
const fromKnees = (torso: number, arms: Drawn['arms']): Drawn => ({
  torso,
  head: torso - 4,
  arms,
  legs: both([180 + torso, 180, 200]), // the shins and the tops of the feet on the floor
});
const kneePlank = fromKnees(17, both(ON_FOREARM));
const kneelingHigh = fromKnees(36, both(STRAIGHT_ARM));
const kneelingTap = side({
  ...kneelingHigh,
  arms: pair([-132, 4], 'plant'),
  legs: both('plant'),
  hold: 0.25,
});

// Elbows a hand's length ahead of the shoulders: the longer lever.
const longLever: Drawn = { torso: 5, head: 3, arms: both([-62, 0]), legs: both([185, 185]) };

const bear: Drawn = { torso: 10, head: 6, arms: both(STRAIGHT_ARM), legs: both([-90, 172]) };
const bearTap = side({ ...bear, arms: pair([-125, 16], 'plant'), legs: both('plant'), hold: 0.25 });

// Side plank seen from the front (as in side-seated.ts): arms and legs are [top, bottom].
const sidePlank: Drawn = {
  torso: 13.5,
  head: 15,
  arms: pair([90, 90], ON_FOREARM),
  legs: pair([197.5, 197.5], [193.5, 193.5]),
};

export const VARIATIONS: Record<string, Demo> = {
  'knee-plank': {
    view: 'side',
    anchor: 'hands',
    move: 1.6,
    poses: [
      side({ ...kneePlank, hold: 0.6 }),
      side({ torso: [16, 19], head: 15, arms: both('plant'), legs: both('plant'), hold: 0.6 }),
    ],
  },
  'bent-knee-dead-bug': {
    still: 1,
    view: 'side',
    anchor: 'hip',
    move: 1.1,
    poses: [
      side({ torso: 180, arms: both([90, 90]), legs: both(TABLE_TOP), hold: 0.3 }),
      bentKneeReach,
      side({ torso: 180, arms: both([90, 90]), legs: both(TABLE_TOP), hold: 0.3 }),
      swap(bentKneeReach),
    ],
  },
  'half-bridge': {
    still: 1,
    view: 'side',
    anchor: 'shoulder',
    move: 1.1,
    poses: [
      side({ torso: 180, arms: both(ARMS_DOWN), legs: both(KNEES_BENT), hold: 0.4 }),
      side({ torso: [205, 198], head: 180, arms: both(ARMS_DOWN), legs: both('reach'), hold: 0.9 }),
    ],
  },
  'kneeling-shoulder-taps': {
    view: 'side',
    anchor: 'hands',
    move: 0.5,
    poses: [
      side({ ...kneelingHigh, hold: 0.25 }),
      kneelingTap,
      side({ ...kneelingHigh, hold: 0.25 }),
      swap(kneelingTap),
    ],
  },
  'long-lever-plank': {
    view: 'side',
    anchor: 'hands',
    move: 1.6,
    poses: [
      side({ ...longLever, hold: 0.6 }),
      side({ torso: [4, 7], head: 5, arms: both('plant'), legs: both('plant'), hold: 0.6 }),
    ],
  },
  'straight-leg-dead-bug': {
    still: 1,
    view: 'side',
    anchor: 'hip',
    move: 1.3,
    poses: [
      side({ torso: 180, arms: both([90, 90]), legs: both(LEGS_UP), hold: 0.3 }),
      straightLegReach,
      side({ torso: 180, arms: both([90, 90]), legs: both(LEGS_UP), hold: 0.3 }),
      swap(straightLegReach),
    ],
  },
  'single-leg-glute-bridge': {
    still: 1,
    view: 'side',
    anchor: 'shoulder',
    move: 1.2,
    poses: [
      // The near leg held long in line with the far thigh; the far foot stays planted.
      side({ torso: 180, arms: both(ARMS_DOWN), legs: pair([50, 50, 110], KNEES_BENT), hold: 0.4 }),
      side({
        torso: [218, 210],
        head: 180,
        arms: both(ARMS_DOWN),
        legs: pair([17, 17, 80], 'reach'),
        hold: 0.9,
      }),
    ],
  },
  'star-side-plank': {
    view: 'front',
    // The support forearm lies on the floor pointing at the camera (as in side-seated.ts).
    limits: { elbow: [-95, 150] },
    anchor: 'hands',
    move: 1.2,
    poses: [
      front({ ...sidePlank, arms: pair([100, 100], ON_FOREARM), hold: 0.5 }),
      front({ ...sidePlank, arms: pair([85, 85], 'plant'), legs: pair([168, 168], 'plant'), hold: 1.6 }),
    ],
  },
  'bear-plank-shoulder-taps': {
    view: 'side',
    anchor: 'hands',
    move: 0.5,
    poses: [side({ ...bear, hold: 0.25 }), bearTap, side({ ...bear, hold: 0.25 }), swap(bearTap)],
  },
};
