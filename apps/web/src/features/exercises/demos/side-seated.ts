// Side planks (seen from the front: the body on its side, top limbs above) and seated exercises.
import type { Demo } from './motion';
import { type Drawn, front, side } from './pose';

// The bottom leg keeps its length on the floor; the top one rests on it and follows.
const stacked = ['reach', 'plant'] as const;
const onForearm = [-90, 0] as const; // the support arm: elbow under the shoulder
const handOnHip = (torso: number) => [torso + 145, torso + 215] as const;

// arms and legs: [top, bottom] (the front view's image-left limbs are on top when the head is right).
// The support forearm lies on the floor pointing at the camera; it is drawn along the floor, which
// a front view reads as the elbow bending outward.
const FOREARM_DOWN = { elbow: [-95, 150] } as const;
const sidePlank: Drawn = {
  torso: 12,
  head: 14,
  arms: [[90, 90], onForearm],
  legs: [
    [196, 196],
    [192, 192],
  ],
};
const kneeling: Drawn = {
  torso: 20,
  head: 22,
  arms: [[200, 200], onForearm],
  legs: [
    [204, 152],
    [203, 150],
  ], // knees on the floor, the shins back behind the body
};

// The Russian twist faces the camera: leaning back on the sit bones, knees up in front of the
// body, the clasped hands swinging from beside one hip to beside the other.
const twistTo = (way: 1 | -1): Drawn => ({
  torso: 90 - 4 * way,
  head: 90 - 8 * way,
  arms:
    way === 1
      ? [
          [-46, -21],
          [-12, -120],
        ]
      : [
          [-168, -60],
          [-134, -159],
        ],
  legs: [
    [105, -105],
    [75, -75],
  ],
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
        arms: ['plant', 'plant'],
        legs: [[204, 152], 'plant'],
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
      front({ ...sidePlank, torso: [11, 14], head: 16, arms: ['plant', 'plant'], legs: stacked, hold: 0.7 }),
    ],
  },
  'side-plank-hip-dips': {
    view: 'front',
    limits: FOREARM_DOWN,
    anchor: 'hands',
    move: 0.8,
    poses: [
      front({ ...sidePlank, arms: [handOnHip(12), onForearm], hold: 0.2 }),
      front({
        torso: [24, 14],
        head: 16,
        arms: [handOnHip(14), 'plant'],
        legs: [[193, 193], 'plant'],
        hold: 0.2,
      }),
      front({
        torso: [2, 6],
        head: 8,
        arms: [handOnHip(6), 'plant'],
        legs: [[200, 200], 'plant'],
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
        arms: [[-100, -110], 'plant'],
        legs: [[198, 198], 'plant'],
        hold: 0.3,
      }),
    ],
  },
  'russian-twist': {
    view: 'front',
    legsInFront: true,
    scale: { lower: 0.85, upper: 0.85, thigh: 0.6, shin: 0.7 },
    // The thighs point at the camera, so seen from the front they rise from the hips and the
    // shins come back down: a hip 'opened' past 90° and a knee folded, in the picture only.
    limits: { hip: [-30, 175], knee: [0, 165] },
    anchor: 'hip',
    move: 0.7,
    poses: [front({ ...twistTo(1), hold: 0.2 }), front({ ...twistTo(-1), hold: 0.2 })],
  },
  'v-up-tuck': {
    view: 'side',
    anchor: 'hip',
    move: 0.8,
    poses: [
      side({
        torso: 140,
        head: 130,
        arms: [
          [10, 10],
          [10, 10],
        ],
        legs: [
          [18, 18, 50],
          [18, 18, 50],
        ],
        hold: 0.25,
      }),
      side({
        torso: 112,
        head: 102,
        arms: [
          [0, 0],
          [0, 0],
        ],
        legs: [
          [62, -30, 20],
          [62, -30, 20],
        ],
        hold: 0.35,
      }),
    ],
  },
  'l-sit-tuck-hold': {
    view: 'side',
    anchor: 'hands',
    move: 0.7,
    poses: [
      side({
        torso: 92,
        head: 88,
        arms: [
          [-115, -65],
          [-115, -65],
        ],
        legs: [
          [50, -60, 0],
          [50, -60, 0],
        ],
        hold: 0.4,
      }),
      side({
        torso: 95,
        head: 90,
        arms: [
          [-90, -90],
          [-90, -90],
        ],
        legs: [
          [50, -40],
          [50, -40],
        ],
        hold: 2.2,
      }),
    ],
  },
};
