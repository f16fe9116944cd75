// The warm-up (march in place, arm circles, cat-cow, torso twist) and the cool-down (child's pose,
// cobra stretch, knees to chest, supine twist) of every session.
import type { Demo } from './motion';
import { ALL_FOURS } from './planks';
import { both, type Drawn, front, pair, side, swap } from './pose';

const stand = side({ torso: 90, arms: pair([-95, -80], [-85, -80]), legs: both([-90, -90, 0]) });
// One knee up to the hip, the arms swinging opposite to the legs.
const marchStep = side({
  torso: 90,
  arms: pair([-120, -100], [-45, 10]),
  legs: pair([-15, -105, -15], [-90, -90, 0]),
});

const armsOut = (lift: number) =>
  front({
    torso: 90,
    arms: pair([180 - lift, 180 - lift], [lift, lift]),
    legs: pair([-95, -95], [-85, -85]),
  });

// Feet apart, the arms swinging loose around the body to one side and the other.
const twistTo = (way: 1 | -1) =>
  front({
    torso: 90 - 3 * way,
    head: 90 - 5 * way,
    arms: way === 1 ? pair([-40, -15], [-5, -25]) : pair([-175, -155], [-140, -165]),
    legs: pair([-100, -100], [-80, -80]),
  });

const childsPose: Drawn = {
  torso: [38, -12], // the back rounded over the thighs
  head: -50,
  arms: both([-40, -12]),
  legs: both([-21, 180, 205]), // sitting back on the heels
};

const prone: Drawn = {
  torso: 0,
  head: 0,
  arms: both([125, -87]), // hands beside the chest, elbows up
  legs: both([183, 183, 205]),
};

// Lying on the back hugging the knees: the hands on the shins just below the knees.
const hug = (thigh: number, head: number, arm: readonly [number, number]): Drawn => ({
  torso: 180,
  head,
  arms: both(arm),
  legs: both([thigh, thigh - 130]),
});

// From above, lying on the back with the arms out; the bent knees drop to one side.
const kneesDropped = (way: 1 | -1) =>
  front({ torso: 180, arms: pair([-90, -90], [90, 90]), legs: both([-45 * way, 30 * way]) });

export const MOVES: Record<string, Demo> = {
  'march-in-place': {
    view: 'side',
    anchor: 'hip',
    move: 0.3,
    poses: [marchStep, stand, swap(marchStep), stand],
  },
  'arm-circles': {
    view: 'front',
    prop: 'circles',
    anchor: 'hip',
    move: 0.35,
    poses: [armsOut(10), armsOut(-10)],
  },
  'cat-cow': {
    still: 1,
    view: 'side',
    anchor: 'knees',
    move: 1.6,
    poses: [
      side({ ...ALL_FOURS, move: 0.9 }),
      side({ torso: [30, 0], head: -60, arms: both('plant'), legs: both('plant'), hold: 0.5 }), // cat
      side({ torso: [0, 28], head: 50, arms: both('plant'), legs: both('plant'), hold: 0.5, move: 0.9 }), // cow
    ],
  },
  'torso-twist': {
    view: 'front',
    anchor: 'hip',
    move: 0.8,
    poses: [
      { ...twistTo(1), hold: 0.1 },
      { ...twistTo(-1), hold: 0.1 },
    ],
  },
  'childs-pose': {
    view: 'side',
    legsUnder: true,
    anchor: 'knees',
    move: 1.8,
    poses: [
      side({ ...childsPose, hold: 0.8 }),
      side({ torso: [40, -10], head: -50, arms: both('plant'), legs: both('plant'), hold: 0.8 }),
    ],
  },
  'cobra-stretch': {
    still: 1,
    view: 'side',
    anchor: 'feet',
    move: 1.4,
    poses: [
      side({ ...prone, hold: 0.4 }),
      side({ torso: [22, 60], head: 75, arms: both('reach'), legs: both('plant'), hold: 1.2 }),
    ],
  },
  'knees-to-chest': {
    view: 'side',
    anchor: 'shoulder',
    move: 1.4,
    poses: [side({ ...hug(128, 178, [9, 84]), hold: 0.5 }), side({ ...hug(140, 170, [0, 100]), hold: 0.6 })],
  },
  'supine-twist': {
    view: 'top',
    // Bent knees dropped to one side, seen from above, look like hips opened wide, and both knees
    // turn the same way in the picture.
    limits: { hip: [-60, 100], knee: [-120, 120] },
    anchor: 'hip',
    move: 1.5,
    poses: [
      { ...kneesDropped(1), hold: 1.2 },
      { ...kneesDropped(-1), hold: 1.2 },
    ],
  },
};
