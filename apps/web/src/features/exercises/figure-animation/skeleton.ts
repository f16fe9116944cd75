// The one articulated figure every demonstration moves: its proportions, its joints, what a pose
// says and the limits a pose must keep. Lengths are in the demo's viewBox units (200 × 150, floor
// at y = FLOOR_Y); a standing figure is about 110 tall, proportioned after Drillis & Contini's
// segment lengths (thigh and shin about a quarter of the height each, torso about 0.3).

export const VIEW_W = 200;
export const VIEW_H = 150;
export const FLOOR_Y = 138;

/** Segment lengths, joint to joint. */
export const BONES = {
  lower: 14, // hip joint → waist
  upper: 17, // waist → shoulder line
  head: 12, // shoulder line → centre of the head
  upperArm: 19,
  forearm: 19, // elbow → knuckles: a hand has no segment of its own
  thigh: 28,
  shin: 27,
} as const;
export type Bone = keyof typeof BONES;

/** Drawn thicknesses (stroke widths); half of each is how far the body reaches past a joint. */
export const WIDTHS = { torso: 14, thigh: 10, shin: 8, upperArm: 8, forearm: 7, foot: 5 } as const;
export const HEAD_R = 8;
/** The foot in its ankle's frame (shin pointing down +y): heel behind, toes in front. */
export const HEEL = { x: -2, y: 3 } as const;
export const TOE = { x: 11, y: 3 } as const;
/** Front view: half the width between the shoulder joints and between the hip joints. */
export const HALF_SHOULDERS = 11;
export const HALF_HIPS = 6.5;

/**
 * How the camera sees the figure. 'side': facing right, the near limbs drawn dark over the torso
 * and the far ones light behind it. 'front': the chest toward the camera, left and right limbs
 * beside the torso (a side plank too: the body lies on its side, one shoulder above the other).
 * 'top': a front view seen from above, lying on a mat, with no floor line.
 */
export type View = 'side' | 'front' | 'top';

export type ArmAngles = readonly [shoulder: number, elbow: number];
export type LegAngles = readonly [hip: number, knee: number, ankle?: number];

/**
 * A whole-body pose, in degrees. Side view, facing right:
 * - pelvis: the direction hip → waist; 0 upright, 90 face down with the head right (a plank),
 *   -90 on the back with the head left.
 * - spine: + curls forward (a crunch), - arches back (a cobra). neck: + chin toward the chest.
 * - shoulder: + raises the arm forward and up (180 overhead), - takes it behind the body.
 *   elbow: + bends. hip: + brings the thigh forward (90 sitting), - behind. knee: + bends.
 *   ankle: + points the toes.
 * Front and top views: shoulder and hip are abduction (+ out to the side, - across), spine and
 * neck lean toward the image's right, elbow and knee bend inward.
 * arms and legs are [near, far] in a side view, [image left, image right] in a front view.
 */
export type Angles = {
  pelvis: number;
  spine: number;
  neck: number;
  arms: readonly [ArmAngles, ArmAngles];
  legs: readonly [LegAngles, LegAngles];
};

/** Human limits per joint, [min, max] in degrees: a pose outside them is a typo. */
export type Joint = 'spine' | 'neck' | 'shoulder' | 'elbow' | 'hip' | 'knee' | 'ankle';
export type Limits = Record<Joint, readonly [number, number]>;
export const LIMITS: Record<'side' | 'front', Limits> = {
  side: {
    spine: [-50, 75], // lumbar and thoracic together: a cobra's arch to a full curl
    neck: [-50, 70],
    shoulder: [-60, 185], // extension 60, flexion to overhead
    elbow: [0, 150],
    hip: [-30, 140], // extension 30 (a bird dog's lifted leg), flexion to the chest
    knee: [0, 160], // sitting back on the heels
    ankle: [-30, 80], // dorsiflexion 30; plantarflexion 80 with the top of the foot on the floor
  },
  front: {
    spine: [-35, 35], // side bend
    neck: [-35, 35],
    // Reaching across the chest, which a front view sees as the arm pointing to the other side.
    shoulder: [-110, 185],
    elbow: [0, 150],
    hip: [-30, 50], // crossing the other leg to a wide straddle
    knee: [0, 30], // a knee bends forward, so seen from the front it barely turns
    ankle: [-30, 80],
  },
};

/** Foreshortening for front and top views: a bone pointing at the camera looks shorter. */
export type BoneScale = Partial<Record<Bone, number>>;

export const lengthOf = (bone: Bone, scale: BoneScale | undefined) => BONES[bone] * (scale?.[bone] ?? 1);
