// Side planks, seen from the front (the body on its side, the top limbs above the bottom ones), and
// the seated exercises.
import type { Demo } from './motion';
import { both, type Drawn, front, pair, side } from './pose';

const ON_FOREARM = [-90, 0] as const; // the support arm: elbow under the shoulder
const handOnHip = (torso: number) => [torso + 145, torso + 215] as const;
// The support forearm lies on the floor pointing at the camera; drawn along the floor, a front view
// reads it as the elbow bending outward.
const FOREARM_DOWN = { elbow: [-95, 150] } as const;

// arms and legs: [top, bottom] (with the head to the right, a front view's image-left limbs are on top).
const sidePlank: Drawn = {
  torso: 13.5,
  head: 15,
  arms: pair([90, 90], ON_FOREARM),
  legs: pair([197.5, 197.5], [193.5, 193.5]),
};
const kneeling: Drawn = {
  torso: 20,
  head: 22,
  arms: pair([200, 200], ON_FOREARM),
  legs: pair([204, 152], [203, 150]), // knees on the floor, the shins back behind the body
};
// The bottom leg keeps its length on the floor; the top one rests on it, drawn where it lies.
const onBottomLeg = (top: readonly [number, number]) => pair(top, 'plant' as const);

// The Russian twist faces the camera: leaning back on the sit bones, knees up and apart in front
// of the body, the clasped hands swinging from beside one hip to beside the other.
const twistTo = (way: 1 | -1) =>
  front({
    torso: 90 - 4 * way,
    head: 90 - 8 * way,
    arms: way === 1 ? pair([-46, -21], [-12, -120]) : pair([-168, -60], [-134, -159]),
    legs: pair([128, -98], [52, -82]),
  });

export const SIDE_AND_SEATED: Record<string, Demo> = {
  'side-plank-knees': {
    view: 'front',
    scale: { shin: 0.75 },
    // The shins point away from the camera: seen from the front both knees turn the same way.
    limits: { ...FOREARM_DOWN, knee: [-70, 70] },
    anchor: 'hands',
    move: 1.5,
    poses: [
      front({ ...kneeling, hold: 0.7 }),
      front({
        ...kneeling,
        torso: [19, 22],
        head: 24,
        arms: both('plant'),
        legs: onBottomLeg([204, 152]),
        hold: 0.7,
      }),
    ],
  },
  'side-plank': {
    view: 'front',
    limits: FOREARM_DOWN,
    anchor: 'hands',
    move: 1.5,
    poses: [
      front({ ...sidePlank, hold: 0.7 }),
      front({
        ...sidePlank,
        torso: [12.5, 15.5],
        head: 17,
        arms: both('plant'),
        legs: onBottomLeg([197.5, 197.5]),
        hold: 0.7,
      }),
    ],
  },
  'side-plank-hip-dips': {
    view: 'front',
    limits: FOREARM_DOWN,
    anchor: 'hands',
    move: 0.8,
    poses: [
      front({ ...sidePlank, arms: pair(handOnHip(13.5), ON_FOREARM), hold: 0.2 }),
      front({
        torso: [24, 14],
        head: 16,
        arms: pair(handOnHip(14), 'plant'),
        legs: onBottomLeg([193, 193]),
        hold: 0.2,
      }),
      front({
        torso: [2, 6],
        head: 8,
        arms: pair(handOnHip(6), 'plant'),
        legs: onBottomLeg([200, 200]),
        hold: 0.3,
      }),
    ],
  },
  'side-plank-with-reach-through': {
    view: 'front',
    limits: FOREARM_DOWN,
    anchor: 'hands',
    move: 1,
    poses: [
      front({ ...sidePlank, hold: 0.4 }),
      front({
        torso: [18, 10],
        head: 0,
        arms: pair([-100, -110], 'plant'),
        legs: onBottomLeg([198, 198]),
        hold: 0.3,
      }),
    ],
  },
  'russian-twist': {
    view: 'front',
    legsInFront: true,
    scale: { lower: 0.85, upper: 0.85, thigh: 0.6, shin: 0.6 },
    // The thighs point at the camera, so seen from the front they rise from the hips and the
    // shins come back down: a hip 'opened' past 90° and a knee folded, in the picture only.
    limits: { hip: [-30, 175], knee: [0, 165] },
    anchor: 'hip',
    move: 0.7,
    poses: [
      { ...twistTo(1), hold: 0.2 },
      { ...twistTo(-1), hold: 0.2 },
    ],
  },
  'v-up-tuck': {
    still: 1,
    view: 'side',
    anchor: 'hip',
    move: 0.8,
    poses: [
      side({ torso: 140, head: 130, arms: both([10, 10]), legs: both([18, 18, 50]), hold: 0.25 }),
      side({ torso: 112, head: 102, arms: both([0, 0]), legs: both([62, -30, 20]), hold: 0.35 }),
    ],
  },
  'l-sit-tuck-hold': {
    still: 1,
    view: 'side',
    anchor: 'hands',
    move: 0.7,
    poses: [
      // Seated, hands beside the hips; pressed up onto straight arms with the knees tucked, held.
      side({ torso: 92, head: 88, arms: both([-115, -65]), legs: both([50, -60, 0]), hold: 0.4 }),
      side({ torso: 95, head: 90, arms: both([-90, -90]), legs: both([50, -40]), hold: 2.2 }),
    ],
  },
};
